#include "articula/forces/TwoPointLinearDamper.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"
#include "articula/forces/Gravity.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

// A block sliding along x, tied by the damper to a Ground point on its line: force -c v.
TEST(TwoPointLinearDamper, ForceIsMinusCTimesSpeedAlongTheLine) {
  const Real m = 2.0, c = 3.0;
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Slider block(ground, Transform(), testing::massBody(m, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& damper = forces.addForce(
      std::make_unique<TwoPointLinearDamper>(ground, Vec3(-1, 0, 0), block, Vec3::Zero(), c));
  State s = system.realizeTopology();
  for (Real v : {0.7, -1.3}) {
    block.setOneQ(s, 0, 0.4);
    block.setOneU(s, 0, v);
    system.realize(s, Stage::Acceleration);
    EXPECT_NEAR(block.getUDot(s)[0], -c * v / m, 1e-12);
    EXPECT_NEAR(damper.calcLengthRate(s, matter), v, 1e-12);
    EXPECT_NEAR(damper.calcPower(s, matter), -c * v * v, 1e-12);
  }
}

// Motion across the line changes no length, so the damper does nothing.
TEST(TwoPointLinearDamper, IgnoresMotionAcrossTheLine) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Translation ball(ground, Transform(), testing::massBody(1, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& damper = forces.addForce(std::make_unique<TwoPointLinearDamper>(0, Vec3::Zero(), 1, Vec3::Zero(), 5.0));
  State s = system.realizeTopology();
  ball.setQ(s, Vec3(1, 0, 0));
  ball.setU(s, Vec3(0, 2, -1));
  system.realize(s, Stage::Velocity);
  EXPECT_LT(testing::evalElement(damper, s, matter).body[1].norm(), 1e-14);
  ball.setQ(s, Vec3::Zero());  // coincident stations: no line, no force, no NaN
  system.realize(s, Stage::Velocity);
  EXPECT_EQ(testing::evalElement(damper, s, matter).body[1], SpatialVec::Zero());
  EXPECT_EQ(damper.calcPower(s, matter), 0.0);
}

TEST(TwoPointLinearDamper, PowerMatchesDefinitionAndIsDissipative) {
  ChainModel model;
  auto& damper = model.forces->addForce(
      std::make_unique<TwoPointLinearDamper>(1, Vec3(0.2, 0.1, 0.0), 4, Vec3(0.0, -0.3, 0.2), 7.0));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 4; ++trial) {
    testing::setSomeMotion(model.system, s, 1.1 * trial);
    const Real p = damper.calcPower(s, matter);
    EXPECT_NEAR(p, testing::powerFromForces(damper, s, matter), 1e-12 * (1 + std::abs(p)));
    EXPECT_LE(p, 0.0);
    EXPECT_EQ(damper.calcNonConservativePower(s, matter), p);
    EXPECT_EQ(damper.calcPotentialEnergy(s, matter), 0.0);
  }
}

// A pendulum under gravity with a damper from a Ground point to its bob: integrated with RK4,
// KE + PE - (work of the damper) stays constant while a good part of the energy is dissipated.
TEST(TwoPointLinearDamper, DampedPendulumEnergyBookkeepingCloses) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Pin link(ground, Transform(), testing::massBody(1.0, Vec3(0, -0.5, 0), Vec3(0.01, 0.01, 0.02)),
                          Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  forces.addForce(std::make_unique<TwoPointLinearDamper>(ground, Vec3(0.6, -0.3, 0), link, Vec3(0, -0.5, 0), 0.8));
  State s = system.realizeTopology();
  link.setOneQ(s, 0, 1.2);
  const auto run = testing::runRK4(system, forces, s, 1e-3, 3000);
  EXPECT_LT(run.work, -0.5) << "the damper must remove energy";
  EXPECT_LT(run.maxDrift, 1e-9 * std::abs(run.energy0) + 1e-10) << "E0 " << run.energy0 << " W " << run.work;
}

TEST(TwoPointLinearDamper, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { TwoPointLinearDamper(0, Vec3::Zero(), 1, Vec3::Zero(), -2, "shock"); });
  EXPECT_TRUE(mentions(msg, {"TwoPointLinearDamper", "shock", "damping", "-2"})) << msg;
  msg = errorMessage([] { TwoPointLinearDamper(0, Vec3::Zero(), 1, Vec3::Zero(), NAN, "shock"); });
  EXPECT_TRUE(mentions(msg, {"shock", "damping", "nan"})) << msg;
  ChainModel model;
  model.forces->addForce(std::make_unique<TwoPointLinearDamper>(-1, Vec3::Zero(), 2, Vec3::Zero(), 1, "shock"));
  msg = errorMessage([&] { model.system.realizeTopology(); });
  EXPECT_TRUE(mentions(msg, {"shock", "body 1", "-1"})) << msg;
}

}  // namespace
}  // namespace articula
