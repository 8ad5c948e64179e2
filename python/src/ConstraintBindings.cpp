// Constraints: bound by a later change.
#include "Bindings.h"

namespace articula::python {

void bindConstraints(py::module_&) {}

}  // namespace articula::python
