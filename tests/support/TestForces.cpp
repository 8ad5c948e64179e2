#include "support/TestForces.h"

#include <memory>

namespace articula::testing {

void TestForces::addGravity(const State& state, std::vector<SpatialVec>& F) const {
  for (int b = 1; b < matter_.getNumBodies(); ++b) {
    const MassProperties& mp = matter_.getInfo(b).body.getMassProperties();
    const Transform& X_GB = matter_.getBodyTransform(state, b);
    const Vec3 f = mp.mass() * gravity;
    const Vec3 r = X_GB.R() * mp.massCenter();  // Bo to the mass centre, in G
    F[b] += spatialVec(r.cross(f), f);
  }
}

void TestForces::addInForces(const State& state, std::vector<SpatialVec>& F, Vector& f) const {
  addGravity(state, F);
  for (size_t b = 0; b < bodyForces_G.size(); ++b) F[b] += bodyForces_G[b];
  if (mobilityForces.size() > 0) f += mobilityForces;
}

Real TestForces::calcPotentialEnergy(const State& state) const {
  Real pe = 0;
  for (int b = 1; b < matter_.getNumBodies(); ++b) {
    const MassProperties& mp = matter_.getInfo(b).body.getMassProperties();
    pe -= mp.mass() * gravity.dot(matter_.getBodyTransform(state, b) * mp.massCenter());
  }
  return pe;
}

TestForces& addTestForces(MultibodySystem& system) {
  return system.addForceSubsystem(std::make_unique<TestForces>(system.getMatter()));
}

}  // namespace articula::testing
