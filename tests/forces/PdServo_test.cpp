#include "articula/forces/PdServo.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::ChainModel;
using testing::mentions;

// A pendulum on a pin about z with no gravity: inertia about the pivot I = Izz + m L^2.
struct Pendulum {
  static constexpr Real m = 2, L = 0.5, Izz = 0.03;
  static constexpr Real I = Izz + m * L * L;
  MultibodySystem system;
  GeneralForceSubsystem* forces = nullptr;
  MobilizedBody arm;
  Pendulum()
      : arm(MobilizedBody::Pin(MobilizedBody::Ground(system.updMatter()), Transform(),
                               testing::massBody(m, Vec3(L, 0, 0), Vec3(0.01, 0.02, Izz)), Transform())) {
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

// Fixed-step RK4 recording q at every step.
std::vector<Real> trace(const MultibodySystem& system, const GeneralForceSubsystem& forces, State& s,
                        const MobilizedBody& body, Real dt, int steps) {
  std::vector<Real> q;
  for (int n = 0; n < steps; ++n) {
    testing::runRK4(system, forces, s, dt, 1);
    q.push_back(body.getOneQ(s, 0));
  }
  return q;
}

// The servo error e = q - r obeys I e'' + kd e' + kp e = 0: it settles to the target with
// damping ratio kd / (2 sqrt(kp I)) and oscillates at omega_n sqrt(1 - zeta^2). Both are measured
// from the overshoots: the log decrement between successive maxima and their spacing.
TEST(PdServo, PendulumSettlesWithThePredictedDampingRatioAndFrequency) {
  Pendulum p;
  const Real kp = 40, kd = 2.0, target = 0.5;
  p.forces->addForce(std::make_unique<PdServo>(p.arm, 0, kp, kd, functions::constant(target)));
  State s = p.system.realizeTopology();
  const Real dt = 1e-4;
  const std::vector<Real> q = trace(p.system, *p.forces, s, p.arm, dt, 60000);
  std::vector<Real> peakValue, peakTime;
  for (size_t i = 1; i + 1 < q.size(); ++i)
    if (q[i] - target > q[i - 1] - target && q[i] - target >= q[i + 1] - target && q[i] > target) {
      peakValue.push_back(q[i] - target);
      peakTime.push_back((i + 1) * dt);
    }
  ASSERT_GE(peakValue.size(), 3u);
  const Real delta = std::log(peakValue[0] / peakValue[1]);
  const Real zetaMeasured = delta / std::sqrt(4 * M_PI * M_PI + delta * delta);
  const Real zeta = kd / (2 * std::sqrt(kp * Pendulum::I));
  const Real omegaD = std::sqrt(kp / Pendulum::I) * std::sqrt(1 - zeta * zeta);
  EXPECT_NEAR(zetaMeasured, zeta, 1e-3 * zeta);
  EXPECT_NEAR(2 * M_PI / (peakTime[1] - peakTime[0]), omegaD, 2e-3 * omegaD);
  EXPECT_NEAR(q.back(), target, 2e-5);  // settled: 0.5 exp(-zeta omega_n 6 s) = 1e-5
}

// Without a target the servo holds the recorded reference: pushed away, it comes back to it.
TEST(PdServo, HoldsTheRecordedPosture) {
  Pendulum p;
  auto& servo = p.forces->addForce(std::make_unique<PdServo>(p.arm, 0, 40, 8));
  State s = p.system.realizeTopology();
  EXPECT_TRUE(servo.holdsReference());
  p.arm.setOneQ(s, 0, 0.3);
  p.forces->recordReferencePosture(s);
  EXPECT_EQ(servo.getReference(s), 0.3);
  p.arm.setOneU(s, 0, 2.0);
  testing::runRK4(p.system, *p.forces, s, 1e-3, 5000);
  EXPECT_NEAR(p.arm.getOneQ(s, 0), 0.3, 1e-6);
}

// A target of time is tracked with its rate: r = A sin(w t) with kp, kd large follows closely,
// and the force at a State is exactly kp (r - q) + kd (r' - qdot).
TEST(PdServo, ForceFollowsTheTargetAndItsRate) {
  Pendulum p;
  auto& servo = p.forces->addForce(std::make_unique<PdServo>(p.arm, 0, 30, 3, functions::sinusoid(0.4, 2.0, 0.0), 1e9));
  State s = p.system.realizeTopology();
  s.setTime(0.7);
  p.arm.setOneQ(s, 0, 0.1);
  p.arm.setOneU(s, 0, -0.5);
  p.system.realize(s, Stage::Velocity);
  const Real r = 0.4 * std::sin(1.4), rdot = 0.8 * std::cos(1.4);
  const Real tau = 30 * (r - 0.1) + 3 * (rdot + 0.5);
  const auto f = testing::evalElement(servo, s, p.system.getMatter());
  EXPECT_NEAR(f.mobility[0], tau, 1e-12);
  EXPECT_NEAR(servo.calcPower(s, p.system.getMatter()), tau * -0.5, 1e-12);
  EXPECT_NEAR(servo.calcPower(s, p.system.getMatter()), testing::powerFromForces(servo, s, p.system.getMatter()),
              1e-12);
}

TEST(PdServo, LimitClampsTheTorqueAndDropsTheLinearization) {
  Pendulum p;
  auto& servo = p.forces->addForce(std::make_unique<PdServo>(p.arm, 0, 100, 0, functions::constant(1.0), 5.0));
  State s = p.system.realizeTopology();
  p.system.realize(s, Stage::Velocity);
  EXPECT_EQ(servo.calcTorque(s, p.system.getMatter()), 5.0);  // 100 * 1 clamped
  Matrix D = Matrix::Zero(1, 1), K = Matrix::Zero(1, 1);
  servo.addInForceJacobian(s, p.system.getMatter(), D, K);
  EXPECT_EQ(K(0, 0), 0.0);
  p.arm.setOneQ(s, 0, 0.99);  // 1 N m: inside the limit
  p.system.realize(s, Stage::Velocity);
  servo.addInForceJacobian(s, p.system.getMatter(), D, K);
  EXPECT_EQ(K(0, 0), -100.0);
}

// On a chain whose mobilizers have N != I the linearization still matches the structured form,
// and the power matches its definition.
TEST(PdServo, StructuredAndDenseLinearizationsAgree) {
  ChainModel model;
  auto& servo = model.forces->addForce(std::make_unique<PdServo>(model.bodies[3], 1, 12, 1.5));
  State s = model.system.realizeTopology();
  testing::setSomeMotion(model.system, s);
  const MatterSubsystem& matter = model.system.getMatter();
  const int nu = matter.getNU();
  Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
  servo.addInForceJacobian(s, matter, D, K);
  const auto tree = testing::densifyTreeJacobian(servo, matter, s);
  ASSERT_TRUE(tree.accepted);
  EXPECT_LT((tree.D - D).norm(), 1e-12);
  EXPECT_LT((tree.K - K).norm(), 1e-12);
  EXPECT_NEAR(servo.calcPower(s, matter), testing::powerFromForces(servo, s, matter), 1e-12);
}

TEST(PdServo, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { PdServo(1, 0, -1, 0, nullptr, INFINITY, "knee"); });
  EXPECT_TRUE(mentions(msg, {"PdServo", "knee", "kp", "-1"})) << msg;
  msg = errorMessage([] { PdServo(1, 0, 1, -2, nullptr, INFINITY, "knee"); });
  EXPECT_TRUE(mentions(msg, {"knee", "kd", "-2"})) << msg;
  msg = errorMessage([] { PdServo(1, 0, 1, 1, nullptr, 0, "knee"); });
  EXPECT_TRUE(mentions(msg, {"knee", "limit"})) << msg;
  Pendulum p;
  auto& servo = p.forces->addForce(std::make_unique<PdServo>(p.arm, 0, 1, 1, functions::constant(0.2)));
  State s = p.system.realizeTopology();
  msg = errorMessage([&] { servo.setReference(s, 0.1); });
  EXPECT_TRUE(mentions(msg, {"target function"})) << msg;
}

}  // namespace
}  // namespace articula
