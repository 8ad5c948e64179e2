#include "articula/forces/LinearBushing.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

const Vec6 kStiff = (Vec6() << 3, 5, 4, 80, 120, 60).finished();
const Vec6 kDamp = (Vec6() << 0.2, 0.3, 0.1, 2, 3, 1).finished();

// A Free body on Ground, F at Ground's origin and M at the body's origin: q = [angles; p_FM].
struct FreeModel {
  MultibodySystem system;
  GeneralForceSubsystem* forces;
  MobilizedBody body;
  FreeModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    body = MobilizedBody::Free(ground, testing::massBody(2, Vec3::Zero(), Vec3(0.1, 0.2, 0.3)));
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

TEST(LinearBushing, AxisForcesAreMinusKqMinusCqdot) {
  FreeModel model;
  auto& bushing = model.forces->addForce(
      std::make_unique<LinearBushing>(0, Transform(), model.body.getIndex(), Transform(), kStiff, kDamp));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  // Pure translation with velocity: force -k p - c v on the body, nothing else.
  SmallVector q(7), u(6);
  q << 1, 0, 0, 0, 0.1, -0.2, 0.05;
  u << 0, 0, 0, 0.5, 0.1, -0.3;
  model.body.setQ(s, q);
  model.body.setU(s, u);
  model.system.realize(s, Stage::Velocity);
  const auto f = testing::evalElement(bushing, s, matter);
  const Vec3 expected = -(kStiff.tail<3>().cwiseProduct(Vec3(0.1, -0.2, 0.05)) +
                          kDamp.tail<3>().cwiseProduct(Vec3(0.5, 0.1, -0.3)));
  EXPECT_TRUE(Vec3(f.body[1].tail<3>()).isApprox(expected, 1e-12)) << f.body[1].transpose();
  EXPECT_LT(f.body[1].head<3>().norm(), 1e-12);
  // The reaction acts on Ground at the point where M's origin is: moment -p x f about Go.
  EXPECT_TRUE(Vec3(f.body[0].tail<3>()).isApprox(-expected, 1e-12));
  EXPECT_TRUE(Vec3(f.body[0].head<3>()).isApprox(-Vec3(0.1, -0.2, 0.05).cross(expected), 1e-12));
  // Pure rotation about z by a with rate w: torque -k_rz a - c_rz w about z.
  const Real a = 0.2, w = 0.7;
  q << std::cos(a / 2), 0, 0, std::sin(a / 2), 0, 0, 0;
  u << 0, 0, w, 0, 0, 0;
  model.body.setQ(s, q);
  model.body.setU(s, u);
  model.system.realize(s, Stage::Velocity);
  EXPECT_TRUE(bushing.calcQ(s, matter).isApprox((Vec6() << 0, 0, a, 0, 0, 0).finished(), 1e-12));
  const auto g = testing::evalElement(bushing, s, matter);
  EXPECT_NEAR(g.body[1][2], -kStiff[2] * a - kDamp[2] * w, 1e-12);
  EXPECT_LT((g.body[1] - SpatialVec::Unit(2) * g.body[1][2]).norm(), 1e-12);
}

// qdot from the element equals differences of its q along the motion.
TEST(LinearBushing, QDotMatchesDifferences) {
  ChainModel model;
  const Transform X1(Rotation::aboutY(0.3), Vec3(0.1, -0.2, 0.3)), X2(Rotation::aboutX(-0.2), Vec3(0.0, 0.2, -0.1));
  auto& bushing = model.forces->addForce(std::make_unique<LinearBushing>(1, X1, 4, X2, kStiff, kDamp));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 0.2);
  const Real h = 1e-6;
  State p = testing::advanced(matter, s, h), m = testing::advanced(matter, s, -h);
  model.system.realize(p, Stage::Position);
  model.system.realize(m, Stage::Position);
  const Vec6 fd = (bushing.calcQ(p, matter) - bushing.calcQ(m, matter)) / (2 * h);
  const Vec6 qdot = bushing.calcQDot(s, matter);
  EXPECT_LT((qdot - fd).norm(), 1e-7 * (1 + fd.norm())) << qdot.transpose() << "\n" << fd.transpose();
}

