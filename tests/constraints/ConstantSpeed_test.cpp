// ConstantSpeed: a pendulum chain whose middle joint turns at a constant rate; its multiplier is
// the torque inverse dynamics needs for the resulting motion; derivative checks.
#include <gtest/gtest.h>

#include "MobilityModels.h"

namespace articula::testing {
namespace {

TEST(ConstantSpeed, HeldSpeedAndInverseDynamicsTorque) {
  Chain c;
  const auto& cs = addConstraint<constraints::ConstantSpeed>(c.sys.updMatter(), "motor", c.links[1].getIndex(), 0, 2.0);
  c.sys.realizeTopology();
  const MatterSubsystem& m = c.sys.getMatter();
  const State s = c.movingState();
  EXPECT_NEAR(cs.getVelocityErrors(s)[0], 0, 1e-15);
  EXPECT_NEAR(m.getUDot(s)[1], 0, 1e-12);
  // Inverse dynamics of the computed motion: only the motor's mobility needs a force.
  EXPECT_LT(inverseDynamicsMinusConstraintForce(m, s, cs).norm(), 1e-10);
  std::vector<SpatialVec> F;
  Vector f;
  cs.calcConstraintForces(s, F, f);
  EXPECT_NEAR(f[0], 0, 1e-10);
  EXPECT_NEAR(f[2], 0, 1e-10);
  EXPECT_NEAR(cs.calcPower(s), f[1] * 2.0, 1e-10);  // a motor does work
}

TEST(ConstantSpeed, DerivativesOnRandomTrees) {
  checkDerivativesOnRandomTrees("ConstantSpeed",
                                {MobilizerKind::Pin, MobilizerKind::BallQuaternion, MobilizerKind::Planar}, 700,
                                [](MatterSubsystem& m) -> const Constraint& {
                                  return addConstraint<constraints::ConstantSpeed>(m, "speed", 3, 0, 0.4);
                                });
  MultibodySystem sys;
  EXPECT_THROW(addConstraint<constraints::ConstantSpeed>(sys.updMatter(), "s", 0, 0, 1.0), Error);
}

}  // namespace
}  // namespace articula::testing
