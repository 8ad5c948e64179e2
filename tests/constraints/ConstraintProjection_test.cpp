// Coordinate projection: Newton on positions, then velocities, to the requested tolerance in the
// weighted norm; a closed loop integrated for 10 s conserves energy with constraint errors below
// the tolerance after every step; error estimates lose their constraint-normal part; locked
// mobilities are not moved; an unreachable constraint is a ProjectionFailure.
#include <gtest/gtest.h>

#include <cmath>

#include "ConstraintChecks.h"
#include "articula/integrators/integrators.h"
#include "support/DenseDynamics.h"

namespace articula::testing {
namespace {

// Planar four-bar with a coupler body, closed by a Rod (crank a, coupler b, rocker c, ground d),
// under gravity.
struct Loop {
  static constexpr Real a = 0.3, b = 1.0, c = 0.8, d = 0.9;
  MultibodySystem sys;
  MobilizedBody crank, coupler, rocker;
  const Constraint* closure = nullptr;
  Loop() {
    MatterSubsystem& m = sys.updMatter();
    addTestForces(sys).gravity = Vec3(0, -9.81, 0);
    const MobilizedBody ground = MobilizedBody::Ground(m);
    auto bar = [](Real len, Real mass) {
      return Body(MassProperties::fromCentral(mass, Vec3(len / 2, 0, 0),
                                              Inertia(1e-4, mass * len * len / 12, mass * len * len / 12)));
    };
    crank = MobilizedBody::Pin(ground, Transform(), bar(a, 1), Transform());
    coupler = MobilizedBody::Pin(crank, Transform(Vec3(a, 0, 0)), bar(b, 2), Transform());
    rocker = MobilizedBody::Pin(ground, Transform(Vec3(d, 0, 0)), bar(c, 1.5), Transform());
    closure = &addConstraint<constraints::Ball>(m, "closure", coupler.getIndex(), Vec3(b, 0, 0), rocker.getIndex(),
                                                Vec3(c, 0, 0));
    sys.realizeTopology();
  }
  State assembled(Real t2) const {
    const Real P = 2 * c * (d - a * std::cos(t2)), Q = -2 * a * c * std::sin(t2);
    const Real R = a * a + c * c + d * d - b * b - 2 * a * d * std::cos(t2);
    const Real t4 = std::atan2(Q, P) + std::acos(-R / std::hypot(P, Q));
    const Vec3 A(a * std::cos(t2), a * std::sin(t2), 0), B(d + c * std::cos(t4), c * std::sin(t4), 0);
    State s = sys.getDefaultState();
    crank.setOneQ(s, 0, t2);
    coupler.setOneQ(s, 0, std::atan2(B.y() - A.y(), B.x() - A.x()) - t2);
    rocker.setOneQ(s, 0, t4);
    return s;
  }
};

TEST(ConstraintProjection, NewtonReachesTheToleranceFromAPerturbedState) {
  Loop loop;
  State s = loop.assembled(0.5);
  loop.coupler.setOneQ(s, 0, loop.coupler.getOneQ(s, 0) + 0.05);
  loop.crank.setOneU(s, 0, 3.0);
  loop.rocker.setOneU(s, 0, -1.0);
  EXPECT_TRUE(loop.sys.project(s, 1e-10));
  loop.sys.realize(s, Stage::Velocity);
  EXPECT_LT(loop.closure->getPositionErrors(s).norm(), 1e-10);
  EXPECT_LT(loop.closure->getVelocityErrors(s).norm(), 1e-9);
  const ConstraintStatistics st = ConstraintSet::get(loop.sys.getMatter()).getStatistics();
  EXPECT_GE(st.positionIterations, 2);
  EXPECT_LE(st.positionIterations, 8);
  // Already on the manifold: nothing changes.
  EXPECT_FALSE(loop.sys.project(s, 1e-8));
}

TEST(ConstraintProjection, ClosedLoopConservesEnergyWithErrorsBelowToleranceEveryStep) {
  Loop loop;
  State s = loop.assembled(0.2);
  loop.crank.setOneU(s, 0, 4.0);
  auto integ = makeIntegrator("RungeKuttaMerson", loop.sys);
  integ->setAccuracy(1e-6);
  integ->setReturnEveryInternalStep(true);
  integ->initialize(s);
  const Real tol = integ->getConstraintToleranceInUse();
  const Real e0 = loop.sys.calcEnergy(integ->getState());
  Real worstP = 0, worstV = 0, worstE = 0;
  int steps = 0;
  while (integ->getTime() < 10) {
    integ->stepTo(10);
    State st = integ->getAdvancedState();
    loop.sys.realize(st, Stage::Velocity);
    worstP = std::max(worstP, loop.closure->getPositionErrors(st).norm() / std::sqrt(3.0));
    worstV = std::max(worstV, 0.1 * loop.closure->getVelocityErrors(st).norm() / std::sqrt(3.0));
    worstE = std::max(worstE, std::abs(loop.sys.calcEnergy(st) - e0));
    ++steps;
  }
  EXPECT_LE(worstP, tol);
  EXPECT_LE(worstV, tol);
  EXPECT_LT(worstE / e0, 1e-4) << "steps " << steps;
  RecordProperty("energy_drift", std::to_string(worstE / e0));
  std::printf("closed loop 10 s: %d steps, max |dE|/E %.3g, max weighted p err %.3g, v err %.3g, tol %.3g\n", steps,
              worstE / e0, worstP, worstV, tol);
}

// Every integrator projects through System::project: constraint errors stay within the
// tolerance after each step, for explicit, Verlet and CVODE methods alike.
TEST(ConstraintProjection, EveryIntegratorKeepsTheLoopClosed) {
  for (const char* method : {"RungeKutta3", "RungeKuttaFeldberg", "DormandPrince54", "SemiExplicitEuler2",
                             "VelocityVerlet", "CvodeBDF", "CvodeAdams"}) {
    Loop loop;
    State s = loop.assembled(0.2);
    loop.crank.setOneU(s, 0, 4.0);
    auto integ = makeIntegrator(method, loop.sys);
    integ->setAccuracy(1e-5);
    integ->setReturnEveryInternalStep(true);
    integ->initialize(s);
    const Real tol = integ->getConstraintToleranceInUse();
    const Real e0 = loop.sys.calcEnergy(integ->getState());
    Real worstP = 0, worstE = 0;
    while (integ->getTime() < 2) {
      integ->stepTo(2);
      State st = integ->getAdvancedState();
      loop.sys.realize(st, Stage::Velocity);
      worstP = std::max(worstP, loop.closure->getPositionErrors(st).norm() / std::sqrt(3.0));
      worstE = std::max(worstE, std::abs(loop.sys.calcEnergy(st) - e0) / e0);
    }
    EXPECT_LE(worstP, tol) << method;
    EXPECT_LT(worstE, 1e-2) << method;
    std::printf("%-20s steps %5d  max |dE|/E %.2e  max weighted closure error %.2e (tol %.0e)\n", method,
                static_cast<int>(integ->getStatistics().stepsTaken), worstE, worstP, tol);
  }
}

TEST(ConstraintProjection, ErrorEstimateLosesItsConstraintNormalPart) {
  Loop loop;
  State s = loop.assembled(0.9);
  loop.sys.realize(s, Stage::Velocity);
  const MatterSubsystem& m = loop.sys.getMatter();
  std::mt19937 rng(3);
  Vector yErr = randomVector(s.getNQ() + s.getNU() + s.getNZ(), rng);
  loop.sys.project(s, 1e-8, &yErr);
  Matrix G;
  ConstraintSet::get(m).calcG(s, G);
  // All rows are position rows; pin q = u, so G applies to both parts directly.
  EXPECT_LT((G * yErr.head(m.getNQ())).norm(), 1e-12);
  EXPECT_LT((G * yErr.segment(m.getNQ(), m.getNU())).norm(), 1e-12);
}

TEST(ConstraintProjection, LockedMobilitiesStayPut) {
  Loop loop;
  State s = loop.assembled(0.5);
  loop.sys.getMatter().lockAtCurrent(s, loop.crank.getIndex());
  loop.coupler.setOneQ(s, 0, loop.coupler.getOneQ(s, 0) + 0.02);
  const Real crankQ = loop.crank.getOneQ(s, 0);
  loop.sys.project(s, 1e-10);
  loop.sys.realize(s, Stage::Position);
  EXPECT_EQ(loop.crank.getOneQ(s, 0), crankQ);
  EXPECT_LT(loop.closure->getPositionErrors(s).norm(), 1e-10);
}

// A pin link whose station 1 m from the pin is tied to the pin's centre by a Rod of the given
// length, which no q can meet. Returns the projection's failure message and its failure count.
std::pair<std::string, int> projectUnreachableRod(const std::string& name, Real length) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const MobilizedBody link = MobilizedBody::Pin(MobilizedBody::Ground(m),
                                                Body(MassProperties(1, Vec3::Zero(), Inertia(1, 1, 1))));
  addConstraint<constraints::Rod>(m, name, 0, Vec3(0, 0, 0), link.getIndex(), Vec3(1, 0, 0), length);
  sys.realizeTopology();
  State s = sys.getDefaultState();
  std::string message = "no ProjectionFailure";
  try {
    sys.project(s, 1e-6);
  } catch (const ProjectionFailure& e) {
    message = e.what();
  }
  return {message, ConstraintSet::get(m).getStatistics().projectionFailures};
}

TEST(ConstraintProjection, UnreachableConstraintIsAProjectionFailure) {
  // 2 m off: refused outright (larger than the largest correction allowed).
  const auto [message, failures] = projectUnreachableRod("too long", 3.0);
  EXPECT_NE(message.find("refused"), std::string::npos) << message;
  EXPECT_NE(message.find("Constraint 'too long' (Rod)"), std::string::npos) << message;
}

TEST(ConstraintProjection, SlightlyUnreachableConstraintDoesNotConverge) {
  const auto [message, failures] = projectUnreachableRod("short", 1.05);
  EXPECT_NE(message.find("did not converge"), std::string::npos) << message;
  EXPECT_NE(message.find("Constraint 'short' (Rod)"), std::string::npos) << message;
  EXPECT_EQ(failures, 1);
}

// A slider (X_PF 0.4 m off Ground's origin) and a pin (X_PF 0.2 m, X_BM 0.3 m) coupled by
// q_slider + q_pin = 0.1. From q = 0 the smallest change in the weighted norm (slider weight
// 1/L, pin weight 1) moves them in the ratio L^2 : 1, with L the median offset (0.3 m) unless set.
struct SliderAndPin {
  MultibodySystem sys;
  MobilizedBody slider, pin;
  SliderAndPin() {
    MatterSubsystem& m = sys.updMatter();
    const Body body(MassProperties(1, Vec3::Zero(), Inertia(1, 1, 1)));
    const MobilizedBody ground = MobilizedBody::Ground(m);
    slider = MobilizedBody::Slider(ground, Transform(Vec3(0.4, 0, 0)), body, Transform());
    pin = MobilizedBody::Pin(ground, Transform(Vec3(0, 0.2, 0)), body, Transform(Vec3(0.3, 0, 0)));
    addConstraint<constraints::CoordinateCoupler>(m, "coupler", functions::linear({1, 1}, -0.1),
                                                  std::vector<int>{slider.getIndex(), pin.getIndex()},
                                                  std::vector<int>{0, 0});
  }
  // Projects from q = 0 and returns the slider's share of the correction over the pin's.
  Real projectedRatio() {
    State s = sys.getDefaultState();
    sys.project(s, 1e-12);
    EXPECT_NEAR(slider.getOneQ(s, 0) + pin.getOneQ(s, 0), 0.1, 1e-12);
    return slider.getOneQ(s, 0) / pin.getOneQ(s, 0);
  }
};

TEST(ConstraintProjection, LengthScaleComesFromTheModelOrTheUser) {
  SliderAndPin model;
  ConstraintSet& set = ConstraintSet::upd(model.sys.updMatter());
  model.sys.realizeTopology();
  EXPECT_DOUBLE_EQ(set.getLengthScale(), 0.3);
  EXPECT_NEAR(model.projectedRatio(), 0.3 * 0.3, 1e-10);
  set.setLengthScale(2.0);
  EXPECT_NEAR(model.projectedRatio(), 4.0, 1e-10);
  EXPECT_THROW(set.setLengthScale(-1), Error);
}

}  // namespace
}  // namespace articula::testing
