#include "articula/forces/MobilityLinearStop.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

struct PinModel {
  MultibodySystem system;
  GeneralForceSubsystem* forces;
  MobilizedBody link;
  PinModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    link = MobilizedBody::Pin(ground, Transform(), testing::massBody(1.0, Vec3(0.3, 0, 0), Vec3(0.01, 0.01, 0.02)),
                              Transform());
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

TEST(MobilityLinearStop, ZeroInsideAndContinuousAtTheBounds) {
  PinModel model;
  auto& stop = model.forces->addForce(std::make_unique<MobilityLinearStop>(model.link, 0, -0.5, 0.8, 100, 0.3));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (Real u : {-2.0, 0.0, 3.0}) {
    model.link.setOneU(s, 0, u);
    for (Real q : {-0.5, -0.2, 0.0, 0.5, 0.8}) {
      model.link.setOneQ(s, 0, q);
      model.system.realize(s, Stage::Velocity);
      EXPECT_EQ(stop.calcCoordinateForce(s, matter), 0.0) << "q " << q << " u " << u;
      EXPECT_EQ(stop.calcPotentialEnergy(s, matter), 0.0);
      EXPECT_EQ(stop.calcPower(s, matter), 0.0);
    }
    // Just outside, the force is O(penetration) whatever the speed: continuous at the bound.
    for (Real eps : {1e-3, 1e-6, 1e-9}) {
      model.link.setOneQ(s, 0, 0.8 + eps);
      model.system.realize(s, Stage::Velocity);
      EXPECT_LE(std::abs(stop.calcCoordinateForce(s, matter)), 100 * eps * (1 + 0.3 * std::abs(u)) * (1 + 1e-6));
      model.link.setOneQ(s, 0, -0.5 - eps);
      model.system.realize(s, Stage::Velocity);
      EXPECT_LE(std::abs(stop.calcCoordinateForce(s, matter)), 100 * eps * (1 + 0.3 * std::abs(u)) * (1 + 1e-6));
    }
  }
}

// Outside the upper bound the force is -k x (1 + d xdot); below the lower one +k x (1 + d xdot);
// it never pulls, however fast the coordinate leaves the stop.
TEST(MobilityLinearStop, HuntCrossleyForceNeverPulls) {
  PinModel model;
  const Real k = 100, d = 0.3;
  auto& stop = model.forces->addForce(std::make_unique<MobilityLinearStop>(model.link, 0, -0.5, 0.8, k, d));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  model.link.setOneQ(s, 0, 0.9);
  model.link.setOneU(s, 0, 2.0);  // going deeper
  model.system.realize(s, Stage::Velocity);
  EXPECT_NEAR(stop.calcCoordinateForce(s, matter), -k * 0.1 * (1 + d * 2.0), 1e-12);
  model.link.setOneU(s, 0, -2.0);  // leaving
  model.system.realize(s, Stage::Velocity);
  EXPECT_NEAR(stop.calcCoordinateForce(s, matter), -k * 0.1 * (1 - d * 2.0), 1e-12);
  model.link.setOneU(s, 0, -10.0);  // leaving faster than the stop springs back: zero, not a pull
  model.system.realize(s, Stage::Velocity);
  EXPECT_EQ(stop.calcCoordinateForce(s, matter), 0.0);
  EXPECT_LE(stop.calcNonConservativePower(s, matter), 0.0);
  model.link.setOneQ(s, 0, -0.7);
  model.link.setOneU(s, 0, -1.0);  // deeper below the lower bound
  model.system.realize(s, Stage::Velocity);
  EXPECT_NEAR(stop.calcCoordinateForce(s, matter), k * 0.2 * (1 + d * 1.0), 1e-12);
  model.link.setOneU(s, 0, 50.0);
  model.system.realize(s, Stage::Velocity);
  EXPECT_EQ(stop.calcCoordinateForce(s, matter), 0.0);
}

// At rest the stop is a spring with PE k x^2 / 2; in motion its power matches the definition and
// its non-conservative part is never positive.
TEST(MobilityLinearStop, PotentialAndPowerAreConsistent) {
  ChainModel model;
  auto& stop = model.forces->addForce(std::make_unique<MobilityLinearStop>(3, 0, -0.1, 0.05, 50, 0.4, "ab"));
  auto& stop2 = model.forces->addForce(std::make_unique<MobilityLinearStop>(2, 0, 0.3, INFINITY, 80, 0.1, "slide"));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 4; ++trial) {
    testing::setSomeMotion(model.system, s, 0.8 * trial, 0.9);
    for (const MobilityLinearStop* e : {&stop, &stop2}) {
      State rest = s;
      matter.updU(rest).setZero();
      model.system.realize(rest, Stage::Velocity);
      const Vector f = testing::generalizedForce(*e, rest, matter);
      const Vector grad = testing::potentialGradient(*e, model.system, rest);
      EXPECT_LT((f + grad).norm(), 1e-6 * (1 + f.norm())) << e->getName() << " trial " << trial;
      const Real p = e->calcPower(s, matter);
      EXPECT_NEAR(p, testing::powerFromForces(*e, s, matter), 1e-12 * (1 + std::abs(p)));
      EXPECT_LE(e->calcNonConservativePower(s, matter), 1e-15);
    }
  }
}

