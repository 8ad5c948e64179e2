// Angular kinematics of body-fixed x-y-z angles with u = qdot, shared by Gimbal and Bushing.
// R_FM = Rx(a) Ry(b) Rz(c), so w_FM = adot x + bdot (Rx y) + cdot (Rx Ry z), all in F; the
// columns of H_w are those three axes. Singular at b = +-pi/2, where x and Rx Ry z align.
#pragma once
#include <cmath>

#include "articula/math/Types.h"

namespace articula::mobilizers::detail {

// Fills rows 0-2 of columns col..col+2 of H_FM with H_w; leaves the linear rows alone.
inline void bodyFixedXYZ_Hw(const Real* q, HMatrix& H_FM, int col) {
  const Real sa = std::sin(q[0]), ca = std::cos(q[0]);
  const Real sb = std::sin(q[1]), cb = std::cos(q[1]);
  H_FM.block<3, 3>(0, col) << 1, 0, sb, 0, ca, -sa * cb, 0, sa, ca * cb;
}

// d/dt of the H_w above along qdot = u.
inline void bodyFixedXYZ_HDotw(const Real* q, const Real* u, HMatrix& HDot_FM, int col) {
  const Real sa = std::sin(q[0]), ca = std::cos(q[0]);
  const Real sb = std::sin(q[1]), cb = std::cos(q[1]);
  const Real ad = u[0], bd = u[1];
  HDot_FM.block<3, 3>(0, col) << 0, 0, cb * bd, 0, -sa * ad, -ca * cb * ad + sa * sb * bd, 0, ca * ad,
      -sa * cb * ad - ca * sb * bd;
}

}  // namespace articula::mobilizers::detail
