#include "articula/forces/TwoPointConstantForce.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

TEST(TwoPointConstantForce, PushesApartAlongTheLine) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Translation ball(ground, Transform(), testing::massBody(2, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& push = forces.addForce(std::make_unique<TwoPointConstantForce>(ground, Vec3(1, 1, 0), ball, Vec3::Zero(), 6.0));
  State s = system.realizeTopology();
  ball.setQ(s, Vec3(4, 5, 0));  // 3-4-5 triangle from (1, 1, 0)
  ball.setU(s, Vec3(0.3, 0.4, 0.1));
  system.realize(s, Stage::Acceleration);
  EXPECT_TRUE(Vec3(s.getUDot()).isApprox(Vec3(6 * 0.6 / 2, 6 * 0.8 / 2, 0), 1e-12)) << s.getUDot().transpose();
  EXPECT_NEAR(push.calcPotentialEnergy(s, matter), -6 * 5, 1e-12);
  EXPECT_NEAR(push.calcPower(s, matter), 6 * (0.6 * 0.3 + 0.8 * 0.4), 1e-12);
  ball.setQ(s, Vec3(1, 1, 0));  // coincident: no direction, no force
  system.realize(s, Stage::Acceleration);
  EXPECT_EQ(Vec3(s.getUDot()), Vec3::Zero());
  EXPECT_EQ(push.calcPotentialEnergy(s, matter), 0.0);
}

TEST(TwoPointConstantForce, PotentialGradientIsGeneralizedForceAndPowerMatches) {
  ChainModel model;
  auto& pull = model.forces->addForce(
      std::make_unique<TwoPointConstantForce>(1, Vec3(0.1, 0.2, -0.1), 4, Vec3(-0.2, 0.1, 0.3), -9.0));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 3; ++trial) {
    testing::setSomeMotion(model.system, s, 0.9 * trial);
    const Vector f = testing::generalizedForce(pull, s, matter);
    const Vector grad = testing::potentialGradient(pull, model.system, s);
    EXPECT_LT((f + grad).norm(), 1e-7 * (1 + f.norm()));
    const Real p = pull.calcPower(s, matter);
    EXPECT_NEAR(p, testing::powerFromForces(pull, s, matter), 1e-12 * (1 + std::abs(p)));
    EXPECT_NEAR(p, -testing::potentialRate(pull, model.system, s), 1e-7 * (1 + std::abs(p)));
    EXPECT_EQ(pull.calcNonConservativePower(s, matter), 0.0);
  }
}

TEST(TwoPointConstantForce, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { TwoPointConstantForce(0, Vec3::Zero(), 1, Vec3::Zero(), NAN, "strut"); });
  EXPECT_TRUE(mentions(msg, {"TwoPointConstantForce", "strut", "force", "nan"})) << msg;
  ChainModel model;
  model.forces->addForce(std::make_unique<TwoPointConstantForce>(2, Vec3::Zero(), 7, Vec3::Zero(), 1, "strut"));
  msg = errorMessage([&] { model.system.realizeTopology(); });
  EXPECT_TRUE(mentions(msg, {"strut", "body 2", "7"})) << msg;
}

}  // namespace
}  // namespace articula