// A block thrown at a stop: RK4 bookkeeping closes through the contact, and it rebounds slower
// (d > 0) or at the same speed (d = 0).
TEST(MobilityLinearStop, BlockReboundsAndEnergyBookkeepingCloses) {
  for (Real d : {0.0, 0.5}) {
    MultibodySystem system;
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    MobilizedBody::Slider block(ground, Transform(), testing::massBody(1, Vec3::Zero(), Vec3::Ones()), Transform());
    auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
    forces.addForce(std::make_unique<MobilityLinearStop>(block, 0, -INFINITY, 0.1, 1e4, d));
    State s = system.realizeTopology();
    block.setOneU(s, 0, 1.0);
    const auto run = testing::runRK4(system, forces, s, 1e-5, 30000);
    EXPECT_LT(block.getOneU(s, 0), 0.0) << "rebounded";
    EXPECT_LT(block.getOneQ(s, 0), 0.1) << "left the stop";
    EXPECT_LT(run.maxDrift, 1e-7) << "d " << d;  // the force has a kink at the bound: RK4 loses order there
    if (d == 0) {
      EXPECT_NEAR(block.getOneU(s, 0), -1.0, 1e-7);
    } else {
      EXPECT_GT(block.getOneU(s, 0), -0.99);
      EXPECT_NEAR(run.work, 0.5 * (block.getOneU(s, 0) * block.getOneU(s, 0) - 1), 1e-7);
    }
  }
}

TEST(MobilityLinearStop, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { MobilityLinearStop(1, 0, 0.5, -0.5, 10, 0, "elbow"); });
  EXPECT_TRUE(mentions(msg, {"MobilityLinearStop", "elbow", "lower bound 0.5", "upper bound -0.5"})) << msg;
  msg = errorMessage([] { MobilityLinearStop(1, 0, NAN, 0.5, 10, 0, "elbow"); });
  EXPECT_TRUE(mentions(msg, {"elbow", "bounds", "nan"})) << msg;
  msg = errorMessage([] { MobilityLinearStop(1, 0, INFINITY, INFINITY, 10, 0, "elbow"); });
  EXPECT_TRUE(mentions(msg, {"elbow", "bounds", "inf"})) << msg;
  msg = errorMessage([] { MobilityLinearStop(1, 0, 0, 1, -10, 0, "elbow"); });
  EXPECT_TRUE(mentions(msg, {"elbow", "stiffness", "-10"})) << msg;
  msg = errorMessage([] { MobilityLinearStop(1, 0, 0, 1, 10, -0.2, "elbow"); });
  EXPECT_TRUE(mentions(msg, {"elbow", "dissipation", "-0.2"})) << msg;
  ChainModel model;
  model.forces->addForce(std::make_unique<MobilityLinearStop>(30, 0, 0, 1, 10, 0, "elbow"));
  msg = errorMessage([&] { model.system.realizeTopology(); });
  EXPECT_TRUE(mentions(msg, {"elbow", "body 30"})) << msg;
}

}  // namespace
}  // namespace articula
