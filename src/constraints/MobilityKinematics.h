// Private: coordinate rates of one mobilizer coordinate for constraints written on q or u.
// qdot = N(q) u and qddot = N udot + NDot(q, u) u, one coordinate at a time (nq, nu <= 7).
#pragma once
#include "articula/matter/MatterSubsystem.h"

namespace articula::constraint_kinematics {

inline Real coordinateRate(const Mobilizer& mob, const Real* q, const Real* u, int i) {
  SmallVector qdot(mob.nq());
  mob.multiplyByN(q, u, qdot.data());
  return qdot[i];
}

inline Real coordinateAcceleration(const Mobilizer& mob, const Real* q, const Real* u, const Real* udot, int i) {
  SmallVector a(mob.nq()), b(mob.nq());
  mob.multiplyByN(q, udot, a.data());
  mob.multiplyByNDot(q, u, u, b.data());
  return a[i] + b[i];
}

// f[j] += scale * N(i, j) for the mobilizer's speeds j: the generalized force of a unit
// multiplier on coordinate i.
inline void addCoordinateForce(const Mobilizer& mob, const Real* q, int i, Real scale, Real* f) {
  SmallVector e = SmallVector::Zero(mob.nu()), column(mob.nq());
  for (int j = 0; j < mob.nu(); ++j) {
    e[j] = 1;
    mob.multiplyByN(q, e.data(), column.data());
    f[j] += scale * column[i];
    e[j] = 0;
  }
}

}  // namespace articula::constraint_kinematics
