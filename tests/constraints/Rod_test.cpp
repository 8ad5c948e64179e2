// Rod: a four-bar linkage whose coupler is a Rod follows Freudenstein's input-output relation
// while it moves; generic derivative checks on random trees; bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "ConstraintChecks.h"
#include "articula/integrators/integrators.h"

namespace articula::testing {
namespace {

// Crank a (pin at Ground's origin), coupler b (the Rod), rocker c (pin at (d, 0, 0)).
struct FourBar {
  static constexpr Real a = 0.3, b = 1.0, c = 0.8, d = 0.9;
  MultibodySystem system;
  MobilizedBody crank, rocker;
  const constraints::Rod* rod = nullptr;

  FourBar() {
    MatterSubsystem& matter = system.updMatter();
    const Body link(MassProperties::fromCentral(1.0, Vec3(0.15, 0, 0), Inertia(0.001, 0.01, 0.01)));
    const Body rockerBody(MassProperties::fromCentral(2.0, Vec3(0.4, 0, 0), Inertia(0.002, 0.1, 0.1)));
    crank = MobilizedBody::Pin(MobilizedBody::Ground(matter), Transform(), link, Transform());
    rocker = MobilizedBody::Pin(MobilizedBody::Ground(matter), Transform(Vec3(d, 0, 0)), rockerBody, Transform());
    rod = &addConstraint<constraints::Rod>(matter, "coupler", crank.getIndex(), Vec3(a, 0, 0), rocker.getIndex(),
                                           Vec3(c, 0, 0), b);
    system.realizeTopology();
  }

  // Rocker angle for crank angle theta2 (open branch), from |B - A| = b.
  static Real rockerAngle(Real theta2) {
    const Real P = 2 * c * (d - a * std::cos(theta2)), Q = -2 * a * c * std::sin(theta2);
    const Real R = a * a + c * c + d * d - b * b - 2 * a * d * std::cos(theta2);
    return std::atan2(Q, P) + std::acos(-R / std::hypot(P, Q));
  }
  // Freudenstein: K1 cos t4 - K2 cos t2 + K3 - cos(t2 - t4) = 0.
  static Real freudenstein(Real t2, Real t4) {
    const Real K1 = d / a, K2 = d / c, K3 = (a * a - b * b + c * c + d * d) / (2 * a * c);
    return K1 * std::cos(t4) - K2 * std::cos(t2) + K3 - std::cos(t2 - t4);
  }
};

TEST(Rod, FourBarAssembledByTheAnalyticRelationHasNoError) {
  FourBar fb;
  for (Real t2 : {0.0, 0.7, 2.0, -2.5}) {
    State s = fb.system.getDefaultState();
    const Real t4 = FourBar::rockerAngle(t2);
    fb.crank.setOneQ(s, 0, t2);
    fb.rocker.setOneQ(s, 0, t4);
    fb.system.realize(s, Stage::Position);
    EXPECT_NEAR(fb.rod->getPositionErrors(s)[0], 0, 1e-14);
    EXPECT_NEAR(FourBar::freudenstein(t2, t4), 0, 1e-13);
  }
}

TEST(Rod, FourBarMotionFollowsFreudensteinAndConservesEnergy) {
  FourBar fb;
  State s = fb.system.getDefaultState();
  fb.crank.setOneQ(s, 0, 0.3);
  fb.rocker.setOneQ(s, 0, FourBar::rockerAngle(0.3));
  fb.crank.setOneU(s, 0, 5.0);  // the rocker's speed comes from velocity projection
  auto integ = makeIntegrator("RungeKuttaMerson", fb.system);
  integ->setAccuracy(1e-8);
  integ->initialize(s);
  const Real e0 = fb.system.calcEnergy(integ->getState());
  Real worstRelation = 0, worstEnergy = 0;
  for (int i = 1; i <= 40; ++i) {
    integ->stepTo(0.05 * i);
    const State& st = integ->getState();
    const Real t2 = fb.crank.getOneQ(st, 0), t4 = fb.rocker.getOneQ(st, 0);
    worstRelation = std::max(worstRelation, std::abs(FourBar::freudenstein(t2, t4)));
    worstEnergy = std::max(worstEnergy, std::abs(fb.system.calcEnergy(st) - e0) / e0);
  }
  // The crank turned through more than a revolution.
  EXPECT_GT(std::abs(fb.crank.getOneQ(integ->getState(), 0) - 0.3), 2 * M_PI);
  EXPECT_LT(worstRelation, 1e-7);
  EXPECT_LT(worstEnergy, 1e-6);
}

TEST(Rod, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> body(0, 8);
    int A = body(rng), B = body(rng);
    if (A == B) B = (A + 1) % 9;
    const auto& rod = addConstraint<constraints::Rod>(t.matter(), "rod", A, Vec3(0.1, -0.2, 0.3), B,
                                                      Vec3(-0.3, 0.2, 0.1), 0.7);
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, rod, s, std::string("Rod seed ") + std::to_string(seed));
  }
}

TEST(Rod, BadInputIsNamed) {
  MultibodySystem sys;
  MatterSubsystem& matter = sys.updMatter();
  const MobilizedBody b = MobilizedBody::Pin(MobilizedBody::Ground(matter),
                                             Body(MassProperties(1, Vec3::Zero(), Inertia(1, 1, 1))));
  try {
    addConstraint<constraints::Rod>(matter, "rod 3", 0, Vec3::Zero(), b.getIndex(), Vec3::Zero(), -1.0);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Constraint 'rod 3' (Rod): length -1"), std::string::npos) << e.what();
  }
  try {
    addConstraint<constraints::Rod>(matter, "r", 0, Vec3::Zero(), 7, Vec3::Zero(), 1.0);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("body B 7 does not exist"), std::string::npos) << e.what();
  }
  EXPECT_THROW(addConstraint<constraints::Rod>(matter, "r", 1, Vec3::Zero(), 1, Vec3::UnitX(), 1.0), Error);
  sys.realizeTopology();
  EXPECT_THROW(addConstraint<constraints::Rod>(matter, "late", 0, Vec3::Zero(), 1, Vec3::Zero(), 1.0), Error);
}

}  // namespace
}  // namespace articula::testing
