// Contact: bound by a later change.
#include "Bindings.h"

namespace articula::python {

void bindContact(py::module_&) {}

}  // namespace articula::python
