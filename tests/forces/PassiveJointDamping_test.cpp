#include "articula/forces/PassiveJointDamping.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::mentions;

// Every mobility except the root joint's gets the default; overrides apply in order.
TEST(PassiveJointDamping, CoefficientsPerMobility) {
  testing::OrientationModel model;  // body 1 is the root (parent Ground)
  auto& damping = model.forces->addForce(std::make_unique<PassiveJointDamping>(2.0));
  damping.setBodyDamping(3, 0.5).setMobilityDamping(3, 1, 0.25).setMobilityDamping(model.bodies[5], 0, 7.0);
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  Vector expected(matter.getNU());
  for (int b = 1; b < matter.getNumBodies(); ++b)
    expected.segment(matter.getInfo(b).uStart, matter.getInfo(b).nu).setConstant(b == 1 ? 0.0 : b == 3 ? 0.5 : 2.0);
  expected[matter.getInfo(3).uStart + 1] = 0.25;
  expected[matter.getInfo(5).uStart] = 7.0;
  for (int i = 0; i < matter.getNU(); ++i) EXPECT_EQ(damping.getDamping(i), expected[i]) << "u " << i;

  testing::setSomeMotion(model.system, s);
  const auto f = testing::evalElement(damping, s, matter);
  EXPECT_TRUE(f.mobility.isApprox(-expected.cwiseProduct(Vector(matter.getU(s))), 1e-15));
  const Real p = damping.calcPower(s, matter);
  EXPECT_NEAR(p, testing::powerFromForces(damping, s, matter), 1e-13);
  EXPECT_LE(p, 0.0);
}

// The linearization for implicit integrators is the damping matrix itself: ∂τ/∂u by differences.
TEST(PassiveJointDamping, ForceJacobianMatchesDifferences) {
  testing::OrientationModel model;
  auto& damping = model.forces->addForce(std::make_unique<PassiveJointDamping>(2.0));
  damping.setBodyDamping(3, 0.5);
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s);
  const int nu = matter.getNU();
  Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
  damping.addInForceJacobian(s, matter, D, K);
  for (int j = 0; j < nu; ++j) {
    State p = s, m = s;
    p.updU()[j] += 1e-6;
    m.updU()[j] -= 1e-6;
    model.system.realize(p, Stage::Velocity);
    model.system.realize(m, Stage::Velocity);
    const Vector col = (testing::generalizedForce(damping, p, matter) - testing::generalizedForce(damping, m, matter)) /
                       2e-6;
    EXPECT_LT((D.col(j) - col).norm(), 1e-8) << "u " << j;
  }
  EXPECT_EQ(K.norm(), 0);
  // The structured form (for the O(n) implicit solve): the same diagonal in the joint blocks.
  const testing::DenseTreeJacobian tree = testing::densifyTreeJacobian(damping, matter, s);
  EXPECT_TRUE(tree.accepted);
  EXPECT_EQ(tree.bodyTerms, 0);
  EXPECT_EQ((tree.D - D).norm(), 0);
  EXPECT_EQ(tree.K.norm(), 0);
}

TEST(PassiveJointDamping, RootJointsCanBeDamped) {
  testing::OrientationModel model;
  auto& damping = model.forces->addForce(std::make_unique<PassiveJointDamping>(2.0));
  damping.setDampRootJoints(true);
  State s = model.system.realizeTopology();
  EXPECT_EQ(damping.getDamping(0), 2.0);
}

// The explicit step limit is 2 m / c for one block; explicit Euler with a step just above it
// grows, just below it decays (OpenMBD's passive-damping instability, made checkable).
TEST(PassiveJointDamping, StableStepLimitIsExact) {
  const Real m = 8.3e-4, c = 40;  // OpenMBD's hand roll inertia and its default damping
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  MobilizedBody ground = MobilizedBody::Ground(matter);
  MobilizedBody::Pin base(ground, Transform(), testing::massBody(1, Vec3::Zero(), Vec3::Ones()), Transform());
  MobilizedBody::Pin hand(base, Transform(), testing::massBody(1, Vec3::Zero(), Vec3(1, 1, m)), Transform());
  auto& forces = system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  auto& damping = forces.addForce(std::make_unique<PassiveJointDamping>(c));
  State s = system.realizeTopology();
  system.realize(s, Stage::Position);
  const Real limit = damping.calcStableStepLimit(s, matter);
  // The root (base) is undamped, so C = c e1 e1^T has one nonzero eigenvalue of C x = lambda M x:
  // lambda = c (M^-1)_11, i.e. c over the hand's effective inertia with the base free to recoil.
  Matrix M;
  matter.calcM(s, M);
  const Real lambda = c * M.inverse()(1, 1);
  EXPECT_NEAR(limit, 2 / lambda, 1e-12 * limit);
  EXPECT_LT(limit, 1e-4) << "OpenMBD's dt = 1e-4 is unstable here";
  for (Real factor : {0.98, 1.02}) {
    State e = s;
    hand.setOneU(e, 0, 1.0);
    const Real h = factor * limit;
    for (int n = 0; n < 400; ++n) {
      system.realize(e, Stage::Acceleration);
      const Vector u = Vector(matter.getU(e)) + h * Vector(e.getUDot());
      matter.updU(e) = u;
    }
    if (factor < 1) {
      EXPECT_LT(std::abs(hand.getOneU(e, 0)), 1.0);
    } else {
      EXPECT_GT(std::abs(hand.getOneU(e, 0)), 1.0);
    }
  }
}

TEST(PassiveJointDamping, NoDampingHasNoStepLimit) {
  testing::ChainModel model;
  auto& damping = model.forces->addForce(std::make_unique<PassiveJointDamping>(0.0));
  State s = model.system.realizeTopology();
  model.system.realize(s, Stage::Position);
  EXPECT_TRUE(std::isinf(damping.calcStableStepLimit(s, model.system.getMatter())));
}

TEST(PassiveJointDamping, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { PassiveJointDamping(-40, "joints"); });
  EXPECT_TRUE(mentions(msg, {"PassiveJointDamping", "joints", "default damping", "-40"})) << msg;
  msg = errorMessage([] { PassiveJointDamping(40, "joints").setBodyDamping(1, NAN); });
  EXPECT_TRUE(mentions(msg, {"joints", "body damping", "nan"})) << msg;
  {
    testing::ChainModel model;
    model.forces->addForce(std::make_unique<PassiveJointDamping>(1.0, "joints")).setMobilityDamping(1, 4, 1.0);
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"joints", "whichU 4", "body 1"})) << msg;
  }
  {
    testing::ChainModel model;
    model.forces->addForce(std::make_unique<PassiveJointDamping>(1.0, "joints")).setBodyDamping(11, 1.0);
    msg = errorMessage([&] { model.system.realizeTopology(); });
    EXPECT_TRUE(mentions(msg, {"joints", "body 11"})) << msg;
  }
}

}  // namespace
}  // namespace articula
