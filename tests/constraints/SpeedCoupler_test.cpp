// SpeedCoupler: u1 = r u2 between two rotors behaves like the gear at velocity level; a
// nonlinear speed relation passes the derivative checks (vdot = sum df/du_i udot_i); with a
// coordinate argument, u1 = c q2 follows a freely spinning rotor 2, and a nonlinear relation of
// speeds and coordinates passes the derivative checks (vdot gains sum df/dq_j qdot_j).
#include <gtest/gtest.h>

#include <cmath>

#include "MobilityModels.h"

namespace articula::testing {
namespace {

// f(u1, u2) = u1 u2 + u1^2 / 2 - 0.1.
class Product : public Function {
 public:
  int argumentSize() const override { return 2; }
  Real calcValue(std::span<const Real> v) const override { return v[0] * v[1] + 0.5 * v[0] * v[0] - 0.1; }
  Real calcDerivative(std::span<const int> c, std::span<const Real> v) const override {
    if (c.size() == 1) return c[0] == 0 ? v[1] + v[0] : v[0];
    if (c.size() == 2) return (c[0] == 0 && c[1] == 0) ? 1 : (c[0] != c[1] ? 1 : 0);
    return 0;
  }
};

TEST(SpeedCoupler, GearAtVelocityLevel) {
  const Real r = -1.5, tau = 0.6;
  TwoRotors rot;
  addConstraint<constraints::SpeedCoupler>(rot.sys.updMatter(), "belt", functions::linear({1, -r}, 0),
                                           std::vector<int>{rot.r1.getIndex(), rot.r2.getIndex()},
                                           std::vector<int>{0, 0});
  rot.sys.realizeTopology();
  const MatterSubsystem& m = rot.sys.getMatter();
  rot.forces->mobilityForces = Eigen::Vector2d(0, tau);
  State s = rot.sys.getDefaultState();
  m.updU(s) = Eigen::Vector2d(r * 0.4, 0.4);
  rot.sys.realize(s, Stage::Acceleration);
  const Real u2dot = tau / (TwoRotors::I2 + r * r * TwoRotors::I1);
  EXPECT_NEAR(m.getUDot(s)[1], u2dot, 1e-12);
  EXPECT_NEAR(m.getUDot(s)[0], r * u2dot, 1e-12);
}

TEST(SpeedCoupler, NonlinearRelationDerivativesAndProjection) {
  for (unsigned seed = 1; seed <= 4; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 6;
    opt.kinds = {MobilizerKind::Pin, MobilizerKind::Slider, MobilizerKind::BallQuaternion};
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 900);
    const auto& c = addConstraint<constraints::SpeedCoupler>(t.matter(), "product", std::make_shared<Product>(),
                                                             std::vector<int>{2, 5}, std::vector<int>{0, 0});
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, c, s, std::string("SpeedCoupler seed ") + std::to_string(seed), 1e-6, false);
    // Velocity projection (Newton, nonlinear in u) reaches the tolerance.
    t.system->project(s, 1e-12);
    t.system->realize(s, Stage::Velocity);
    EXPECT_LT(std::abs(c.getVelocityErrors(s)[0]), 1e-11);
  }
}

// f(u_a, u_b, q_c) = u_a + u_b sin(q_c) - 0.1.
class SpeedsAndAngle : public Function {
 public:
  int argumentSize() const override { return 3; }
  Real calcValue(std::span<const Real> v) const override { return v[0] + v[1] * std::sin(v[2]) - 0.1; }
  Real calcDerivative(std::span<const int> c, std::span<const Real> v) const override {
    if (c.size() == 1) return c[0] == 0 ? 1 : c[0] == 1 ? std::sin(v[2]) : v[1] * std::cos(v[2]);
    if (c.size() == 2 && c[0] + c[1] == 3 && c[0] != c[1]) return std::cos(v[2]);  // d2f/du_b dq_c
    if (c.size() == 2 && c[0] == 2 && c[1] == 2) return -v[1] * std::sin(v[2]);
    return 0;
  }
};

TEST(SpeedCoupler, SpeedTiedToACoordinateOfAFreeRotor) {
  const Real gain = 0.7, omega = 1.3;
  TwoRotors rot;
  const auto& c = addConstraint<constraints::SpeedCoupler>(rot.sys.updMatter(), "cam", functions::linear({1, -gain}, 0),
                                                           std::vector<int>{rot.r1.getIndex()}, std::vector<int>{0},
                                                           std::vector<int>{rot.r2.getIndex()}, std::vector<int>{0});
  rot.sys.realizeTopology();
  const MatterSubsystem& m = rot.sys.getMatter();
  State s = rot.sys.getDefaultState();
  m.updQ(s) = Eigen::Vector2d(0.2, 0.5);
  m.updU(s) = Eigen::Vector2d(gain * 0.5, omega);
  rot.sys.realize(s, Stage::Acceleration);
  EXPECT_NEAR(c.getVelocityErrors(s)[0], 0, 1e-15);
  // u1 = gain q2 with q2 = q2(0) + omega t: u1dot = gain omega; rotor 2 feels nothing.
  EXPECT_NEAR(m.getUDot(s)[0], gain * omega, 1e-12);
  EXPECT_NEAR(m.getUDot(s)[1], 0, 1e-12);
  EXPECT_LT(inverseDynamicsMinusConstraintForce(m, s, c).norm(), 1e-12);
  MultibodySystem sys;
  EXPECT_THROW(addConstraint<constraints::SpeedCoupler>(sys.updMatter(), "bad", functions::linear({1, 1}, 0),
                                                        std::vector<int>{1}, std::vector<int>{0}, std::vector<int>{1},
                                                        std::vector<int>{}),
               Error);
}

TEST(SpeedCoupler, CoordinateArgumentsDerivatives) {
  checkDerivativesOnRandomTrees(
      "SpeedCoupler with q", {MobilizerKind::Pin, MobilizerKind::Slider, MobilizerKind::BallQuaternion}, 950,
      [](MatterSubsystem& m) -> const Constraint& {
        return addConstraint<constraints::SpeedCoupler>(m, "speeds and angle", std::make_shared<SpeedsAndAngle>(),
                                                        std::vector<int>{2, 5}, std::vector<int>{0, 0},
                                                        std::vector<int>{4}, std::vector<int>{0});
      },
      false);
}

}  // namespace
}  // namespace articula::testing
