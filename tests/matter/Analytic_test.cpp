// Closed-form cases: simple pendulum, slider on an incline, torque-free asymmetric rigid body
// (Euler's equations), a free body falling without rotation, and a tumbling free body in flight.
#include <gtest/gtest.h>

#include <cmath>

#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kTol = 1e-12;

TEST(Analytic, SimplePendulumAngularAcceleration) {
  const Real m = 1.7, L = 0.8, g = 9.81;
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  addTestForces(system).gravity = Vec3(0, -g, 0);
  // Point mass a distance L below the pin axis (z) at q = 0.
  const MobilizedBody::Pin pendulum(MobilizedBody::Ground(matter), Transform(),
                                    Body(MassProperties::fromCentral(m, Vec3(0, -L, 0), Inertia())), Transform());
  State s = system.realizeTopology();
  for (Real q : {-2.5, -1.0, 0.0, 0.3, 1.2, 3.0}) {
    for (Real u : {0.0, 2.0}) {
      pendulum.setOneQ(s, 0, q);
      pendulum.setOneU(s, 0, u);
      system.realize(s, Stage::Acceleration);
      EXPECT_NEAR(pendulum.getUDot(s)[0], -g / L * std::sin(q), kTol) << "q = " << q << ", u = " << u;
    }
  }
}

TEST(Analytic, SliderOnAnInclineAcceleratesWithGravityAlongItsAxis) {
  std::mt19937 rng(5);
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  const Vec3 g(0.5, -9.81, 1.0);
  addTestForces(system).gravity = g;
  const Transform X_PF = randomTransform(rng);
  const MobilizedBody::Slider block(MobilizedBody::Ground(matter), X_PF, Body(randomMassProperties(rng)),
                                    randomTransform(rng));
  State s = system.realizeTopology();
  block.setOneQ(s, 0, 0.4);
  block.setOneU(s, 0, -1.3);
  system.realize(s, Stage::Acceleration);
  // Translation only: the body's mass and inertia drop out, slide axis is F's x.
  EXPECT_NEAR(block.getUDot(s)[0], g.dot(X_PF.R().x()), kTol);
}

// A free body's angular acceleration from Euler's equations about its mass centre, in G:
// I_C wdot + w x I_C w = torque (all in G).
Vec3 eulerAngularAcceleration(const Mat33& I_C_G, const Vec3& w, const Vec3& torque) {
  return I_C_G.ldlt().solve(torque - w.cross(I_C_G * w));
}

struct FreeBodyCase {
  RotationCoordinates coords;
  bool offsetFrames;  // random X_PF, X_BM and mass-centre offset instead of identities
};
// Without it gtest prints the struct's bytes, padding included (valgrind: uninitialised reads).
void PrintTo(const FreeBodyCase& c, std::ostream* os) {
  *os << "coords " << static_cast<int>(c.coords) << (c.offsetFrames ? ", offset frames" : "");
}

class FreeBody : public ::testing::TestWithParam<FreeBodyCase> {};

