#include "articula/forces/MobilityLinearDamper.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

TEST(MobilityLinearDamper, ForceIsMinusCUOnItsOwnMobility) {
  ChainModel model;
  auto& damper = model.forces->addForce(std::make_unique<MobilityLinearDamper>(model.bodies[3], 1, 2.5));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s);
  const auto f = testing::evalElement(damper, s, matter);
  const int ui = matter.getInfo(3).uStart + 1;
  Vector expected = Vector::Zero(matter.getNU());
  expected[ui] = -2.5 * matter.getU(s)[ui];
  EXPECT_EQ(f.mobility, expected);
  for (const SpatialVec& F : f.body) EXPECT_EQ(F, SpatialVec::Zero());
  const Real p = damper.calcPower(s, matter);
  EXPECT_NEAR(p, testing::powerFromForces(damper, s, matter), 1e-14);
  EXPECT_NEAR(p, -2.5 * matter.getU(s)[ui] * matter.getU(s)[ui], 1e-14);
  EXPECT_EQ(damper.calcNonConservativePower(s, matter), p);
}

// A slider block with only the damper decays as v(t) = v0 exp(-c t / m).
TEST(MobilityLinearDamper, BlockSpeedDecaysExponentially) {
  const Real m = 2, c = 3;
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Slider block(ground, Transform(), testing::massBody(m, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<MobilityLinearDamper>(block, 0, c));
  State s = system.realizeTopology();
  block.setOneU(s, 0, 1.5);
  const auto run = testing::runRK4(system, forces, s, 1e-3, 1000);
  EXPECT_NEAR(block.getOneU(s, 0), 1.5 * std::exp(-c / m * 1.0), 1e-10);
  EXPECT_LT(run.maxDrift, 1e-12);
  EXPECT_NEAR(run.work, 0.5 * m * (block.getOneU(s, 0) * block.getOneU(s, 0) - 1.5 * 1.5), 1e-10);
}

TEST(MobilityLinearDamper, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { MobilityLinearDamper(1, 0, -0.5, "hip"); });
  EXPECT_TRUE(mentions(msg, {"MobilityLinearDamper", "hip", "damping", "-0.5"})) << msg;
  msg = errorMessage([] { MobilityLinearDamper(1, 0, INFINITY, "hip"); });
  EXPECT_TRUE(mentions(msg, {"hip", "damping", "inf"})) << msg;
  ChainModel model;
  model.forces->addForce(std::make_unique<MobilityLinearDamper>(2, 3, 1, "hip"));
  msg = errorMessage([&] { model.system.realizeTopology(); });
  EXPECT_TRUE(mentions(msg, {"hip", "whichU 3", "body 2"})) << msg;
}

}  // namespace
}  // namespace articula
