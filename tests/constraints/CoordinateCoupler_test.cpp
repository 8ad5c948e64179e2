// CoordinateCoupler: a gear q1 = r q2 between two rotors gives the torque-driven rotor the
// reflected inertia I2 + r^2 I1; a nonlinear coupler passes the derivative checks.
#include <gtest/gtest.h>

#include <cmath>

#include "MobilityModels.h"

namespace articula::testing {
namespace {

// f(x, y) = sin x + x y - 0.3 y^2 with exact derivatives.
class Curve : public Function {
 public:
  int argumentSize() const override { return 2; }
  Real calcValue(std::span<const Real> v) const override { return std::sin(v[0]) + v[0] * v[1] - 0.3 * v[1] * v[1]; }
  Real calcDerivative(std::span<const int> c, std::span<const Real> v) const override {
    if (c.size() == 1) return c[0] == 0 ? std::cos(v[0]) + v[1] : v[0] - 0.6 * v[1];
    if (c.size() == 2) {
      if (c[0] == 0 && c[1] == 0) return -std::sin(v[0]);
      if (c[0] == 1 && c[1] == 1) return -0.6;
      return 1;
    }
    return 0;
  }
};

TEST(CoordinateCoupler, GearReflectsInertia) {
  const Real r = 2.5, tau = 0.8;
  TwoRotors rot;
  const auto& gear = addConstraint<constraints::CoordinateCoupler>(
      rot.sys.updMatter(), "gear", functions::linear({1, -r}, 0),
      std::vector<int>{rot.r1.getIndex(), rot.r2.getIndex()}, std::vector<int>{0, 0});
  rot.sys.realizeTopology();
  const MatterSubsystem& m = rot.sys.getMatter();
  rot.forces->mobilityForces = Eigen::Vector2d(0, tau);
  State s = rot.sys.getDefaultState();
  m.updQ(s) = Eigen::Vector2d(0.5, 0.2);
  m.updU(s) = Eigen::Vector2d(-0.25, -0.1);
  rot.sys.realize(s, Stage::Acceleration);
  EXPECT_NEAR(gear.getPositionErrors(s)[0], 0, 1e-15);
  EXPECT_NEAR(gear.getVelocityErrors(s)[0], 0, 1e-15);
  const Real q2dd = tau / (TwoRotors::I2 + r * r * TwoRotors::I1);
  EXPECT_NEAR(m.getUDot(s)[1], q2dd, 1e-12);
  EXPECT_NEAR(m.getUDot(s)[0], r * q2dd, 1e-12);
  EXPECT_NEAR(gear.calcPower(s), 0, 1e-12);
}

TEST(CoordinateCoupler, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 800);
    // Two coordinates of mobilizers that have at least one q.
    std::vector<int> bodies, qs;
    for (int b = 1; b <= 8 && bodies.size() < 2; ++b) {
      const int nq = t.matter().getInfo(b).nq;
      if (nq == 0) continue;
      bodies.push_back(b);
      qs.push_back(static_cast<int>(seed) % nq);
    }
    const auto& c = addConstraint<constraints::CoordinateCoupler>(t.matter(), "curve", std::make_shared<Curve>(),
                                                                  bodies, qs);
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, c, s, std::string("CoordinateCoupler seed ") + std::to_string(seed));
  }
}

TEST(CoordinateCoupler, BadInputIsNamed) {
  TwoRotors rot;
  EXPECT_THROW(addConstraint<constraints::CoordinateCoupler>(rot.sys.updMatter(), "g", functions::linear({1, 1}, 0),
                                                             std::vector<int>{1}, std::vector<int>{0}),
               Error);
  try {
    addConstraint<constraints::CoordinateCoupler>(rot.sys.updMatter(), "g", functions::linear({1, 1}, 0),
                                                  std::vector<int>{1, 2}, std::vector<int>{0, 3});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("coordinate index 3 of body 2 does not exist"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articula::testing
