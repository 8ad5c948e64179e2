#include "articula/forces/Gravity.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;

// A rigid pendulum on a Pin about Ground's z: (I_C + m L^2) thetaddot = -m g L sin(theta).
TEST(Gravity, PendulumAccelerationMatchesAnalytic) {
  const Real m = 1.3, L = 0.7, Izz = 0.02, g = 9.81;
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Pin link(ground, Transform(), testing::massBody(m, Vec3(0, -L, 0), Vec3(0.01, 0.01, Izz)),
                          Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, -g, 0)));
  State state = system.realizeTopology();
  for (Real theta : {0.0, 0.3, -1.2, 2.5}) {
    link.setOneQ(state, 0, theta);
    link.setOneU(state, 0, 0.8);  // velocity must not matter for a single pin
    system.realize(state, Stage::Acceleration);
    const Real expected = -m * g * L * std::sin(theta) / (Izz + m * L * L);
    EXPECT_NEAR(state.getUDot()[0], expected, 1e-12 * (1 + std::abs(expected))) << "theta " << theta;
  }
}

TEST(Gravity, ForceActsAtMassCenter) {
  ChainModel model;
  const Vec3 g(0.3, -9.8, 0.5);
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(g));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int i = 0; i < matter.getNQ(); ++i) matter.updQ(s)[i] = 0.2 + 0.3 * i;
  model.system.realize(s, Stage::Position);
  const auto f = testing::evalElement(gravity, s, matter);
  EXPECT_EQ(f.body[0], SpatialVec::Zero()) << "Ground must feel nothing";
  EXPECT_EQ(f.mobility, Vector::Zero(matter.getNU()));
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
    const Transform& X_GB = matter.getBodyTransform(s, b);
    const Vec3 p_BC_G = X_GB.R() * mp.massCenter();
    EXPECT_TRUE(f.body[b].tail<3>().isApprox(mp.mass() * g, 1e-14));
    EXPECT_TRUE(f.body[b].head<3>().isApprox(p_BC_G.cross(mp.mass() * g), 1e-14));
  }
}

// -dPE/dq equals the generalized gravity force J^T F (every chain mobilizer has N = I).
TEST(Gravity, PotentialEnergyGradientIsGeneralizedForce) {
  ChainModel model;
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(Vec3(0.5, -9.81, 1.2)));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 3; ++trial) {
    for (int i = 0; i < matter.getNQ(); ++i) matter.updQ(s)[i] = std::sin(1.7 * i + trial) * 1.1;
    model.system.realize(s, Stage::Position);
    const Vector f = testing::generalizedForce(gravity, s, matter);
    const Vector grad = testing::potentialGradient(gravity, model.system, s);
    EXPECT_LT((f + grad).norm(), 1e-7 * (1 + f.norm()))
        << "f = " << f.transpose() << "\n-dPE/dq = " << -grad.transpose();
  }
}

TEST(Gravity, PotentialEnergyValueAndZeroLevel) {
  ChainModel model;
  const Vec3 g(0, 0, -9.81);
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(g));
  gravity.setZeroHeightEnergy(12.5);
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  model.system.realize(s, Stage::Position);
  Real expected = 12.5;
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
    expected -= mp.mass() * g.dot(matter.getBodyTransform(s, b) * mp.massCenter());
  }
  EXPECT_NEAR(gravity.calcPotentialEnergy(s, matter), expected, 1e-12 * (1 + std::abs(expected)));
  EXPECT_NEAR(model.system.calcPotentialEnergy(s), expected, 1e-12 * (1 + std::abs(expected)));
}

TEST(Gravity, ExcludedBodiesFeelNothing) {
  ChainModel model;
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  gravity.excludeBody(model.bodies[2]).excludeBody(4);
  EXPECT_TRUE(gravity.isExcluded(2));
  EXPECT_FALSE(gravity.isExcluded(3));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  model.system.realize(s, Stage::Position);
  const auto f = testing::evalElement(gravity, s, matter);
  EXPECT_EQ(f.body[2], SpatialVec::Zero());
  EXPECT_EQ(f.body[4], SpatialVec::Zero());
  EXPECT_NE(f.body[1], SpatialVec::Zero());
  EXPECT_NE(f.body[3], SpatialVec::Zero()) << "a child of an excluded body still feels gravity";
  // Energy leaves the excluded bodies out too, so it stays consistent with the force.
  const Vector grad = testing::potentialGradient(gravity, model.system, s);
  const Vector gen = testing::generalizedForce(gravity, s, matter);
  EXPECT_LT((gen + grad).norm(), 1e-7 * (1 + gen.norm()));
}

TEST(Gravity, ExcludedFreeFallingBodyStaysPut) {
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Slider falling(ground, Transform(Rotation::aboutZ(M_PI / 2)),
                                testing::massBody(2, Vec3::Zero(), Vec3::Ones()),
                                Transform());  // slides along Ground's y
  MobilizedBody::Slider floating(ground, Transform(Rotation::aboutZ(M_PI / 2)),
                                 testing::massBody(2, Vec3::Zero(), Vec3::Ones()), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  forces.addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0))).excludeBody(floating);
  State s = system.realizeTopology();
  system.realize(s, Stage::Acceleration);
  EXPECT_NEAR(falling.getUDot(s)[0], -9.81, 1e-12);
  EXPECT_EQ(floating.getUDot(s)[0], 0.0);
}

TEST(Gravity, RejectsBadInputWithNamedErrors) {
  EXPECT_THROW(Gravity(Vec3(0, NAN, 0)), Error);
  ChainModel model;
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0), "earth"));
  gravity.excludeBody(17);
  try {
    model.system.realizeTopology();
    FAIL() << "excluding a body that does not exist must throw";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("earth"), std::string::npos) << msg;
    EXPECT_NE(msg.find("17"), std::string::npos) << msg;
  }
}

TEST(Gravity, IsFrozenAfterTopology) {
  ChainModel model;
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  model.system.realizeTopology();
  EXPECT_THROW(gravity.setGravity(Vec3(0, -1, 0)), Error);
  EXPECT_THROW(gravity.excludeBody(1), Error);
  EXPECT_EQ(gravity.getGravity(), Vec3(0, -9.81, 0));
}

// Power m g . v_C matches F . V, equals -dPE/dt, and is all conservative.
TEST(Gravity, PowerMatchesDefinitionAndIsMinusPotentialRate) {
  ChainModel model;
  auto& gravity = model.forces->addForce(std::make_unique<Gravity>(Vec3(0.5, -9.81, 1.2)));
  gravity.excludeBody(3);
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 3; ++trial) {
    testing::setSomeMotion(model.system, s, 1.4 * trial);
    const Real p = gravity.calcPower(s, matter);
    EXPECT_NEAR(p, testing::powerFromForces(gravity, s, matter), 1e-12 * (1 + std::abs(p)));
    EXPECT_NEAR(p, -testing::potentialRate(gravity, model.system, s), 1e-7 * (1 + std::abs(p)));
    EXPECT_EQ(gravity.calcNonConservativePower(s, matter), 0.0);
  }
}

}  // namespace
}  // namespace articula
