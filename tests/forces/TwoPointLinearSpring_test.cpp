#include "articula/forces/TwoPointLinearSpring.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"
#include "articula/forces/Gravity.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

// -dPE/dq equals J^T F on a chain with N = I, between two moving bodies and Ground-to-body.
TEST(TwoPointLinearSpring, PotentialGradientIsGeneralizedForce) {
  ChainModel model;
  auto& s14 = model.forces->addForce(
      std::make_unique<TwoPointLinearSpring>(1, Vec3(0.1, 0.2, -0.1), 4, Vec3(-0.2, 0.1, 0.3), 35.0, 0.3, "s14"));
  auto& s03 = model.forces->addForce(
      std::make_unique<TwoPointLinearSpring>(0, Vec3(0.5, -0.2, 0.1), 3, Vec3(0.1, 0.0, -0.2), 12.0, 0.0, "s03"));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 3; ++trial) {
    testing::setSomeMotion(model.system, s, trial);
    for (const ForceElement* e : {static_cast<const ForceElement*>(&s14), static_cast<const ForceElement*>(&s03)}) {
      const Vector f = testing::generalizedForce(*e, s, matter);
      const Vector grad = testing::potentialGradient(*e, model.system, s);
      EXPECT_LT((f + grad).norm(), 1e-7 * (1 + f.norm())) << e->getName() << " f " << f.transpose();
    }
  }
}

// The same along qdot = N u on orientation joints (quaternions, Euler balls, a reversed ball).
TEST(TwoPointLinearSpring, ForceIsPotentialGradientAlongNu) {
  testing::OrientationModel model;
  auto& spring = model.forces->addForce(
      std::make_unique<TwoPointLinearSpring>(1, Vec3(0.1, 0.2, -0.1), 5, Vec3(-0.2, 0.1, 0.3), 20.0, 0.1));
  State s = model.system.realizeTopology();
  testing::setSomeMotion(model.system, s, 0.7);
  const Vector f = testing::generalizedForce(spring, s, model.system.getMatter());
  const Vector d = testing::potentialDerivativeAlongU(spring, model.system, s);
  EXPECT_LT((f + d).norm(), 1e-7 * (1 + f.norm())) << "f " << f.transpose() << "\n-dPE " << -d.transpose();
}

TEST(TwoPointLinearSpring, PowerMatchesDefinitionAndIsMinusPotentialRate) {
  ChainModel model;
  auto& spring = model.forces->addForce(
      std::make_unique<TwoPointLinearSpring>(2, Vec3(0.1, -0.2, 0.0), 4, Vec3(0.3, 0.1, 0.1), 50.0, 0.2));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 3; ++trial) {
    testing::setSomeMotion(model.system, s, 2.0 * trial);
    const Real p = spring.calcPower(s, matter);
    EXPECT_NEAR(p, testing::powerFromForces(spring, s, matter), 1e-12 * (1 + std::abs(p)));
    EXPECT_NEAR(p, -testing::potentialRate(spring, model.system, s), 1e-7 * (1 + std::abs(p)));
    EXPECT_EQ(spring.calcNonConservativePower(s, matter), 0.0);
  }
}