TEST(LinearBushing, SpringPartIsPotentialGradient) {
  ChainModel model;
  const Transform X1(Rotation::aboutZ(0.4), Vec3(0.1, 0.1, 0.0)), X2(Rotation::aboutY(0.1), Vec3(-0.1, 0.2, 0.1));
  auto& b14 = model.forces->addForce(std::make_unique<LinearBushing>(1, X1, 4, X2, kStiff, Vec6::Zero(), "b14"));
  auto& b02 = model.forces->addForce(std::make_unique<LinearBushing>(0, X1, 2, X2, kStiff, Vec6::Zero(), "b02"));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  testing::setSomeMotion(model.system, s, 0.6);
  for (const LinearBushing* e : {&b14, &b02}) {
    const Vector f = testing::generalizedForce(*e, s, matter);
    const Vector grad = testing::potentialGradient(*e, model.system, s);
    EXPECT_LT((f + grad).norm(), 1e-7 * (1 + f.norm())) << e->getName();
  }
  testing::OrientationModel omodel;  // and along qdot = N u through quaternion joints
  auto& b15 = omodel.forces->addForce(std::make_unique<LinearBushing>(1, X1, 5, X2, kStiff, Vec6::Zero()));
  State os = omodel.system.realizeTopology();
  testing::setSomeMotion(omodel.system, os, 0.1, 0.3);
  const Vector f = testing::generalizedForce(b15, os, omodel.system.getMatter());
  const Vector d = testing::potentialDerivativeAlongU(b15, omodel.system, os);
  EXPECT_LT((f + d).norm(), 1e-7 * (1 + f.norm())) << f.transpose() << "\n" << -d.transpose();
}

TEST(LinearBushing, PowerMatchesDefinitionAndDampingDissipates) {
  ChainModel model;
  auto& bushing = model.forces->addForce(std::make_unique<LinearBushing>(
      2, Transform(Rotation::aboutX(0.2), Vec3(0.1, 0, 0)), 4, Transform(Vec3(0, 0.1, 0.2)), kStiff, kDamp));
  State s = model.system.realizeTopology();
  const MatterSubsystem& matter = model.system.getMatter();
  for (int trial = 0; trial < 3; ++trial) {
    testing::setSomeMotion(model.system, s, 1.3 * trial);
    const Real p = bushing.calcPower(s, matter);
    EXPECT_NEAR(p, testing::powerFromForces(bushing, s, matter), 1e-11 * (1 + std::abs(p)));
    const Real pnc = bushing.calcNonConservativePower(s, matter);
    EXPECT_LE(pnc, 0.0);
    EXPECT_NEAR(p - pnc, -testing::potentialRate(bushing, model.system, s), 1e-6 * (1 + std::abs(p)));
  }
}

TEST(LinearBushing, DampedOscillationEnergyBookkeepingCloses) {
  FreeModel model;
  model.forces->addForce(std::make_unique<LinearBushing>(0, Transform(), model.body.getIndex(),
                                                         Transform(Vec3(0.05, 0, 0)), kStiff, kDamp));
  State s = model.system.realizeTopology();
  SmallVector u(6);
  u << 0.5, -0.3, 0.4, 0.2, 0.1, -0.2;
  model.body.setU(s, u);
  const auto run = testing::runRK4(model.system, *model.forces, s, 1e-3, 2000);
  EXPECT_LT(run.work, -0.01);
  EXPECT_LT(run.maxDrift, 1e-10) << "E0 " << run.energy0;
}

TEST(LinearBushing, GimbalLockIsANamedErrorNotANaN) {
  FreeModel model;
  model.forces->addForce(
      std::make_unique<LinearBushing>(0, Transform(), model.body.getIndex(), Transform(), kStiff, kDamp, "mount"));
  State s = model.system.realizeTopology();
  const Quaternion q = Rotation::aboutY(M_PI / 2).toQuaternion();
  SmallVector qv(7);
  qv << q.asVec4(), 0, 0, 0;
  model.body.setQ(s, qv);
  const std::string msg = testing::errorMessage([&] { model.system.realize(s, Stage::Acceleration); });
  EXPECT_TRUE(mentions(msg, {"LinearBushing", "mount", "gimbal lock"})) << msg;
  model.system.realize(s, Stage::Position);
  EXPECT_TRUE(std::isfinite(model.system.calcPotentialEnergy(s))) << "the energy is defined there";
}

TEST(LinearBushing, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  Vec6 bad = kStiff;
  bad[4] = -1;
  std::string msg = errorMessage([&] { LinearBushing(0, Transform(), 1, Transform(), bad, kDamp, "mount"); });
  EXPECT_TRUE(mentions(msg, {"LinearBushing", "mount", "stiffness", "-1"})) << msg;
  bad = kDamp;
  bad[0] = NAN;
  msg = errorMessage([&] { LinearBushing(0, Transform(), 1, Transform(), kStiff, bad, "mount"); });
  EXPECT_TRUE(mentions(msg, {"mount", "damping", "nan"})) << msg;
  msg = errorMessage([&] { LinearBushing(0, Transform(Vec3(NAN, 0, 0)), 1, Transform(), kStiff, kDamp, "mount"); });
  EXPECT_TRUE(mentions(msg, {"mount", "X_B1F"})) << msg;
  ChainModel model;
  model.forces->addForce(std::make_unique<LinearBushing>(1, Transform(), 5, Transform(), kStiff, kDamp, "mount"));
  msg = errorMessage([&] { model.system.realizeTopology(); });
  EXPECT_TRUE(mentions(msg, {"mount", "body 2", "5"})) << msg;
}

}  // namespace
}  // namespace articula
