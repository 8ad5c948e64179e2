#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>

#include "ContactTestSupport.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/contact/HertzStiffnessRate.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {
namespace {

using namespace articula::testing;

constexpr Real kFloor = 0.5 / 10.0, kCeiling = 0.5 / 1e-5;

// The stiffness per modulus the way ContactForceSubsystem forms it: the ellipsoid's curvature at
// the point with outward normal n (its support point along n), the relative curvature against a
// plane, the clamps, the Hertz ellipse. Independent of the rate formula under test.
Real stiffnessAt(const Vec3& a, const Vec3& n) {
  const Vec3 Qinv = a.cwiseProduct(a);
  const Vec3 p = Qinv.cwiseProduct(n) / std::sqrt(n.cwiseProduct(n).dot(Qinv));
  RelativeCurvature rc = calcRelativeCurvature(ellipsoidCurvature(a, p), planeCurvature(-n), -n);
  rc.B = std::clamp(rc.B, kFloor, kCeiling);
  rc.A = std::clamp(rc.A, kFloor, rc.B);
  return calcHertzEllipse(rc.A, rc.B).stiffnessPerModulus;
}

Vec3 turned(const Vec3& n, const Vec3& axis, Real angle) { return Eigen::AngleAxisd(angle, axis) * n; }

TEST(HertzStiffnessRate, MatchesTheTimeDerivativeOfTheStiffnessAlongATurningNormal) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const Vec3 a(uniformReal(rng, 0.03, 0.4), uniformReal(rng, 0.03, 0.4), uniformReal(rng, 0.03, 0.4));
    const Vec3 n = randomUnit(rng), axis = randomUnit(rng);
    const Real rate = uniformReal(rng, 0.5, 5);  // rad/s
    const Vec3 nDot = rate * axis.cross(n);
    const Real h = 1e-6;
    const Real fd = (stiffnessAt(a, turned(n, axis, rate * h)) - stiffnessAt(a, turned(n, axis, -rate * h))) / (2 * h);
    const Real analytic = calcEllipsoidOnPlaneStiffnessRate(a, n, nDot, kFloor, kCeiling);
    EXPECT_NEAR(analytic, fd, 1e-5 * std::abs(fd) + 1e-7 * stiffnessAt(a, n))
        << "semi-axes " << a.transpose() << " n " << n.transpose();
  }
}

TEST(HertzStiffnessRate, IsZeroForASphereAndForATurnAboutTheNormal) {
  const Vec3 n = Vec3(1, 2, -2).normalized();
  EXPECT_NEAR(calcEllipsoidOnPlaneStiffnessRate(Vec3(0.1, 0.1, 0.1), n, Vec3(0.3, 0, 0).cross(n), kFloor, kCeiling), 0,
              1e-12);
  // Spinning about the normal leaves the contact point where it is.
  EXPECT_NEAR(calcEllipsoidOnPlaneStiffnessRate(Vec3(0.1, 0.2, 0.3), n, Vec3::Zero(), kFloor, kCeiling), 0, 1e-12);
}

TEST(HertzStiffnessRate, AnUmbilicPointGivesAFiniteRateThatMatchesTheDifference) {
  // A spheroid touching at a pole is locally a sphere (A = B); tipping it splits A and B.
  const Vec3 a(0.1, 0.1, 0.25), n = Vec3::UnitZ(), axis = Vec3::UnitX();
  const Real h = 1e-6;
  const Real fd = (stiffnessAt(a, turned(n, axis, h)) - stiffnessAt(a, turned(n, axis, -h))) / (2 * h);
  const Real analytic = calcEllipsoidOnPlaneStiffnessRate(a, n, axis.cross(n), kFloor, kCeiling);
  EXPECT_TRUE(std::isfinite(analytic));
  EXPECT_NEAR(analytic, fd, 1e-6 * stiffnessAt(a, n));
}

}  // namespace
}  // namespace articula
