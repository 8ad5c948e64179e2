// SphereOnSphereContact: a solid ball released on a fixed sphere at angle phi from the top starts
// along the surface at (5/7) g sin(phi) when rolling and g sin(phi) when sliding; rolling keeps
// energy and the no-slip relation while it runs down the sphere; derivative checks on random
// trees; bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "ConstraintChecks.h"
#include "articula/integrators/integrators.h"

namespace articula::testing {
namespace {

constexpr Real kG = 9.81, kR1 = 1.0, kR2 = 0.2, kMass = 2.0, kPhi = 0.4;

// Ground carries the big sphere (centre at the origin); the ball is on a Free mobilizer.
struct BallOnSphere {
  MultibodySystem sys;
  MobilizedBody ball;
  const Vec3 n = Vec3(std::sin(kPhi), std::cos(kPhi), 0);      // from the big centre to the ball's
  const Vec3 down = Vec3(std::cos(kPhi), -std::sin(kPhi), 0);  // along the surface, away from the top
  explicit BallOnSphere(bool noSlip) {
    MatterSubsystem& m = sys.updMatter();
    addTestForces(sys).gravity = Vec3(0, -kG, 0);
    const Real I = 0.4 * kMass * kR2 * kR2;
    ball = MobilizedBody::Free(MobilizedBody::Ground(m), Body(MassProperties(kMass, Vec3::Zero(), Inertia(I, I, I))));
    addConstraint<constraints::SphereOnSphereContact>(m, "ball on dome", 0, Vec3::Zero(), kR1, ball.getIndex(),
                                                      Vec3::Zero(), kR2, noSlip);
    sys.realizeTopology();
  }
  State start(const Vec3& w, const Vec3& v) const {
    State s = sys.getDefaultState();
    SmallVector q(7), u(6);
    q << 1, 0, 0, 0, (kR1 + kR2) * n;
    u << w, v;
    ball.setQ(s, q);
    ball.setU(s, u);
    return s;
  }
};

TEST(SphereOnSphereContact, BallReleasedOnADomeRollsAtFiveSeventhsOrSlidesAtGSinPhi) {
  for (bool noSlip : {true, false}) {
    BallOnSphere b(noSlip);
    State s = b.start(Vec3::Zero(), Vec3::Zero());
    b.sys.realize(s, Stage::Acceleration);
    const Vec3 a = b.ball.findStationAccelerationInGround(s, Vec3::Zero());
    EXPECT_NEAR(a.dot(b.down), (noSlip ? 5.0 / 7.0 : 1.0) * kG * std::sin(kPhi), 1e-12) << noSlip;
    EXPECT_NEAR(a.dot(b.n), 0, 1e-12) << noSlip;  // at rest: no centripetal term
  }
}

TEST(SphereOnSphereContact, RollingDownTheDomeConservesEnergyWithoutSlip) {
  BallOnSphere b(true);
  const Real v0 = 0.3;
  // Rolling: the ball's material point at P = C - r2 n is at rest: v = w x (r2 n).
  const Vec3 v = v0 * b.down, w = b.n.cross(v) / kR2;
  State s0 = b.start(w, v);
  auto integ = makeIntegrator("RungeKuttaMerson", b.sys);
  integ->setAccuracy(1e-9);
  integ->initialize(s0);
  const Real e0 = b.sys.calcEnergy(integ->getState());
  Real worstEnergy = 0, worstSlip = 0, worstDistance = 0;
  for (int i = 1; i <= 10; ++i) {
    integ->stepTo(0.03 * i);
    const State& s = integ->getState();
    const Vec3 c = b.ball.findStationLocationInGround(s, Vec3::Zero());
    const SpatialVec& V = b.sys.getMatter().getBodyVelocity(s, b.ball.getIndex());
    const Vec3 nn = c.normalized();
    worstEnergy = std::max(worstEnergy, std::abs(b.sys.calcEnergy(s) - e0) / std::abs(e0));
    worstSlip = std::max(worstSlip, (Vec3(V.tail<3>()) + Vec3(V.head<3>()).cross(-kR2 * nn)).norm());
    worstDistance = std::max(worstDistance, std::abs(c.norm() - (kR1 + kR2)));
  }
  EXPECT_GT(b.ball.findStationLocationInGround(integ->getState(), Vec3::Zero()).x(),
            (kR1 + kR2) * std::sin(kPhi) + 0.05);
  EXPECT_LT(worstEnergy, 1e-8);
  EXPECT_LT(worstSlip, 1e-8);
  EXPECT_LT(worstDistance, 1e-9);
}

TEST(SphereOnSphereContact, DerivativesOnRandomTrees) {
  for (bool noSlip : {false, true})
    for (unsigned seed = 1; seed <= 5; ++seed) {
      RandomTreeOptions opt;
      opt.numBodies = 8;
      OpenTree t = makeOpenTree(seed, opt);
      std::mt19937 rng(seed + 700);
      const int A = static_cast<int>(seed % 4), B = 4 + static_cast<int>(seed % 5);
      const auto& c = addConstraint<constraints::SphereOnSphereContact>(t.matter(), "sos", A, Vec3(0.1, -0.2, 0.3), 0.3,
                                                                        B, Vec3(-0.2, 0.1, 0.1), 0.2, noSlip);
      t.system->realizeTopology();
      State s = t.system->getDefaultState();
      t.randomize(s, rng);
      checkConstraintDerivatives(*t.system, c, s,
                                 std::string("SphereOnSphereContact noSlip ") + (noSlip ? "1" : "0") + " seed " +
                                     std::to_string(seed));
    }
}

TEST(SphereOnSphereContact, BadInputIsRefused) {
  EXPECT_THROW(constraints::SphereOnSphereContact("s", 0, Vec3::Zero(), 0.0, 1, Vec3::Zero(), 0.1, true), Error);
  EXPECT_THROW(constraints::SphereOnSphereContact("s", 0, Vec3::Zero(), 0.1, 1, Vec3::Zero(), -1.0, true), Error);
}

}  // namespace
}  // namespace articula::testing
