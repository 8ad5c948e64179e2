// Mobilizer reaction forces: the total force the parent exerts on the child through its
// mobilizer, from Newton-Euler on each subtree, reported at M's origin and expressed in Ground.
#include "MatterImpl.h"

namespace articula {

void MatterSubsystem::calcMobilizerReactionForces(const State& s, std::vector<SpatialVec>& forcesAtMInG) const {
  s.requireStage(Stage::Acceleration, "mobilizer reaction forces");
  const PositionCache& pc = positionCache(*this, s);
  const VelocityCache& vc = velocityCache(*this, s);
  const std::vector<SpatialVec>& applied = getAppliedBodyForces(s);
  const int nb = getNumBodies();
  std::vector<SpatialVec>& F = operatorScratch(*this, s).F;
  forcesAtMInG.resize(nb);
  forcesAtMInG[0].setZero();
  for (int b = nb - 1; b >= 1; --b) {
    F[b] = pc.M_G[b] * getBodyAcceleration(s, b) + vc.gyroscopic[b] - applied[b];
    for (int c : getInfo(b).children) F[b] += shiftForceToParent(F[c], pc.p_PB_G[c]);
    const Vec3 p_BoMo = pc.X_GB[b].R() * getInfo(b).X_BM.p();
    forcesAtMInG[b] = shiftForce(F[b], p_BoMo);
  }
}

}  // namespace articula
