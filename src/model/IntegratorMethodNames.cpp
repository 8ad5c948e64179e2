// The kind table of IntegratorMethod: the integrators' registry, as the model layer's tables are.
#include "articula/model/IntegratorMethodNames.h"

namespace articula::model {

template <>
const std::vector<KindName<IntegratorMethod>>& kindTable<IntegratorMethod>() {
  static const std::vector<KindName<IntegratorMethod>> table = [] {
    std::vector<KindName<IntegratorMethod>> t;
    for (const IntegratorMethod m : integratorMethods()) t.push_back({m, integratorName(m)});
    return t;
  }();
  return table;
}

}  // namespace articula::model
