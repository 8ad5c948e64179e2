// SphereOnPlaneContact: a solid sphere rolling without slip down an incline accelerates at
// (5/7) g sin(theta), a frictionless one slides at g sin(theta) without spinning up; rolling keeps
// energy and the rolling relation v_C = w x (r n) while the sphere also pivots; derivative checks
// on random trees (velocity errors = d/dt position errors, acceleration errors = d/dt velocity
// errors, G from forces = coefficients of u and udot); bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "ConstraintChecks.h"
#include "articula/integrators/integrators.h"

namespace articula::testing {
namespace {

constexpr Real kTheta = 0.3, kG = 9.81, kR = 0.2, kMass = 3.0;

// A homogeneous sphere (Free mobilizer, quaternion) resting on an incline fixed on Ground:
// normal n = (-sin, cos, 0), downhill d = (-cos, -sin, 0), gravity -y.
struct Incline {
  MultibodySystem sys;
  MobilizedBody ball;
  const constraints::SphereOnPlaneContact* contact = nullptr;
  const Vec3 n = Vec3(-std::sin(kTheta), std::cos(kTheta), 0), d = Vec3(-std::cos(kTheta), -std::sin(kTheta), 0);

  explicit Incline(bool noSlip) {
    MatterSubsystem& m = sys.updMatter();
    addTestForces(sys).gravity = Vec3(0, -kG, 0);
    const Real I = 0.4 * kMass * kR * kR;
    ball = MobilizedBody::Free(MobilizedBody::Ground(m), Body(MassProperties(kMass, Vec3::Zero(), Inertia(I, I, I))));
    Mat33 R_GF;
    R_GF << d, Vec3::UnitZ(), n;  // x_F downhill, z_F the normal
    contact = &addConstraint<constraints::SphereOnPlaneContact>(m, "ball on slope", 0, Transform(Rotation(R_GF)),
                                                                ball.getIndex(), Vec3::Zero(), kR, noSlip);
    sys.realizeTopology();
  }

