// Checked access to a State from a binding: the State synchronized with its views, made by
// `system`, and realized to `need` (StageError naming `what` otherwise).
#pragma once
#include "Bindings.h"

namespace articula::python {

const State& realizedState(PyState& s, const System& system, Stage need, const char* what);

}  // namespace articula::python
