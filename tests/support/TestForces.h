// A force subsystem for tests: uniform gravity plus constant body and mobility forces. The force
// library proper is its own layer; the operator tests need only these, and need to know exactly
// what was applied so that dense cross-checks can apply the same forces by hand.
#pragma once
#include <vector>

#include "articula/matter/MultibodySystem.h"

namespace articula::testing {

class TestForces : public ForceSubsystem {
 public:
  explicit TestForces(const MatterSubsystem& matter) : ForceSubsystem("test forces"), matter_(matter) {}

  // Configure before realizing a State: these values are not state variables, so a State already
  // past Dynamics would not see a change.
  Vec3 gravity = Vec3::Zero();
  std::vector<SpatialVec> bodyForces_G;  // per body index, about Bo, in G; empty means none
  Vector mobilityForces;                 // length nu; empty means none

  void addInForces(const State& state, std::vector<SpatialVec>& bodyForces_G, Vector& mobilityForces) const override;
  // Gravity alone (m g at the mass centre, moment about Bo); needs Position.
  void addGravity(const State& state, std::vector<SpatialVec>& bodyForces_G) const;
  Real calcPotentialEnergy(const State& state) const override;

 private:
  const MatterSubsystem& matter_;
};

// Adds a TestForces to `system` (before realizeTopology) and returns it.
TestForces& addTestForces(MultibodySystem& system);

}  // namespace articula::testing
