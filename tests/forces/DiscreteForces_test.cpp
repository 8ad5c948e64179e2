#include "articula/forces/DiscreteForces.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

TEST(DiscreteForces, StartAtZeroAndApplyWhatIsSet) {
  ChainModel model;
  auto& discrete = model.forces->addForce(std::make_unique<DiscreteForces>());
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s);
  auto f = testing::evalElement(discrete, s, matter);
  for (const SpatialVec& F : f.body) EXPECT_EQ(F, SpatialVec::Zero());
  EXPECT_EQ(f.mobility, Vector::Zero(matter.getNU()));

  const SpatialVec F2 = (SpatialVec() << 1, 2, 3, 4, 5, 6).finished();
  discrete.setOneBodyForce(s, model.bodies[2], F2);
  discrete.addTorqueToBody(s, 4, Vec3(0, 0, 1.5));
  discrete.setOneMobilityForce(s, model.bodies[3], 1, -2.0);
  model.system.realize(s, Stage::Position);
  discrete.addForceToBodyPoint(s, 4, Vec3(0.1, 0.2, 0.3), Vec3(0, 1, 0));
  model.system.realize(s, Stage::Velocity);
  f = testing::evalElement(discrete, s, matter);
  EXPECT_EQ(f.body[2], F2);
  const Vec3 arm = matter.getBodyTransform(s, 4).R() * Vec3(0.1, 0.2, 0.3);
  EXPECT_TRUE(Vec3(f.body[4].head<3>()).isApprox(Vec3(0, 0, 1.5) + arm.cross(Vec3(0, 1, 0)), 1e-14));
  EXPECT_EQ(Vec3(f.body[4].tail<3>()), Vec3(0, 1, 0));
  EXPECT_EQ(f.mobility[matter.getInfo(3).uStart + 1], -2.0);
  const Real p = discrete.calcPower(s, matter);
  EXPECT_NEAR(p, testing::powerFromForces(discrete, s, matter), 1e-13);
  EXPECT_EQ(discrete.calcNonConservativePower(s, matter), p);

  // The subsystem applies them at Dynamics.
  model.system.realize(s, Stage::Dynamics);
  EXPECT_EQ(matter.getAppliedBodyForces(s)[2], F2);
  discrete.clearAllForces(s);
  model.system.realize(s, Stage::Dynamics);
  EXPECT_EQ(matter.getAppliedBodyForces(s)[2], SpatialVec::Zero());
}

// The values live in the State: copies are independent, and a change invalidates Dynamics only.
TEST(DiscreteForces, ArePerStateAndInvalidateOnlyDynamics) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Slider block(ground, Transform(), testing::massBody(2, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& discrete = forces.addForce(std::make_unique<DiscreteForces>("handler"));
  State s = system.realizeTopology();
  system.realize(s, Stage::Acceleration);
  EXPECT_EQ(block.getUDot(s)[0], 0.0);
  State copy = s;
  Vector f(1);
  f << 5.0;
  discrete.setAllMobilityForces(s, f);
  EXPECT_EQ(s.getSystemStage(), Stage::Velocity);
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(block.getUDot(s)[0], 2.5, 1e-14);
  system.realize(copy, Stage::Acceleration);
  EXPECT_EQ(block.getUDot(copy)[0], 0.0) << "the copy keeps its own values";
  std::vector<SpatialVec> F(matter.getNumBodies(), SpatialVec::Zero());
  F[1].tail<3>() = Vec3(-4, 0, 0);
  discrete.setAllBodyForces(s, F);
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(block.getUDot(s)[0], 0.5, 1e-14);
  EXPECT_EQ(discrete.getAllBodyForces(s)[1], F[1]);
  EXPECT_EQ(discrete.getAllMobilityForces(s)[0], 5.0);
}

TEST(DiscreteForces, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  ChainModel model;
  auto& discrete = model.forces->addForce(std::make_unique<DiscreteForces>("push"));
  State early;
  std::string msg = errorMessage([&] { discrete.setOneBodyForce(early, 1, SpatialVec::Zero()); });
  EXPECT_TRUE(mentions(msg, {"DiscreteForces", "push", "realizeTopology"})) << msg;
  State s = model.system.realizeTopology();
  msg = errorMessage([&] { discrete.setOneBodyForce(s, 9, SpatialVec::Zero()); });
  EXPECT_TRUE(mentions(msg, {"push", "body 9"})) << msg;
  msg = errorMessage([&] { discrete.setOneMobilityForce(s, 1, 2, 1.0); });
  EXPECT_TRUE(mentions(msg, {"push", "whichU 2", "body 1"})) << msg;
  msg = errorMessage([&] { discrete.setOneMobilityForce(s, 1, 0, NAN); });
  EXPECT_TRUE(mentions(msg, {"push", "mobility force", "nan"})) << msg;
  msg = errorMessage([&] { discrete.setAllMobilityForces(s, Vector::Zero(2)); });
  EXPECT_TRUE(mentions(msg, {"push", "2 entries", "expected 5"})) << msg;
  msg = errorMessage([&] { discrete.setAllBodyForces(s, std::vector<SpatialVec>(3, SpatialVec::Zero())); });
  EXPECT_TRUE(mentions(msg, {"push", "3 entries", "expected 5"})) << msg;
  msg = errorMessage([&] { discrete.addTorqueToBody(s, 1, Vec3(0, NAN, 0)); });
  EXPECT_TRUE(mentions(msg, {"push", "torque", "nan"})) << msg;
  EXPECT_EQ(discrete.getAllMobilityForces(s), Vector::Zero(5)) << "a rejected write changes nothing";
}

}  // namespace
}  // namespace articula