// A block on a Slider (along Ground's x) tied to Ground's origin: udot = -k/m (x - L0), and RK4
// over one period 2 pi sqrt(m/k) returns it to its start.
TEST(TwoPointLinearSpring, SpringMassOscillatesWithAnalyticPeriod) {
  const Real m = 2.5, k = 40, L0 = 0.5;
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Slider block(ground, Transform(), testing::massBody(m, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& spring = forces.addForce(
      std::make_unique<TwoPointLinearSpring>(ground, Vec3::Zero(), block, Vec3::Zero(), k, L0));
  State s = system.realizeTopology();
  for (Real x : {0.3, 0.5, 0.8}) {
    block.setOneQ(s, 0, x);
    system.realize(s, Stage::Acceleration);
    EXPECT_NEAR(block.getUDot(s)[0], -k / m * (x - L0), 1e-12);
    EXPECT_NEAR(spring.calcTension(s, matter), k * (x - L0), 1e-12);
  }
  block.setOneQ(s, 0, L0 + 0.1);
  block.setOneU(s, 0, 0);
  const Real period = 2 * M_PI * std::sqrt(m / k);
  const int steps = 2000;
  const auto run = testing::runRK4(system, forces, s, period / steps, steps);
  EXPECT_NEAR(block.getOneQ(s, 0), L0 + 0.1, 1e-9);
  EXPECT_NEAR(block.getOneU(s, 0), 0.0, 1e-8);
  EXPECT_LT(run.maxDrift, 1e-10) << "a conservative spring has no non-conservative work";
}

// With L0 > 0 and coincident stations the direction is undefined: no force and no NaN. With
// L0 = 0 the force is -k r, smooth through r = 0.
TEST(TwoPointLinearSpring, ZeroLengthIsSafe) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Translation ball(ground, Transform(), testing::massBody(1, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& slack = forces.addForce(
      std::make_unique<TwoPointLinearSpring>(0, Vec3::Zero(), 1, Vec3::Zero(), 10, 0.2, "slack"));
  auto& zero = forces.addForce(
      std::make_unique<TwoPointLinearSpring>(0, Vec3::Zero(), 1, Vec3::Zero(), 10, 0.0, "zero"));
  State s = system.realizeTopology();
  for (const Vec3& p : {Vec3(0, 0, 0), Vec3(1e-300, 0, 0), Vec3(3e-9, -1e-9, 2e-9)}) {
    ball.setQ(s, p);
    ball.setU(s, Vec3(0.3, -0.1, 0.2));
    system.realize(s, Stage::Acceleration);
    EXPECT_TRUE(s.getUDot().allFinite()) << p.transpose();
    const auto fz = testing::evalElement(zero, s, matter);
    EXPECT_TRUE(fz.body[1].tail<3>().isApprox(-10 * p, 1e-12) || p.isZero()) << p.transpose();
    EXPECT_TRUE(std::isfinite(slack.calcPower(s, matter)));
    EXPECT_NEAR(slack.calcPotentialEnergy(s, matter), 0.5 * 10 * 0.04, 1e-7);
  }
  ball.setQ(s, Vec3::Zero());
  system.realize(s, Stage::Velocity);
  EXPECT_EQ(testing::evalElement(slack, s, matter).body[1], SpatialVec::Zero());
}

TEST(TwoPointLinearSpring, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { TwoPointLinearSpring(0, Vec3::Zero(), 1, Vec3::Zero(), -3, 0.1, "psoas"); });
  EXPECT_TRUE(mentions(msg, {"TwoPointLinearSpring", "psoas", "stiffness", "-3"})) << msg;
  msg = errorMessage([] { TwoPointLinearSpring(0, Vec3::Zero(), 1, Vec3::Zero(), 3, NAN, "psoas"); });
  EXPECT_TRUE(mentions(msg, {"psoas", "natural length", "nan"})) << msg;
  msg = errorMessage([] { TwoPointLinearSpring(0, Vec3::Zero(), 1, Vec3::Zero(), 3, -0.5, "psoas"); });
  EXPECT_TRUE(mentions(msg, {"psoas", "natural length", "-0.5"})) << msg;
  msg = errorMessage([] { TwoPointLinearSpring(0, Vec3(0, INFINITY, 0), 1, Vec3::Zero(), 3, 0.5, "psoas"); });
  EXPECT_TRUE(mentions(msg, {"psoas", "station 1", "inf"})) << msg;
  ChainModel model;
  model.forces->addForce(std::make_unique<TwoPointLinearSpring>(1, Vec3::Zero(), 12, Vec3::Zero(), 3, 0.5, "psoas"));
  msg = errorMessage([&] { model.system.realizeTopology(); });
  EXPECT_TRUE(mentions(msg, {"psoas", "body 2", "12"})) << msg;
}

}  // namespace
}  // namespace articula
