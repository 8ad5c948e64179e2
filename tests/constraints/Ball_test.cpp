// Ball: a planar four-bar closed by coincident points. The closure has three equations of which
// only two are independent in the plane, so the solver meets a rank-deficient G every step.
// The motion follows Freudenstein's relation. Derivative checks on random trees.
#include <gtest/gtest.h>

#include <cmath>

#include "ConstraintChecks.h"
#include "articula/integrators/integrators.h"

namespace articula::testing {
namespace {

constexpr Real a = 0.3, b = 1.0, c = 0.8, d = 0.9;

Real freudenstein(Real t2, Real t4) {
  const Real K1 = d / a, K2 = d / c, K3 = (a * a - b * b + c * c + d * d) / (2 * a * c);
  return K1 * std::cos(t4) - K2 * std::cos(t2) + K3 - std::cos(t2 - t4);
}

TEST(Ball, FourBarWithCouplerBodyFollowsFreudenstein) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  addTestForces(sys).gravity = Vec3(0, -9.81, 0);
  const MobilizedBody ground = MobilizedBody::Ground(m);
  auto bar = [](Real len, Real mass) {
    return Body(MassProperties::fromCentral(mass, Vec3(len / 2, 0, 0),
                                            Inertia(1e-4, mass * len * len / 12, mass * len * len / 12)));
  };
  const MobilizedBody crank = MobilizedBody::Pin(ground, Transform(), bar(a, 1), Transform());
  const MobilizedBody coupler = MobilizedBody::Pin(crank, Transform(Vec3(a, 0, 0)), bar(b, 2), Transform());
  const MobilizedBody rocker = MobilizedBody::Pin(ground, Transform(Vec3(d, 0, 0)), bar(c, 1.5), Transform());
  const auto& ball = addConstraint<constraints::Ball>(m, "closure", coupler.getIndex(), Vec3(b, 0, 0),
                                                      rocker.getIndex(), Vec3(c, 0, 0));
  sys.realizeTopology();

  // Assemble analytically: theta2, then theta4 from the loop, then the coupler's relative angle.
  const Real t2 = 0.4;
  const Real P = 2 * c * (d - a * std::cos(t2)), Q = -2 * a * c * std::sin(t2);
  const Real R = a * a + c * c + d * d - b * b - 2 * a * d * std::cos(t2);
  const Real t4 = std::atan2(Q, P) + std::acos(-R / std::hypot(P, Q));
  const Vec3 A(a * std::cos(t2), a * std::sin(t2), 0), B(d + c * std::cos(t4), c * std::sin(t4), 0);
  const Real t3 = std::atan2(B.y() - A.y(), B.x() - A.x());
  State s = sys.getDefaultState();
  crank.setOneQ(s, 0, t2);
  coupler.setOneQ(s, 0, t3 - t2);
  rocker.setOneQ(s, 0, t4);
  sys.realize(s, Stage::Position);
  EXPECT_LT(ball.getPositionErrors(s).norm(), 1e-14);

  auto integ = makeIntegrator("RungeKuttaMerson", sys);
  integ->setAccuracy(1e-8);
  integ->initialize(s);
  const Real e0 = sys.calcEnergy(integ->getState());
  Real worst = 0, worstEnergy = 0;
  for (int i = 1; i <= 30; ++i) {
    integ->stepTo(0.05 * i);
    const State& st = integ->getState();
    worst = std::max(worst, std::abs(freudenstein(crank.getOneQ(st, 0), rocker.getOneQ(st, 0))));
    worstEnergy = std::max(worstEnergy, std::abs(sys.calcEnergy(st) - e0));
  }
  EXPECT_LT(worst, 1e-7);
  EXPECT_LT(worstEnergy, 1e-6);
  EXPECT_GT(ConstraintSet::get(m).getStatistics().rankDeficientSolves, 0);
}

TEST(Ball, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 200);
    const int A = static_cast<int>(seed % 4), B = 4 + static_cast<int>(seed % 5);
    const auto& ball = addConstraint<constraints::Ball>(t.matter(), "ball", A, Vec3(0.2, 0.1, -0.3), B,
                                                        Vec3(-0.1, 0.4, 0.2));
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, ball, s, std::string("Ball seed ") + std::to_string(seed));
  }
}

}  // namespace
}  // namespace articula::testing