TEST_P(FreeBody, TorqueFreeAsymmetricBodyFollowsEulersEquations) {
  std::mt19937 rng(21);
  const FreeBodyCase c = GetParam();
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  addTestForces(system).gravity = Vec3::Zero();
  const Mat33 R_BP = randomRotation(rng).matrix();  // principal axes of (1, 2, 2.5) kg m^2
  const Mat33 I_C = R_BP * Vec3(1.0, 2.0, 2.5).asDiagonal() * R_BP.transpose();
  const Vec3 com = c.offsetFrames ? Vec3(0.2, -0.1, 0.3) : Vec3::Zero();
  const Real mass = 3.0;
  const MassProperties mp = MassProperties::fromCentral(mass, com, Inertia(0.5 * (I_C + I_C.transpose())));
  const Transform X_PF = c.offsetFrames ? randomTransform(rng) : Transform();
  const Transform X_BM = c.offsetFrames ? randomTransform(rng) : Transform();
  const MobilizedBody::Free body(MobilizedBody::Ground(matter), X_PF, Body(mp), X_BM, c.coords);
  State s = system.realizeTopology();
  for (int trial = 0; trial < 5; ++trial) {
    body.setQ(s, randomQ(matter.getMobilizer(1), rng));
    SmallVector u(6);
    for (int i = 0; i < 6; ++i) u[i] = std::uniform_real_distribution<Real>(-2, 2)(rng);
    body.setU(s, u);
    system.realize(s, Stage::Acceleration);

    const Mat33 R_GB = body.getBodyTransform(s).R().matrix();
    const Vec3 w = body.getBodyVelocity(s).head<3>();
    const Vec3 wdot = eulerAngularAcceleration(R_GB * I_C * R_GB.transpose(), w, Vec3::Zero());
    EXPECT_LT((Vec3(body.getBodyAcceleration(s).head<3>()) - wdot).norm(), kTol * (1 + wdot.norm()))
        << "trial " << trial;
    // No force: the mass centre does not accelerate.
    EXPECT_LT(body.findStationAccelerationInGround(s, com).norm(), kTol) << "trial " << trial;
    if (!c.offsetFrames) {
      // Identity frames: u = [w; v] of B in G, so udot is [wdot; 0] directly.
      EXPECT_LT((Vec3(body.getUDot(s).head<3>()) - wdot).norm(), kTol * (1 + wdot.norm()));
      EXPECT_LT(Vec3(body.getUDot(s).tail<3>()).norm(), kTol);
    }
  }
}

// In flight a body's mass centre falls with g whatever it spins, and its rotation is torque-free
// because gravity acts at the mass centre.
TEST_P(FreeBody, FallingBodyMassCentreAcceleratesWithGravity) {
  std::mt19937 rng(22);
  const FreeBodyCase c = GetParam();
  const Vec3 g(0.3, -9.81, -0.4);
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  addTestForces(system).gravity = g;
  const MassProperties mp = randomMassProperties(rng);
  const Transform X_PF = c.offsetFrames ? randomTransform(rng) : Transform();
  const Transform X_BM = c.offsetFrames ? randomTransform(rng) : Transform();
  const MobilizedBody::Free body(MobilizedBody::Ground(matter), X_PF, Body(mp), X_BM, c.coords);
  State s = system.realizeTopology();
  body.setQ(s, randomQ(matter.getMobilizer(1), rng));

  // Released without rotation: every point has acceleration g and there is no angular acceleration.
  SmallVector u = SmallVector::Zero(6);
  u.tail<3>() = Vec3(1.0, 2.0, -0.5);
  body.setU(s, u);
  system.realize(s, Stage::Acceleration);
  EXPECT_LT((body.getBodyAcceleration(s) - spatialVec(Vec3::Zero(), g)).norm(), kTol * g.norm());

  // Tumbling: mass centre still accelerates with g; rotation obeys Euler's equations.
  for (int i = 0; i < 6; ++i) u[i] = std::uniform_real_distribution<Real>(-3, 3)(rng);
  body.setU(s, u);
  system.realize(s, Stage::Acceleration);
  const Vec3 aC = body.findStationAccelerationInGround(s, mp.massCenter());
  EXPECT_LT((aC - g).norm(), kTol * g.norm()) << "mass-centre acceleration " << aC.transpose();
  const Mat33 R_GB = body.getBodyTransform(s).R().matrix();
  const Mat33 I_C = R_GB * mp.inertiaAboutMassCenter().matrix() * R_GB.transpose();
  const Vec3 w = body.getBodyVelocity(s).head<3>();
  const Vec3 wdot = eulerAngularAcceleration(I_C, w, Vec3::Zero());
  EXPECT_LT((Vec3(body.getBodyAcceleration(s).head<3>()) - wdot).norm(), kTol * (1 + wdot.norm()));
}

INSTANTIATE_TEST_SUITE_P(Options, FreeBody,
                         ::testing::Values(FreeBodyCase{RotationCoordinates::Quaternion, false},
                                           FreeBodyCase{RotationCoordinates::Quaternion, true},
                                           FreeBodyCase{RotationCoordinates::EulerXYZ, false},
                                           FreeBodyCase{RotationCoordinates::EulerXYZ, true}));

}  // namespace
}  // namespace articula::testing
