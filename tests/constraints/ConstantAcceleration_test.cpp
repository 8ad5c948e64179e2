// ConstantAcceleration: a held generalized acceleration; two contradictory ones give the
// least-residual answer (their mean) and count as an inconsistent solve.
#include <gtest/gtest.h>

#include "MobilityModels.h"

namespace articula::testing {
namespace {

TEST(ConstantAcceleration, HeldAccelerationAndInverseDynamics) {
  Chain c;
  const auto& ca = addConstraint<constraints::ConstantAcceleration>(c.sys.updMatter(), "drive", c.links[0].getIndex(),
                                                                    0, -1.5);
  c.sys.realizeTopology();
  const MatterSubsystem& m = c.sys.getMatter();
  const State s = c.movingState();
  EXPECT_NEAR(m.getUDot(s)[0], -1.5, 1e-12);
  EXPECT_NEAR(ca.getAccelerationErrors(s)[0], 0, 1e-12);
  EXPECT_LT(inverseDynamicsMinusConstraintForce(m, s, ca).norm(), 1e-10);
}

TEST(ConstantAcceleration, ContradictoryTargetsGiveTheLeastResidualAnswer) {
  TwoRotors r;
  MatterSubsystem& m = r.sys.updMatter();
  addConstraint<constraints::ConstantAcceleration>(m, "a", r.r1.getIndex(), 0, 1.0);
  addConstraint<constraints::ConstantAcceleration>(m, "b", r.r1.getIndex(), 0, 3.0);
  r.sys.realizeTopology();
  State s = r.sys.getDefaultState();
  r.sys.realize(s, Stage::Acceleration);
  EXPECT_NEAR(m.getUDot(s)[0], 2.0, 1e-12);
  EXPECT_EQ(ConstraintSet::get(m).getStatistics().inconsistentSolves, 1);
}

}  // namespace
}  // namespace articula::testing