  // Centre at height r above the plane's origin; centre velocity v along the plane, angular
  // velocity w (Free mobilizer at the identity orientation: u = [w; v] in Ground).
  State start(const Vec3& v, const Vec3& w) const {
    State s = sys.getDefaultState();
    SmallVector q(7);
    q << 1, 0, 0, 0, kR * n;
    ball.setQ(s, q);
    SmallVector u(6);
    u << w, v;
    ball.setU(s, u);
    return s;
  }
};

TEST(SphereOnPlaneContact, RollingSphereAcceleratesAtFiveSeventhsGSinTheta) {
  Incline inc(true);
  State s = inc.start(Vec3::Zero(), Vec3::Zero());
  inc.sys.realize(s, Stage::Acceleration);
  const Vec3 a = inc.ball.findStationAccelerationInGround(s, Vec3::Zero());
  EXPECT_NEAR(a.dot(inc.d), 5.0 / 7.0 * kG * std::sin(kTheta), 1e-12);
  EXPECT_NEAR((a - a.dot(inc.d) * inc.d).norm(), 0, 1e-12);
  // Angular acceleration alpha = n x a / r (the rolling relation differentiated).
  const Vec3 alpha = inc.sys.getMatter().getBodyAcceleration(s, inc.ball.getIndex()).head<3>();
  EXPECT_LT((alpha - inc.n.cross(a) / kR).norm(), 1e-12);
  // Friction (tangential multiplier force) is (2/7) m g sin(theta) uphill, the normal force m g cos(theta).
  std::vector<SpatialVec> F;
  Vector f;
  inc.contact->calcConstraintForces(s, F, f);
  const Vec3 force = F[inc.ball.getIndex()].tail<3>();
  EXPECT_NEAR(force.dot(inc.n), kMass * kG * std::cos(kTheta), 1e-12);
  EXPECT_NEAR(force.dot(inc.d), -2.0 / 7.0 * kMass * kG * std::sin(kTheta), 1e-12);
}

TEST(SphereOnPlaneContact, SlidingSphereAcceleratesAtGSinThetaWithoutSpinningUp) {
  Incline inc(false);
  State s = inc.start(Vec3::Zero(), Vec3::Zero());
  inc.sys.realize(s, Stage::Acceleration);
  const Vec3 a = inc.ball.findStationAccelerationInGround(s, Vec3::Zero());
  EXPECT_NEAR(a.dot(inc.d), kG * std::sin(kTheta), 1e-12);
  EXPECT_NEAR(a.dot(inc.n), 0, 1e-12);
  EXPECT_LT(inc.sys.getMatter().getBodyAcceleration(s, inc.ball.getIndex()).head<3>().norm(), 1e-12);
}

TEST(SphereOnPlaneContact, RollingAndPivotingConservesEnergyAndFollowsTheAnalyticPath) {
  Incline inc(true);
  const Real v0 = 1.0, spin = 2.0;
  const Vec3 v = v0 * inc.d, w = inc.n.cross(v) / kR + spin * inc.n;  // rolling, plus a pivot spin
  State s0 = inc.start(v, w);
  auto integ = makeIntegrator("RungeKuttaMerson", inc.sys);
  integ->setAccuracy(1e-9);
  integ->initialize(s0);
  const Real e0 = inc.sys.calcEnergy(integ->getState());
  const Vec3 c0 = kR * inc.n;
  const Real acc = 5.0 / 7.0 * kG * std::sin(kTheta);
  Real worstPath = 0, worstEnergy = 0, worstSlip = 0, worstSpin = 0;
  for (int i = 1; i <= 20; ++i) {
    integ->stepTo(0.05 * i);
    const State& s = integ->getState();
    const Real t = s.getTime();
    const Vec3 c = inc.ball.findStationLocationInGround(s, Vec3::Zero());
    const Vec3 expected = c0 + (v0 * t + 0.5 * acc * t * t) * inc.d;
    worstPath = std::max(worstPath, (c - expected).norm());
    worstEnergy = std::max(worstEnergy, std::abs(inc.sys.calcEnergy(s) - e0) / std::abs(e0));
    const SpatialVec& V = inc.sys.getMatter().getBodyVelocity(s, inc.ball.getIndex());
    const Vec3 wb = V.head<3>(), vc = V.tail<3>();
    worstSlip = std::max(worstSlip, (vc - wb.cross(kR * inc.n)).norm());
    worstSpin = std::max(worstSpin, std::abs(wb.dot(inc.n) - spin));  // no torque about n
  }
  EXPECT_LT(worstPath, 1e-7);
  EXPECT_LT(worstEnergy, 1e-8);
  EXPECT_LT(worstSlip, 1e-8);
  EXPECT_LT(worstSpin, 1e-7);
}

TEST(SphereOnPlaneContact, DerivativesOnRandomTrees) {
  for (bool noSlip : {false, true})
    for (unsigned seed = 1; seed <= 5; ++seed) {
      RandomTreeOptions opt;
      opt.numBodies = 8;
      OpenTree t = makeOpenTree(seed, opt);
      std::mt19937 rng(seed + 900);
      const int A = static_cast<int>(seed % 4), B = 4 + static_cast<int>(seed % 5);
      const Transform X_PF(Rotation::aboutAxis(0.7, Vec3(1, 2, -0.5)), Vec3(0.1, -0.3, 0.2));
      const auto& c = addConstraint<constraints::SphereOnPlaneContact>(t.matter(), "sop", A, X_PF, B,
                                                                       Vec3(0.2, 0.1, -0.3), 0.25, noSlip);
      t.system->realizeTopology();
      State s = t.system->getDefaultState();
      t.randomize(s, rng);
      checkConstraintDerivatives(*t.system, c, s,
                                 std::string("SphereOnPlaneContact noSlip ") + (noSlip ? "1" : "0") + " seed " +
                                     std::to_string(seed));
    }
}

TEST(SphereOnPlaneContact, BadInputIsRefused) {
  EXPECT_THROW(constraints::SphereOnPlaneContact("s", 0, Transform(), 1, Vec3::Zero(), -0.1, true), Error);
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const MobilizedBody b = MobilizedBody::Free(MobilizedBody::Ground(m),
                                              Body(MassProperties(1, Vec3::Zero(), Inertia(1, 1, 1))));
  EXPECT_THROW(addConstraint<constraints::SphereOnPlaneContact>(m, "s", 0, Transform(), 5, Vec3::Zero(), 0.1, true),
               Error);
  EXPECT_THROW(addConstraint<constraints::SphereOnPlaneContact>(m, "s", b.getIndex(), Transform(), b.getIndex(),
                                                                Vec3::Zero(), 0.1, false),
               Error);
}

}  // namespace
}  // namespace articula::testing
