// Kinetic energy, momentum and mass centre of the whole tree.
#include "MatterImpl.h"

namespace articula {

Real MatterSubsystem::calcKineticEnergy(const State& s) const {
  const PositionCache& pc = positionCache(*this, s);
  const VelocityCache& vc = velocityCache(*this, s);
  Real ke = 0;
  for (int b = 1; b < getNumBodies(); ++b) ke += 0.5 * vc.V_GB[b].dot(pc.M_G[b] * vc.V_GB[b]);
  return ke;
}

Real MatterSubsystem::calcSystemMass() const {
  Real m = 0;
  for (int b = 1; b < getNumBodies(); ++b) m += getInfo(b).body.getMassProperties().mass();
  return m;
}

Vec3 MatterSubsystem::calcSystemMassCenterLocationInGround(const State& s) const {
  const PositionCache& pc = positionCache(*this, s);
  Real m = 0;
  Vec3 sum = Vec3::Zero();
  for (int b = 1; b < getNumBodies(); ++b) {
    m += pc.M_G[b].m;
    sum += pc.M_G[b].m * (pc.X_GB[b].p() + pc.M_G[b].p_OC);
  }
  if (m <= 0) throw Error("calcSystemMassCenterLocationInGround: the system has no mass");
  return sum / m;
}

SpatialVec MatterSubsystem::calcSystemMomentumAboutPoint(const State& s, const Vec3& p_GP) const {
  const PositionCache& pc = positionCache(*this, s);
  const VelocityCache& vc = velocityCache(*this, s);
  SpatialVec total = SpatialVec::Zero();
  for (int b = 1; b < getNumBodies(); ++b) {
    const SpatialVec h_Bo = pc.M_G[b] * vc.V_GB[b];  // [angular about Bo; linear]
    total += shiftForce(h_Bo, p_GP - pc.X_GB[b].p());
  }
  return total;
}

}  // namespace articula
