// Station Jacobians with respect to q (include/articula/model/StationJacobian.h).
#include "articula/model/StationJacobian.h"

#include "articula/matter/MatterSubsystem.h"

namespace articula::model {

Matrix calcNInv(const MatterSubsystem& matter, const State& s) {
  Matrix NInv(matter.getNU(), matter.getNQ());
  Vector e = Vector::Zero(matter.getNQ()), u(matter.getNU());
  for (int k = 0; k < matter.getNQ(); ++k) {
    e[k] = 1;
    matter.multiplyByNInv(s, e, u);
    NInv.col(k) = u;
    e[k] = 0;
  }
  return NInv;
}

void calcStationQJacobian(const MatterSubsystem& matter, const State& s, int mobod, const Vec3& p_B, const Matrix& NInv,
                          Matrix& dpdq) {
  if (mobod == 0) {
    dpdq.setZero(3, matter.getNQ());
    return;
  }
  Matrix JS;
  matter.calcStationJacobian(s, mobod, p_B, JS);  // 3 x nu
  dpdq.noalias() = JS * NInv;
}

}  // namespace articula::model
