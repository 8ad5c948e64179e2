// Stribeck friction curve: values at its landmarks, C² continuity at the segment joints, the
// analytic derivatives against finite differences, and the force's direction and smoothness.
#include "articula/contact/StribeckFriction.h"

#include <gtest/gtest.h>

#include <cmath>

#include "articula/Error.h"

namespace articula {
namespace {

const StribeckFriction kCurve(0.9, 0.6, 0.05, 0.02);

TEST(StribeckFriction, LandmarksOfTheCurve) {
  const Real vt = kCurve.getTransitionSpeed(), uv = 0.05;
  EXPECT_EQ(kCurve.calcCoefficient(0), 0);
  EXPECT_NEAR(kCurve.calcCoefficient(vt), 0.9 + uv * vt, 1e-15);
  EXPECT_NEAR(kCurve.calcCoefficient(3 * vt), 0.6 + uv * 3 * vt, 1e-15);
  EXPECT_NEAR(kCurve.calcCoefficient(2.0), 0.6 + uv * 2.0, 1e-15);
  EXPECT_EQ(kCurve.calcCoefficient(-0.3), kCurve.calcCoefficient(0.3));
}

TEST(StribeckFriction, ValueSlopeAndCurvatureAreContinuousAtTheJoints) {
  for (Real joint : {kCurve.getTransitionSpeed(), 3 * kCurve.getTransitionSpeed()}) {
    const Real eps = 1e-10 * joint;
    const auto left = kCurve.calcDerivatives(joint - eps), right = kCurve.calcDerivatives(joint + eps);
    EXPECT_NEAR(left.value, right.value, 1e-9);
    EXPECT_NEAR(left.slope, right.slope, 1e-6);          // slope scale ~ μ/vt = 45
    EXPECT_NEAR(left.curvature, right.curvature, 1e-2);  // curvature scale ~ μ/vt² = 2250
    EXPECT_NEAR(left.slope, 0.05, 1e-6);                 // only the viscous slope remains at joints
    EXPECT_NEAR(left.curvature, 0, 1e-2);
  }
}

TEST(StribeckFriction, DerivativesMatchFiniteDifferences) {
  const Real vt = kCurve.getTransitionSpeed();
  for (Real v : {0.1 * vt, 0.5 * vt, 0.9 * vt, 1.3 * vt, 2.0 * vt, 2.9 * vt, 5 * vt}) {
    const Real h = 1e-6 * vt;
    const auto d = kCurve.calcDerivatives(v);
    const Real fd1 = (kCurve.calcCoefficient(v + h) - kCurve.calcCoefficient(v - h)) / (2 * h);
    const Real fd2 = (kCurve.calcDerivatives(v + h).slope - kCurve.calcDerivatives(v - h).slope) / (2 * h);
    EXPECT_NEAR(d.slope, fd1, 1e-6 * (1 + std::abs(fd1))) << v;
    EXPECT_NEAR(d.curvature, fd2, 1e-5 * (1 + std::abs(fd2))) << v;
  }
}

TEST(StribeckFriction, RisesThenFallsMonotonically) {
  const StribeckFriction noViscous(0.9, 0.6, 0, 0.02);
  Real previous = 0;
  for (int i = 1; i <= 100; ++i) {
    const Real v = 0.02 * i / 100;
    EXPECT_GE(noViscous.calcCoefficient(v), previous);
    previous = noViscous.calcCoefficient(v);
  }
  for (int i = 1; i <= 200; ++i) {
    const Real v = 0.02 + 0.04 * i / 200;
    EXPECT_LE(noViscous.calcCoefficient(v), previous + 1e-15);
    previous = noViscous.calcCoefficient(v);
  }
}

TEST(StribeckFriction, ForceOpposesSlipAndIsSmoothThroughZero) {
  const Vec3 dir = Vec3(1, -2, 0.5).normalized();
  for (Real v : {1e-9, 1e-4, 0.015, 0.05, 1.0}) {
    const Vec3 f = kCurve.calcForce(v * dir, 100);
    EXPECT_NEAR(f.norm(), kCurve.calcCoefficient(v) * 100, 1e-12 * (1 + f.norm())) << v;
    EXPECT_NEAR(f.normalized().dot(dir), -1, 1e-12);
  }
  // Near zero the force is linear in the slip: f/v tends to −(15/8) μs/vt − μv.
  const Real slope = kCurve.calcForce(1e-12 * dir, 1).norm() / 1e-12;
  EXPECT_NEAR(slope, 15.0 / 8.0 * 0.9 / 0.02 + 0.05, 1e-6);
  EXPECT_EQ(kCurve.calcForce(Vec3::Zero(), 100), Vec3::Zero());
  EXPECT_EQ(kCurve.calcForce(dir, 0), Vec3::Zero());
}

TEST(StribeckFriction, RejectsBadCoefficients) {
  EXPECT_THROW(StribeckFriction(-0.1, 0), Error);
  EXPECT_THROW(StribeckFriction(0.5, 0.6), Error);
  EXPECT_THROW(StribeckFriction(0.5, 0.4, -1), Error);
  EXPECT_THROW(StribeckFriction(0.5, 0.4, 0, 0), Error);
  EXPECT_THROW(StribeckFriction(std::nan(""), 0.4), Error);
  try {
    StribeckFriction(0.5, 0.4, 0, -2);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("transitionSpeed = -2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articula
