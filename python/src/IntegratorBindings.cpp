// Integrators: bound by a later change.
#include "Bindings.h"

namespace articula::python {

void bindIntegrators(py::module_&) {}

}  // namespace articula::python
