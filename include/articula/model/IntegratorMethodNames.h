// The scenario's integrator is an IntegratorMethod (the integrators' registry names them,
// IntegratorMethod.h); its kind table here is a view of that registry, so readers, writers and
// messages use kindNamed(), kindList() and nameOf() as for every other kind.
#pragma once
#include "articula/integrators/IntegratorMethod.h"
#include "articula/model/KindNames.h"

namespace articula::model {

template <>
const std::vector<KindName<IntegratorMethod>>& kindTable<IntegratorMethod>();  // src/model/IntegratorMethodNames.cpp

}  // namespace articula::model
