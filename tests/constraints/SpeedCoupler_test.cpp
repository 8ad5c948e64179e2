// SpeedCoupler: u1 = r u2 between two rotors behaves like the gear at velocity level; a
// nonlinear speed relation passes the derivative checks (vdot = sum df/du_i udot_i).
#include <gtest/gtest.h>

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
                                           std::vector<int>{rot.r1.getIndex(), rot.r2.getIndex()}, std::vector<int>{0, 0});
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

}  // namespace
}  // namespace articula::testing
