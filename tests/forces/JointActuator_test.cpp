#include "articula/forces/JointActuator.h"

#include <gtest/gtest.h>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::mentions;

// A free rotor: a pin about z, no gravity, inertia I about the axis.
struct Rotor {
  static constexpr Real I = 0.25;
  MultibodySystem system;
  GeneralForceSubsystem* forces = nullptr;
  MobilizedBody wheel;
  Rotor()
      : wheel(MobilizedBody::Pin(MobilizedBody::Ground(system.updMatter()), Transform(),
                                 testing::massBody(3, Vec3::Zero(), Vec3(0.2, 0.2, I)), Transform())) {
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

// Constant torque: q = tau t^2 / (2 I), u = tau t / I, and the work is the kinetic energy.
TEST(JointActuator, ConstantTorqueSpinsUpARotorAsTauTSquaredOverTwoI) {
  Rotor r;
  const Real tau = 1.5, T = 2.0;
  r.forces->addForce(std::make_unique<JointActuator>(r.wheel, 0, functions::constant(tau)));
  State s = r.system.realizeTopology();
  const auto run = testing::runRK4(r.system, *r.forces, s, 1e-3, 2000);
  EXPECT_NEAR(r.wheel.getOneQ(s, 0), tau * T * T / (2 * Rotor::I), 1e-10);
  EXPECT_NEAR(r.wheel.getOneU(s, 0), tau * T / Rotor::I, 1e-10);
  EXPECT_NEAR(run.work, 0.5 * Rotor::I * std::pow(tau * T / Rotor::I, 2), 1e-9);
  EXPECT_LT(run.maxDrift, 1e-10);
}

// A smooth step from 0 to tau over [0.1, 0.2] s: its impulse is tau (T - 0.15) by symmetry.
TEST(JointActuator, StepFunctionTorqueGivesTheStepsImpulse) {
  Rotor r;
  const Real tau = 2.0, T = 0.5;
  r.forces->addForce(std::make_unique<JointActuator>(r.wheel, 0, functions::smoothStep(0.1, 0.2, 0, 1), tau));
  State s = r.system.realizeTopology();
  testing::runRK4(r.system, *r.forces, s, 1e-4, 5000);
  EXPECT_NEAR(r.wheel.getOneU(s, 0), tau * (T - 0.15) / Rotor::I, 1e-9);
  // Before the step nothing moves.
  State s0 = r.system.realizeTopology();
  testing::runRK4(r.system, *r.forces, s0, 1e-4, 900);
  EXPECT_EQ(r.wheel.getOneU(s0, 0), 0.0);
}

TEST(JointActuator, LimitClampsAndPowerIsTauU) {
  Rotor r;
  auto& act = r.forces->addForce(std::make_unique<JointActuator>(r.wheel, 0, functions::constant(-4), 10, 3));
  State s = r.system.realizeTopology();
  r.wheel.setOneU(s, 0, 0.7);
  r.system.realize(s, Stage::Velocity);
  EXPECT_EQ(act.calcTorque(s), -3.0);
  EXPECT_EQ(testing::evalElement(act, s, r.system.getMatter()).mobility[0], -3.0);
  EXPECT_NEAR(act.calcPower(s, r.system.getMatter()), -3.0 * 0.7, 1e-15);
  EXPECT_NEAR(act.calcPower(s, r.system.getMatter()), testing::powerFromForces(act, s, r.system.getMatter()), 1e-15);
  EXPECT_EQ(act.calcNonConservativePower(s, r.system.getMatter()), act.calcPower(s, r.system.getMatter()));
}

TEST(JointActuator, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  std::string msg = errorMessage([] { JointActuator(1, 0, nullptr, 1, INFINITY, "elbow"); });
  EXPECT_TRUE(mentions(msg, {"JointActuator", "elbow", "function"})) << msg;
  msg = errorMessage([] { JointActuator(1, 0, functions::constant(1), 1, -2, "elbow"); });
  EXPECT_TRUE(mentions(msg, {"elbow", "limit", "-2"})) << msg;
  Rotor r;
  r.forces->addForce(std::make_unique<JointActuator>(1, 1, functions::constant(1), 1, INFINITY, "elbow"));
  msg = errorMessage([&] { r.system.realizeTopology(); });
  EXPECT_TRUE(mentions(msg, {"elbow", "whichU 1"})) << msg;
}

}  // namespace
}  // namespace articula
