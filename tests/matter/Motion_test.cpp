// Prescribed mobilizer motion: the driven mobility follows its function at every level, the
// forces reported for it equal inverse dynamics of the resulting motion, the rest of the tree
// moves as the dynamics says, and it combines with constraints (a four-bar driven by its crank).
#include <gtest/gtest.h>

#include <cmath>

#include "articula/constraints/constraints.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/Motion.h"
#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

TEST(Motion, ForcesEqualInverseDynamicsOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 10;
    RandomTree tree(seed, opt);
    const MatterSubsystem& m = tree.matter();
    std::mt19937 rng(seed);
    tree.forces().bodyForces_G = randomBodyForces(m.getNumBodies(), rng);
    State s = tree.randomState(rng);
    s.setTime(0.3);
    // Prescribe two bodies at different levels.
    int count = 0;
    for (int b = 1; b < m.getNumBodies() && count < 2; ++b) {
      const MobilizedBodyInfo& info = m.getInfo(b);
      if (info.nu == 0 || (count == 0 && info.nq != info.nu)) continue;
      std::vector<FunctionPtr> f;
      for (int i = 0; i < info.nu; ++i) f.push_back(functions::sinusoid(0.3 + 0.1 * i, 2.0, 0.5 * i, 0.1));
      prescribeMotion(m, s, b, count == 0 ? MotionLevel::Position : MotionLevel::Acceleration, f);
      ++count;
    }
    tree.system().realize(s, Stage::Acceleration);
    // Inverse dynamics of the motion the sweep produced: nonzero only on prescribed mobilities,
    // and there equal to the reported forces.
    Vector residual;
    m.calcResidualForceIgnoringConstraints(s, m.getAppliedMobilityForces(s), m.getAppliedBodyForces(s),
                                           Vector(m.getUDot(s)), residual);
    EXPECT_LT(relErr(residual, m.getLockForces(s)), 1e-9) << tree.describe();
  }
}

TEST(Motion, EachLevelFollowsItsFunction) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const Body link(MassProperties::fromCentral(1, Vec3(0, -0.25, 0), Inertia(0.02, 0.002, 0.02)));
  const MobilizedBody a = MobilizedBody::Pin(MobilizedBody::Ground(m), link);
  const MobilizedBody b = MobilizedBody::Pin(a, Transform(Vec3(0, -0.5, 0)), link, Transform());
  MobilizedBody::Pin(b, Transform(Vec3(0, -0.5, 0)), link, Transform());
  sys.realizeTopology();
  const FunctionPtr f = functions::sinusoid(0.4, 3.0, 0.2, 0.1);
  for (MotionLevel level : {MotionLevel::Position, MotionLevel::Velocity, MotionLevel::Acceleration}) {
    State s = sys.getDefaultState();
    prescribeMotion(m, s, b.getIndex(), level, {f});
    auto integ = makeIntegrator("RungeKuttaMerson", sys);
    integ->setAccuracy(1e-8);
    integ->initialize(s);
    Real worst = 0;
    for (int i = 1; i <= 20; ++i) {
      integ->stepTo(0.05 * i);
      const State& st = integ->getState();
      const Real t = st.getTime();
      const Real expected = f->value(t);
      const Real actual = level == MotionLevel::Position   ? b.getOneQ(st, 0)
                          : level == MotionLevel::Velocity ? b.getOneU(st, 0)
                                                           : Real(b.getUDot(st)[0]);
      worst = std::max(worst, std::abs(actual - expected));
    }
    EXPECT_LT(worst, 1e-7) << static_cast<int>(level);
  }
}

