#include "articula/forces/CoordinateLimitForce.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ForceTestModels.h"

namespace articula {
namespace {

using testing::mentions;

struct PinModel {
  MultibodySystem system;
  GeneralForceSubsystem* forces;
  MobilizedBody link;
  PinModel() {
    MobilizedBody ground = MobilizedBody::Ground(system.updMatter());
    link = MobilizedBody::Pin(ground, Transform(), testing::massBody(1.0, Vec3(0.3, 0, 0), Vec3(0.01, 0.01, 0.02)),
                              Transform());
    forces = &system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>());
  }
};

CoordinateLimitForce::Parameters someLimits() {
  // OpenSim's defaults for a rotational coordinate are per degree; these are SI: limits -0.4..0.7
  // rad, stiffness 30 and 50 N m/rad, damping 0.2 N m s/rad, transition 0.1 rad.
  return {-0.4, 0.7, 30, 50, 0.2, 0.1};
}

// Inside the limits nothing; beyond limit + transition exactly the linear spring K d with full
// damping (the step is 1), so f = −50 (q − 0.7) − 0.2 q̇ above and f = 30 (−0.4 − q) − 0.2 q̇ below.
TEST(CoordinateLimitForce, ZeroInsideAndTheFullSpringBeyondTheTransition) {
  const CoordinateLimitForce f(1, 0, someLimits());
  for (Real q : {-0.4, -0.1, 0.0, 0.3, 0.7}) EXPECT_EQ(f.evaluate(q, 1.5).force, 0.0) << q;
  EXPECT_NEAR(f.evaluate(0.9, 2.0).force, -50 * 0.2 - 0.2 * 2.0, 1e-13);
  EXPECT_NEAR(f.evaluate(-0.65, -1.0).force, 30 * 0.25 + 0.2 * 1.0, 1e-13);
  // Halfway through the transition the step is s(1/2) = 1/2 (10/8 − 15/16 + 6/32 = 1/2).
  EXPECT_NEAR(f.evaluate(0.75, 0).force, -50 * 0.5 * 0.05, 1e-14);
  EXPECT_NEAR(f.evaluate(0.75, 3).dForceDqdot, -0.2 * 0.5, 1e-14);
}

// The spring is the negative gradient of OpenSim's potential (central differences) everywhere,
// through the transition included; the linearization matches differences of the force.
TEST(CoordinateLimitForce, ForceIsTheGradientOfItsPotentialAndItsSlopesMatchDifferences) {
  const CoordinateLimitForce f(1, 0, someLimits());
  const Real h = 1e-6;
  for (Real q = -0.7; q <= 1.0; q += 0.0137) {
    const Real dPE = (f.evaluate(q + h, 0).potentialEnergy - f.evaluate(q - h, 0).potentialEnergy) / (2 * h);
    EXPECT_NEAR(f.evaluate(q, 0).force, -dPE, 1e-8) << q;
    const Real qd = 0.8;
    const Real dFdq = (f.evaluate(q + h, qd).force - f.evaluate(q - h, qd).force) / (2 * h);
    EXPECT_NEAR(f.evaluate(q, qd).dForceDq, dFdq, 1e-6) << q;
    const Real dFdqd = (f.evaluate(q, qd + h).force - f.evaluate(q, qd - h).force) / (2 * h);
    EXPECT_NEAR(f.evaluate(q, qd).dForceDqdot, dFdqd, 1e-8) << q;
  }
  // The energy is continuous where the transition ends: K w²·5/14 from both sides.
  EXPECT_NEAR(f.evaluate(0.8 - 1e-12, 0).potentialEnergy, 50 * 0.01 * 5 / 14, 1e-10);
  EXPECT_NEAR(f.evaluate(0.8 + 1e-12, 0).potentialEnergy, 50 * 0.01 * 5 / 14, 1e-10);
}

// A swinging link that hits both limits: without damping KE + PE is conserved; with damping the
// energy balance closes with the dissipated work. Power matches its definition; the two
// linearizations agree.
TEST(CoordinateLimitForce, EnergyBookkeepingClosesAndPowerMatchesTheDefinition) {
  for (Real damping : {0.0, 0.2}) {
    PinModel model;
    CoordinateLimitForce::Parameters p = someLimits();
    p.damping = damping;
    auto& limit = model.forces->addForce(std::make_unique<CoordinateLimitForce>(model.link, 0, p, "lim"));
    State s = model.system.realizeTopology();
    model.link.setOneU(s, 0, 4.0);
    const testing::EnergyRun run = testing::runRK4(model.system, *model.forces, s, 1e-4, 20000);
    EXPECT_LT(run.maxDrift, 1e-8 * run.energy0) << damping;
    if (damping > 0) {
      EXPECT_LT(run.work, -0.1 * run.energy0);
    }
    const MatterSubsystem& matter = model.system.getMatter();
    model.link.setOneQ(s, 0, 0.76);
    model.link.setOneU(s, 0, -1.3);
    model.system.realize(s, Stage::Velocity);
    EXPECT_NEAR(limit.calcPower(s, matter), testing::powerFromForces(limit, s, matter), 1e-13);
    const int nu = matter.getNU();
    Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
    limit.addInForceJacobian(s, matter, D, K);
    const auto tree = testing::densifyTreeJacobian(limit, matter, s);
    ASSERT_TRUE(tree.accepted);
    EXPECT_LT((tree.D - D).norm(), 1e-13);
    EXPECT_LT((tree.K - K).norm(), 1e-13);
    EXPECT_NEAR(K(0, 0), limit.evaluate(0.76, -1.3).dForceDq, 1e-13);
  }
}

TEST(CoordinateLimitForce, RejectsBadInputWithNamedErrors) {
  using testing::errorMessage;
  CoordinateLimitForce::Parameters p = someLimits();
  p.transition = 0;
  std::string msg = errorMessage([&] { CoordinateLimitForce(1, 0, p, "knee limit"); });
  EXPECT_TRUE(mentions(msg, {"CoordinateLimitForce", "knee limit", "transition", "0"})) << msg;
  p = someLimits();
  p.upperStiffness = -1;
  msg = errorMessage([&] { CoordinateLimitForce(1, 0, p, "knee limit"); });
  EXPECT_TRUE(mentions(msg, {"knee limit", "upperStiffness", "-1"})) << msg;
  p = someLimits();
  p.lower = 1;
  msg = errorMessage([&] { CoordinateLimitForce(1, 0, p, "knee limit"); });
  EXPECT_TRUE(mentions(msg, {"knee limit", "lower bound"})) << msg;
}

}  // namespace
}  // namespace articula
