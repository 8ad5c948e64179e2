// Study: bound by a later change.
#include "Bindings.h"

namespace articula::python {

void bindStudy(py::module_&) {}

}  // namespace articula::python