TEST(Motion, DrivenFourBarCrankTorqueBalancesPower) {
  constexpr Real la = 0.3, lb = 1.0, lc = 0.8, ld = 0.9;
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const Body bar(MassProperties::fromCentral(1, Vec3(0.2, 0, 0), Inertia(1e-3, 0.02, 0.02)));
  const MobilizedBody crank = MobilizedBody::Pin(MobilizedBody::Ground(m), bar);
  const MobilizedBody coupler = MobilizedBody::Pin(crank, Transform(Vec3(la, 0, 0)), bar, Transform());
  const MobilizedBody rocker = MobilizedBody::Pin(MobilizedBody::Ground(m), Transform(Vec3(ld, 0, 0)), bar,
                                                  Transform());
  const auto& closure = addConstraint<constraints::Ball>(m, "closure", coupler.getIndex(), Vec3(lb, 0, 0),
                                                         rocker.getIndex(), Vec3(lc, 0, 0));
  sys.realizeTopology();
  State s = sys.getDefaultState();
  const Real t2 = 0.4;
  const Real P = 2 * lc * (ld - la * std::cos(t2)), Q = -2 * la * lc * std::sin(t2);
  const Real R = la * la + lc * lc + ld * ld - lb * lb - 2 * la * ld * std::cos(t2);
  const Real t4 = std::atan2(Q, P) + std::acos(-R / std::hypot(P, Q));
  const Vec3 A(la * std::cos(t2), la * std::sin(t2), 0), B(ld + lc * std::cos(t4), lc * std::sin(t4), 0);
  crank.setOneQ(s, 0, t2);
  coupler.setOneQ(s, 0, std::atan2(B.y() - A.y(), B.x() - A.x()) - t2);
  rocker.setOneQ(s, 0, t4);
  // The crank turns at 2 rad/s + 1 rad/s^2 t from t = 0.
  prescribeMotion(m, s, crank.getIndex(), MotionLevel::Velocity, {functions::linear({1.0}, 2.0)});
  auto integ = makeIntegrator("RungeKuttaMerson", sys);
  integ->setAccuracy(1e-8);
  integ->initialize(s);
  auto crankPower = [&](const State& st0) {
    State st = st0;
    sys.realize(st, Stage::Acceleration);
    return m.getLockForces(st)[crank.getInfo().uStart] * crank.getOneU(st, 0);
  };
  Real workIn = 0, lastPower = crankPower(integ->getState()), lastT = 0;
  const Real e0 = sys.calcKineticEnergy(integ->getState());
  for (int i = 1; i <= 200; ++i) {
    integ->stepTo(0.005 * i);
    State st = integ->getState();
    sys.realize(st, Stage::Acceleration);
    const Real power = crankPower(st);
    workIn += 0.5 * (power + lastPower) * (st.getTime() - lastT);  // trapezoid
    lastPower = power;
    lastT = st.getTime();
    EXPECT_LT(closure.getPositionErrors(st).norm(), 1e-6);
  }
  // No gravity, no other force: the crank's work is the kinetic energy gained (trapezoid rule
  // on 5 ms samples).
  const Real e1 = sys.calcKineticEnergy(integ->getState());
  EXPECT_NEAR(workIn, e1 - e0, 2e-3 * std::abs(e1 - e0));
}

TEST(Motion, BadInputIsNamed) {
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const MobilizedBody ball = MobilizedBody::Ball(MobilizedBody::Ground(m), Transform(),
                                                 Body(MassProperties(1, Vec3::Zero(), Inertia(1, 1, 1))), Transform(),
                                                 RotationCoordinates::Quaternion, Direction::Forward, "shoulder");
  sys.realizeTopology();
  State s = sys.getDefaultState();
  const FunctionPtr f = functions::constant(0);
  EXPECT_THROW(prescribeMotion(m, s, 5, MotionLevel::Velocity, {f, f, f}), Error);
  EXPECT_THROW(prescribeMotion(m, s, ball.getIndex(), MotionLevel::Velocity, {f}), Error);
  try {
    prescribeMotion(m, s, ball.getIndex(), MotionLevel::Position, {f, f, f});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'shoulder'"), std::string::npos) << e.what();
  }
  prescribeMotion(m, s, ball.getIndex(), MotionLevel::Velocity, {f, f, f});
  EXPECT_TRUE(isPrescribed(m, s, ball.getIndex()));
  EXPECT_FALSE(m.isLocked(s, ball.getIndex()));
  removeMotion(m, s, ball.getIndex());
  EXPECT_FALSE(isPrescribed(m, s, ball.getIndex()));
}

}  // namespace
}  // namespace articula::testing
