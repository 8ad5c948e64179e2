// DiskOnPlaneContact: an upright uniform disk rolling without slip down an incline accelerates at
// (2/3) g sin(theta) (I = m r^2 / 2 about the axle), a frictionless one slides at g sin(theta);
// a leaning disk's contact point is where the geometry says; derivative checks on random trees
// (velocity errors = d/dt position errors, acceleration errors = d/dt velocity errors, G from
// forces = coefficients of u and udot); bad input.
#include "articula/constraints/DiskOnPlaneContact.h"

#include <gtest/gtest.h>

#include <cmath>

#include "ConstraintChecks.h"

namespace articula::testing {
namespace {

constexpr Real kTheta = 0.3, kG = 9.81, kR = 0.3, kMass = 2.0;

// A uniform disk (Free mobilizer) with its axle along Ground's z, on an incline fixed on Ground:
// normal n = (-sin, cos, 0), downhill d = (-cos, -sin, 0), gravity -y.
struct Incline {
  MultibodySystem sys;
  MobilizedBody disk;
  const Vec3 n = Vec3(-std::sin(kTheta), std::cos(kTheta), 0), d = Vec3(-std::cos(kTheta), -std::sin(kTheta), 0);

  explicit Incline(bool noSlip) {
    MatterSubsystem& m = sys.updMatter();
    addTestForces(sys).gravity = Vec3(0, -kG, 0);
    const Real It = 0.25 * kMass * kR * kR, Ia = 0.5 * kMass * kR * kR;
    disk = MobilizedBody::Free(MobilizedBody::Ground(m),
                               Body(MassProperties(kMass, Vec3::Zero(), Inertia(It, It, Ia))));
    Mat33 R_GF;
    R_GF << d, Vec3::UnitZ(), n;  // x_F downhill, z_F the normal
    addConstraint<constraints::DiskOnPlaneContact>(m, "wheel", 0, Transform(Rotation(R_GF)), disk.getIndex(),
                                                   Vec3::Zero(), Vec3::UnitZ(), kR, noSlip);
    sys.realizeTopology();
  }

  State start() const {
    State s = sys.getDefaultState();
    SmallVector q(7);
    q << 1, 0, 0, 0, kR * n;
    disk.setQ(s, q);
    return s;
  }
};

TEST(DiskOnPlaneContact, RollingDiskAcceleratesAtTwoThirdsGSinTheta) {
  Incline inc(true);
  State s = inc.start();
  inc.sys.realize(s, Stage::Acceleration);
  const Vec3 a = inc.disk.findStationAccelerationInGround(s, Vec3::Zero());
  EXPECT_NEAR(a.dot(inc.d), 2.0 / 3.0 * kG * std::sin(kTheta), 1e-12);
  EXPECT_NEAR((a - a.dot(inc.d) * inc.d).norm(), 0, 1e-12);
  const Vec3 alpha = inc.sys.getMatter().getBodyAcceleration(s, inc.disk.getIndex()).head<3>();
  EXPECT_NEAR((alpha - inc.n.cross(a) / kR).norm(), 0, 1e-12);  // rolling: a = alpha x (r n)
}

TEST(DiskOnPlaneContact, FrictionlessDiskSlidesAtGSinTheta) {
  Incline inc(false);
  State s = inc.start();
  inc.sys.realize(s, Stage::Acceleration);
  const Vec3 a = inc.disk.findStationAccelerationInGround(s, Vec3::Zero());
  EXPECT_NEAR(a.dot(inc.d), kG * std::sin(kTheta), 1e-12);
  EXPECT_NEAR(inc.sys.getMatter().getBodyAcceleration(s, inc.disk.getIndex()).head<3>().norm(), 0, 1e-12);
}

TEST(DiskOnPlaneContact, LeaningDiskTouchesAtItsLowestRimPoint) {
  // Ground plane z = 0; the disk's axle along its y, leaning by phi about x: the centre at
  // height r cos(phi) above the ground satisfies the constraint.
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const MobilizedBody disk = MobilizedBody::Free(MobilizedBody::Ground(m),
                                                 Body(MassProperties(1, Vec3::Zero(), Inertia(0.1, 0.2, 0.1))));
  const auto& c = addConstraint<constraints::DiskOnPlaneContact>(m, "w", 0, Transform(), disk.getIndex(), Vec3::Zero(),
                                                                 Vec3::UnitY(), kR, true);
  sys.realizeTopology();
  State s = sys.getDefaultState();
  const Real phi = 0.4;
  SmallVector q(7);
  q << std::cos(phi / 2), std::sin(phi / 2), 0, 0, 0.1, -0.2, kR * std::cos(phi);
  disk.setQ(s, q);
  sys.realize(s, Stage::Position);
  EXPECT_NEAR(c.getPositionErrors(s)[0], 0, 1e-15);
  q[6] += 0.01;
  disk.setQ(s, q);
  sys.realize(s, Stage::Position);
  EXPECT_NEAR(c.getPositionErrors(s)[0], 0.01, 1e-15);
}

TEST(DiskOnPlaneContact, DerivativesOnRandomTrees) {
  for (bool noSlip : {false, true})
    for (unsigned seed = 1; seed <= 5; ++seed) {
      RandomTreeOptions opt;
      opt.numBodies = 8;
      OpenTree t = makeOpenTree(seed, opt);
      std::mt19937 rng(seed + 700);
      const int A = static_cast<int>(seed % 4), B = 4 + static_cast<int>(seed % 5);
      const Transform X_PF(Rotation::aboutAxis(0.7, Vec3(1, 2, -0.5)), Vec3(0.1, -0.3, 0.2));
      const auto& c = addConstraint<constraints::DiskOnPlaneContact>(
          t.matter(), "dop", A, X_PF, B, Vec3(0.2, 0.1, -0.3), Vec3(0.3, -1, 0.2), 0.25, noSlip);
      t.system->realizeTopology();
      State s = t.system->getDefaultState();
      t.randomize(s, rng);
      checkConstraintDerivatives(*t.system, c, s,
                                 std::string("DiskOnPlaneContact noSlip ") + (noSlip ? "1" : "0") + " seed " +
                                     std::to_string(seed));
    }
}

TEST(DiskOnPlaneContact, BadInputIsRefused) {
  EXPECT_THROW(constraints::DiskOnPlaneContact("d", 0, Transform(), 1, Vec3::Zero(), Vec3::UnitY(), -0.1, true), Error);
  EXPECT_THROW(constraints::DiskOnPlaneContact("d", 0, Transform(), 1, Vec3::Zero(), Vec3::Zero(), 0.1, true), Error);
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  const MobilizedBody b = MobilizedBody::Free(MobilizedBody::Ground(m),
                                              Body(MassProperties(1, Vec3::Zero(), Inertia(1, 1, 1))));
  EXPECT_THROW(addConstraint<constraints::DiskOnPlaneContact>(m, "d", b.getIndex(), Transform(), b.getIndex(),
                                                              Vec3::Zero(), Vec3::UnitY(), 0.1, false),
               Error);
}

}  // namespace
}  // namespace articula::testing
