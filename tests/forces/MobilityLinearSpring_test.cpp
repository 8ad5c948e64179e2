#include "articula/forces/MobilityLinearSpring.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

TEST(MobilityLinearSpring, PotentialGradientIsGeneralizedForceOnEveryChainCoordinate) {
  ChainModel model;
  std::vector<MobilityLinearSpring*> springs;
  springs.push_back(&model.forces->addForce(std::make_unique<MobilityLinearSpring>(1, 0, 4.0, 0.3, "pin")));
  springs.push_back(&model.forces->addForce(std::make_unique<MobilityLinearSpring>(2, 0, 9.0, -0.1, "slider")));
  springs.push_back(&model.forces->addForce(std::make_unique<MobilityLinearSpring>(3, 1, 2.0, 0.5, "universal")));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 0.4);
  for (const auto* e : springs) {
    const Vector f = testing::generalizedForce(*e, s, matter);
    const Vector grad = testing::potentialGradient(*e, model.system, s);
    EXPECT_LT((f + grad).norm(), 1e-7 * (1 + f.norm())) << e->getName();
    const int qi = matter.getInfo(e->getBody()).qStart + e->getWhichQ();
    EXPECT_NEAR(f[qi], -e->getStiffness() * (matter.getQ(s)[qi] - e->getRestValue()), 1e-14) << e->getName();
  }
}

// Where qdot = N u with N != I (Euler-angle ball, gimbal), the force is N^T f_q: still -dPE
// along qdot = N u, and its power is f_q qdot_i.
TEST(MobilityLinearSpring, ForceIsPotentialGradientAlongNuForEulerCoordinates) {
  testing::OrientationModel model;
  auto& euler = model.forces->addForce(std::make_unique<MobilityLinearSpring>(2, 1, 6.0, 0.2, "euler ball y"));
  auto& gimbal = model.forces->addForce(std::make_unique<MobilityLinearSpring>(3, 2, 3.0, -0.4, "gimbal z"));
  auto& freeX = model.forces->addForce(std::make_unique<MobilityLinearSpring>(5, 4, 8.0, 0.1, "free x"));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 1.5);
  for (const MobilityLinearSpring* e : {&euler, &gimbal, &freeX}) {
    const Vector f = testing::generalizedForce(*e, s, matter);
    const Vector d = testing::potentialDerivativeAlongU(*e, model.system, s);
    EXPECT_LT((f + d).norm(), 1e-7 * (1 + f.norm()))
        << e->getName() << "\nf " << f.transpose() << "\n-d " << -d.transpose();
    const Real p = e->calcPower(s, matter);
    EXPECT_NEAR(p, testing::powerFromForces(*e, s, matter), 1e-12 * (1 + std::abs(p))) << e->getName();
    EXPECT_NEAR(p, -testing::potentialRate(*e, model.system, s), 1e-7 * (1 + std::abs(p))) << e->getName();
  }
}

// A block on a Slider: udot = -k/m (x - x0), and one period 2 pi sqrt(m/k) returns it.
TEST(MobilityLinearSpring, SpringMassPeriod) {
  const Real m = 0.8, k = 12, x0 = 0.25;
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Slider block(ground, Transform(), testing::massBody(m, Vec3(0.1, 0.2, 0), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<MobilityLinearSpring>(block, 0, k, x0));
  State s = system.realizeTopology();
  block.setOneQ(s, 0, 0.6);
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(block.getUDot(s)[0], -k / m * (0.6 - x0), 1e-12);
  const Real period = 2 * M_PI * std::sqrt(m / k);
  const auto run = testing::runRK4(system, forces, s, period / 1000, 1000);
  EXPECT_NEAR(block.getOneQ(s, 0), 0.6, 1e-9);
  EXPECT_LT(run.maxDrift, 1e-10);
}

TEST(MobilityLinearSpring, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { MobilityLinearSpring(1, 0, -1, 0, "knee"); });
  EXPECT_TRUE(mentions(msg, {"MobilityLinearSpring", "knee", "stiffness", "-1"})) << msg;
  msg = errorMessage([] { MobilityLinearSpring(1, 0, 1, NAN, "knee"); });
  EXPECT_TRUE(mentions(msg, {"knee", "q0", "nan"})) << msg;
  {
    ChainModel model;
    model.forces->addForce(std::make_unique<MobilityLinearSpring>(1, 1, 1, 0, "knee"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"knee", "whichQ 1"})) << msg;
  }
  {
    ChainModel model;
    model.forces->addForce(std::make_unique<MobilityLinearSpring>(8, 0, 1, 0, "knee"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"knee", "body 8"})) << msg;
  }
  {
    testing::OrientationModel model;  // body 1 is a quaternion Ball
    model.forces->addForce(std::make_unique<MobilityLinearSpring>(1, 2, 1, 0, "shoulder"));
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"shoulder", "whichQ 2", "quaternion"})) << msg;
  }
}

}  // namespace
}  // namespace articula
