#include "articula/forces/MuscleTone.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

// Ground -> Free (root) -> Ball -> Pin: tone on the ball and the pin, not the root.
struct Figure {
  MultibodySystem system;
  GeneralForceSubsystem* forces = nullptr;
  std::vector<MobilizedBody> bodies;
  Figure() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    bodies.push_back(ground);
    const Transform X_PF(Rotation::aboutX(0.2), Vec3(0.0, 0.1, -0.3));
    bodies.push_back(MobilizedBody::Free(ground, Transform(),
                                         testing::massBody(5, Vec3(0, 0, 0.1), Vec3(0.2, 0.3, 0.1)), Transform()));
    bodies.push_back(MobilizedBody::Ball(
        bodies.back(), X_PF, testing::massBody(2, Vec3(0.05, 0, -0.2), Vec3(0.03, 0.02, 0.01)), Transform()));
    bodies.push_back(MobilizedBody::Pin(bodies.back(), X_PF,
                                        testing::massBody(1, Vec3(0.1, 0, -0.1), Vec3(0.01, 0.01, 0.01)), Transform()));
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

TEST(MuscleTone, HoldsEveryJointButTheRootsByDefault) {
  Figure f;
  auto& tone = f.forces->addForce(std::make_unique<MuscleTone>(100, 2));
  f.system.realizeTopology();
  EXPECT_EQ(tone.getJoints(), (std::vector<int>{2, 3}));
}

// At the reference posture with no motion the tone does nothing; turned about one axis of the
// ball by a, the generalized force on that joint's angular speeds is -k a about that axis (u is
// w_FM in F, so a rotation about F's x gives a torque about F's x).
TEST(MuscleTone, RestoringTorqueIsMinusKTimesTheRotationVector) {
  Figure f;
  const Real k = 80;
  auto& tone = f.forces->addForce(std::make_unique<MuscleTone>(k, 0));
  State s = f.system.realizeTopology();
  const MatterSubsystem& matter = f.system.getMatter();
  f.system.realize(s, Stage::Velocity);
  f.forces->recordReferencePosture(s);
  EXPECT_LT(testing::generalizedForce(tone, s, matter).norm(), 1e-14);
  const Vec3 axis = Vec3(0.3, -0.5, 0.8).normalized();
  const Real a = 0.4;
  SmallVector q(4);
  q = Rotation::aboutAxis(a, axis).toQuaternion().asVec4();
  f.bodies[2].setQ(s, q);
  f.bodies[3].setOneQ(s, 0, -0.25);
  f.system.realize(s, Stage::Velocity);
  const Vector g = testing::generalizedForce(tone, s, matter);
  const int u2 = matter.getInfo(2).uStart, u3 = matter.getInfo(3).uStart;
  EXPECT_LT((g.segment<3>(u2) - (-k * a * axis)).norm(), 1e-12);
  EXPECT_NEAR(g[u3], k * 0.25, 1e-12);
  EXPECT_LT(g.segment<6>(matter.getInfo(1).uStart).norm(), 1e-9);  // internal: no net load on the root
}

// The tone stores no energy: KE - W (its work) stays constant along the motion, for the
// quaternion joint as for the pin; and its power is its forces' power.
TEST(MuscleTone, PowerIsTheWorkItsForcesDo) {
  Figure f;
  auto& tone = f.forces->addForce(std::make_unique<MuscleTone>(60, 0.5));
  State s = f.system.realizeTopology();
  f.forces->recordReferencePosture(s);
  testing::setSomeMotion(f.system, s, 0.3);
  const MatterSubsystem& matter = f.system.getMatter();
  EXPECT_NEAR(tone.calcPower(s, matter), testing::powerFromForces(tone, s, matter), 1e-12);
  const auto run = testing::runRK4(f.system, *f.forces, s, 1e-4, 3000);
  EXPECT_LT(run.maxDrift, 1e-8 * std::max<Real>(1, std::abs(run.work)));
}

// Switched off (as a scenario's disable_force event does), the element exerts nothing.
TEST(MuscleTone, SwitchedOffItExertsNothing) {
  Figure f;
  f.forces->addForce(std::make_unique<MuscleTone>(60, 0.5, "tone"));
  State s = f.system.realizeTopology();
  f.forces->recordReferencePosture(s);
  testing::setSomeMotion(f.system, s, 0.3);
  const MatterSubsystem& matter = f.system.getMatter();
  std::vector<SpatialVec> F(matter.getNumBodies(), SpatialVec::Zero());
  Vector mob = Vector::Zero(matter.getNU());
  f.forces->addInForces(s, F, mob);
  EXPECT_GT(mob.norm(), 0);
  f.forces->setForceEnabled(s, f.forces->findForceByName("tone"), false);
  mob.setZero();
  for (auto& x : F) x.setZero();
  f.forces->addInForces(s, F, mob);
  EXPECT_EQ(mob.norm(), 0);
  for (const auto& x : F) EXPECT_EQ(x.norm(), 0);
  EXPECT_EQ(f.forces->calcPower(s), 0);
}

// The structured and dense linearizations agree on a chain with N != I (Universal, Pin).
TEST(MuscleTone, StructuredAndDenseLinearizationsAgree) {
  ChainModel model;
  auto& tone = model.forces->addForce(std::make_unique<MuscleTone>(30, 1.5));
  tone.addJoint(model.bodies[3]).addJoint(model.bodies[4]);
  State s = model.system.realizeTopology();
  testing::setSomeMotion(model.system, s);
  const MatterSubsystem& matter = model.system.getMatter();
  const int nu = matter.getNU();
  Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
  tone.addInForceJacobian(s, matter, D, K);
  const auto tree = testing::densifyTreeJacobian(tone, matter, s);
  ASSERT_TRUE(tree.accepted);
  EXPECT_LT((tree.D - D).norm(), 1e-12);
  EXPECT_LT((tree.K - K).norm(), 1e-12);
  EXPECT_NEAR(D(matter.getInfo(3).uStart, matter.getInfo(3).uStart), -1.5, 1e-15);
}

TEST(MuscleTone, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { MuscleTone(-5, 1, "tone"); });
  EXPECT_TRUE(mentions(msg, {"MuscleTone", "tone", "stiffness", "-5"})) << msg;
  msg = errorMessage([] { MuscleTone(5, -1, "tone"); });
  EXPECT_TRUE(mentions(msg, {"tone", "damping", "-1"})) << msg;
  Figure f;
  f.forces->addForce(std::make_unique<MuscleTone>(5, 1, "tone")).addJoint(9);
  msg = errorMessage([&] { f.system.realizeTopology(); });
  EXPECT_TRUE(mentions(msg, {"tone", "9"})) << msg;
}

}  // namespace
}  // namespace articula
