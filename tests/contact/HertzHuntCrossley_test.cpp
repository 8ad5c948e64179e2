// Hertz + Hunt–Crossley force law: against the circular Hertz formula, against Johnson's forward
// formulas for elliptical contact (computed here with std::comp_ellint_*), and the coefficient of
// restitution of an integrated impact against the Hunt–Crossley low-speed relation.
#include "articula/contact/HertzHuntCrossley.h"

#include <gtest/gtest.h>
#include <cstdio>
#include <random>

#include <cmath>
#include <numbers>

#include "articula/Error.h"

namespace articula {
namespace {

constexpr Real kPi = std::numbers::pi;

TEST(HertzHuntCrossley, CircularContactIsClassicalHertz) {
  const Real R = 0.05;
  const HertzEllipse h = calcHertzEllipse(1 / (2 * R), 1 / (2 * R));
  EXPECT_NEAR(h.stiffnessPerModulus, 4.0 / 3.0 * std::sqrt(R), 1e-14);
  EXPECT_NEAR(h.ratio, 1, 1e-15);
  EXPECT_NEAR(h.sigma, 1, 1e-14);
  EXPECT_NEAR(h.effectiveRadius, R, 1e-15);
  const Real x = 1e-4;
  EXPECT_NEAR(h.majorPerSqrtDepth * std::sqrt(x), std::sqrt(R * x), 1e-15);  // a = sqrt(R x)
}

TEST(HertzHuntCrossley, ForceGrowsWithExponentThreeHalves) {
  const Real K = 2e7;
  for (Real x : {1e-5, 1e-4, 1e-3}) {
    const Real f1 = calcHuntCrossley(K, 0, x, 0).elastic, f2 = calcHuntCrossley(K, 0, 2 * x, 0).elastic;
    EXPECT_NEAR(std::log(f2 / f1) / std::log(2.0), 1.5, 1e-12);
  }
}

TEST(HertzHuntCrossley, TwoSpheresCombineToTheRelativeRadius) {
  const Real R1 = 0.1, R2 = 0.03;
  SurfaceCurvature a{1 / R1, 1 / R1, Vec3::UnitX()}, b{1 / R2, 1 / R2, Vec3::UnitY()};
  const RelativeCurvature rc = calcRelativeCurvature(a, b, Vec3(0, 0.6, 0.8));
  EXPECT_NEAR(rc.A, 0.5 * (1 / R1 + 1 / R2), 1e-12);
  EXPECT_NEAR(rc.B, 0.5 * (1 / R1 + 1 / R2), 1e-12);
  EXPECT_NEAR(calcHertzEllipse(rc.A, rc.B).effectiveRadius, R1 * R2 / (R1 + R2), 1e-15);
}

TEST(HertzHuntCrossley, RelativeCurvatureOfCrossedSurfacesMatchesDirectionalSums) {
  // Two cylinders-like surfaces at an angle: the gap's curvature along any tangent t is
  // Σ k_i(t) = Σ (k1 cos² + k2 sin²); its extremes are 2A and 2B.
  const Vec3 n(0, 0, 1);
  SurfaceCurvature a{2.0, 0.5, Vec3(1, 0, 0)};
  SurfaceCurvature b{3.0, 1.0, Vec3(std::cos(0.7), std::sin(0.7), 0)};
  const RelativeCurvature rc = calcRelativeCurvature(a, b, n);
  Real lo = 1e9, hi = -1e9;
  for (int i = 0; i < 20000; ++i) {
    const Real th = kPi * i / 20000;
    const Vec3 t(std::cos(th), std::sin(th), 0);
    auto along = [&](const SurfaceCurvature& s) {
      const Real c = t.dot(s.d1_G), sn = t.dot(n.cross(s.d1_G));
      return s.k1 * c * c + s.k2 * sn * sn;
    };
    const Real k = along(a) + along(b);
    lo = std::min(lo, k);
    hi = std::max(hi, k);
  }
  EXPECT_NEAR(2 * rc.A, lo, 1e-6);
  EXPECT_NEAR(2 * rc.B, hi, 1e-6);
  // The major axis of the contact ellipse is the direction of least curvature.
  const Vec3 t = rc.majorAxis_G;
  auto along = [&](const SurfaceCurvature& s) {
    const Real c = t.dot(s.d1_G), sn = t.dot(n.cross(s.d1_G));
    return s.k1 * c * c + s.k2 * sn * sn;
  };
  EXPECT_NEAR(along(a) + along(b), 2 * rc.A, 1e-12);
  EXPECT_NEAR(t.dot(n), 0, 1e-15);
}

TEST(HertzHuntCrossley, EllipticalContactMatchesJohnsonsForwardFormulas) {
  // Johnson (1985) eqs. 4.36-4.39 give A, B, the approach δ and the load P from a chosen ellipse
  // (a, b) and peak pressure p0. Inverting them is what calcHertzEllipse does; here they are only
  // evaluated forward, with the standard library's elliptic integrals of modulus e.
  const Real Estar = 1e9, p0 = 1e6, b = 1e-3;
  for (Real k : {1.001, 1.2, 2.0, 5.0, 20.0, 80.0}) {
    const Real a = k * b, e = std::sqrt(1 - 1 / (k * k));
    const Real Ke = std::comp_ellint_1(e), Ee = std::comp_ellint_2(e);
    const Real A = p0 / Estar * b / (e * e * a * a) * (Ke - Ee);
    const Real B = p0 / Estar * b / (e * e * a * a) * (a * a / (b * b) * Ee - Ke);
    const Real delta = p0 / Estar * b * Ke;
    const Real P = 2.0 / 3.0 * kPi * a * b * p0;
    const HertzEllipse h = calcHertzEllipse(A, B);
    EXPECT_NEAR(h.ratio / k, 1, 1e-9) << "k " << k;
    EXPECT_NEAR(h.stiffnessPerModulus * Estar * std::pow(delta, 1.5) / P, 1, 1e-9) << "k " << k;
    EXPECT_NEAR(h.majorPerSqrtDepth * std::sqrt(delta) / a, 1, 1e-9) << "k " << k;
    EXPECT_NEAR(h.sigma, h.stiffnessPerModulus / (4.0 / 3.0 * std::sqrt(h.effectiveRadius)), 1e-12);
    EXPECT_GE(h.sigma, 1 - 1e-12);  // the ellipse is stiffer than a sphere of radius R_e
  }
}

TEST(HertzHuntCrossley, EllipseMatchesHighPrecisionReference) {
  // k solving B/A = (k² E − K)/(K − E), m = 1 − 1/k², and the factors at A = 1, from mpmath at 40
  // digits; from nearly round through slender (past the range of the solver's fitted start).
  struct Case {
    Real ratioBA, k, stiffnessPerModulus, majorPerSqrtDepth;
  };
  const Case cases[] = {
      {1.000000001, 1.0000000006666666666, 0.94280904134636110564, 0.70710678124547308947},
      {1.5, 1.3101029621127503765, 0.85484036746084684916, 0.73050373817543155225},
      {4.0, 2.5007063549273662958, 0.69320268635247716347, 0.78095488601207181708},
      {30.0, 8.8761830898079838872, 0.49816358067887578346, 0.85101751343946604399},
      {10000.0, 242.4326256923895085, 0.28153806191870621914, 0.92444324946247349553},
      {1e12, 3946470.1265333175284, 0.12249033122370233015, 0.96936412935034166362},
  };
  for (const Case& c : cases) {
    const HertzEllipse h = calcHertzEllipse(1, c.ratioBA);
    EXPECT_NEAR(h.ratio / c.k, 1, 1e-14) << "B/A " << c.ratioBA;
    EXPECT_NEAR(h.stiffnessPerModulus / c.stiffnessPerModulus, 1, 1e-14) << "B/A " << c.ratioBA;
    EXPECT_NEAR(h.majorPerSqrtDepth / c.majorPerSqrtDepth, 1, 1e-14) << "B/A " << c.ratioBA;
  }
}

TEST(HertzHuntCrossley, SeriesAgreeWithTheSolutionToRounding) {
  // The Chebyshev series against the Newton solution they were fitted to, densely over the fitted
  // range B/A in [1, e^25] and at random curvature scales, and past it (where both solve).
  std::mt19937 rng(7);
  std::uniform_real_distribution<Real> logScale(-6, 6);
  Real worst[3] = {0, 0, 0};
  for (int i = 0; i <= 25000; ++i) {
    const Real A = std::exp(logScale(rng)), B = A * std::exp(i * 1e-3 + (i % 7) * 1.3e-4);
    const HertzEllipse fast = calcHertzEllipse(A, B), solved = calcHertzEllipseBySolving(A, B);
    worst[0] = std::max(worst[0], std::abs(fast.ratio / solved.ratio - 1));
    worst[1] = std::max(worst[1], std::abs(fast.stiffnessPerModulus / solved.stiffnessPerModulus - 1));
    worst[2] = std::max(worst[2], std::abs(fast.majorPerSqrtDepth / solved.majorPerSqrtDepth - 1));
    ASSERT_EQ(fast.effectiveRadius, solved.effectiveRadius);
  }
  // Both sides carry a few ulps of rounding (more terms do not shrink the differences); k = e^{ln k}
  // with ln k up to 25 multiplies ln k's rounding by 25.
  EXPECT_LT(worst[0], 2e-14);
  EXPECT_LT(worst[1], 1e-14);
  EXPECT_LT(worst[2], 1e-14);
  std::printf("largest relative differences: ratio %.2e, stiffness %.2e, major axis %.2e\n", worst[0], worst[1],
              worst[2]);
  const HertzEllipse past = calcHertzEllipse(1, std::exp(30.0)),
                     pastSolved = calcHertzEllipseBySolving(1, std::exp(30.0));
  EXPECT_EQ(past.ratio, pastSolved.ratio);
}

TEST(HertzHuntCrossley, EllipseIsSmoothInTheCurvatureRatio) {
  // Neighbouring ratios across the solver's branches (start, Newton steps, tangent finish) give
  // factors that differ by the derivative only: no jump from where the iteration stops.
  Real last = calcHertzEllipse(1, 1).stiffnessPerModulus;
  for (int i = 1; i <= 4000; ++i) {
    const Real ratio = std::exp(0.01 * i);
    const Real s = calcHertzEllipse(1, ratio).stiffnessPerModulus;
    const Real sNear = calcHertzEllipse(1, ratio * (1 + 1e-9)).stiffnessPerModulus;
    EXPECT_LT(s, last) << ratio;  // stiffness falls as the contact gets slender
    EXPECT_NEAR(sNear / s, 1, 1e-9) << ratio;
    last = s;
  }
}

TEST(HertzHuntCrossley, EllipticIntegralsMatchTheStandardLibrary) {
  for (Real m : {0.0, 1e-12, 1e-6, 0.1, 0.5, 0.9, 0.999, 0.999999}) {
    const EllipticIntegrals r = calcEllipticIntegrals(m);
    // std's modulus sqrt(m) loses 1 − m to rounding near m = 1: allow for that.
    EXPECT_NEAR(r.K, std::comp_ellint_1(std::sqrt(m)), 1e-13 * r.K + 1e-15 / (1 - m)) << m;
    EXPECT_NEAR(r.E, std::comp_ellint_2(std::sqrt(m)), 1e-13) << m;
  }
  EXPECT_NEAR(calcEllipticIntegrals(0).D, kPi / 4, 1e-15);
  EXPECT_NEAR(calcEllipticIntegrals(1e-10).D, kPi / 4 * (1 + 3e-10 / 8), 1e-15);  // (K − E)/m series
  EXPECT_THROW(calcEllipticIntegrals(1.0), Error);
}

TEST(HertzHuntCrossley, RejectsBadCurvatures) {
  EXPECT_THROW(calcHertzEllipse(0, 1), Error);
  EXPECT_THROW(calcHertzEllipse(2, 1), Error);
  EXPECT_THROW(calcHertzEllipse(std::nan(""), 1), Error);
  try {
    calcHertzEllipse(-1, 1);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("A = -1"), std::string::npos) << e.what();
  }
}

TEST(HertzHuntCrossley, DissipationIsSignedAndTheTotalNeverPulls) {
  const Real K = 1e6, c = 0.5, x = 1e-3;
  const HuntCrossleyForce still = calcHuntCrossley(K, c, x, 0);
  EXPECT_DOUBLE_EQ(still.force, still.elastic);
  EXPECT_DOUBLE_EQ(calcHuntCrossley(K, 0, x, 3).force, still.elastic);  // c = 0: pure Hertz
  EXPECT_GT(calcHuntCrossley(K, c, x, 0.5).force, still.elastic);       // approaching
  EXPECT_LT(calcHuntCrossley(K, c, x, -0.5).force, still.elastic);      // separating
  EXPECT_EQ(calcHuntCrossley(K, c, x, -2 / (3 * c) - 0.1).force, 0);    // yanked apart: clamped
  EXPECT_EQ(calcHuntCrossley(K, c, -1e-3, 1).force, 0);                 // apart
  EXPECT_LT(calcHuntCrossley(K, c, 1e-12, 5).force, 1e-9);              // no jump at first touch
  EXPECT_NEAR(still.potentialEnergy, 0.4 * K * std::pow(x, 2.5), 1e-18);
}

// A mass m hits a Hunt–Crossley contact at speed v: returns the exit speed / v and the maximum
// penetration (RK4 with a step of 1/4000 of the contact time scale).
struct Impact {
  Real restitution, maxPenetration;
};
Impact simulateImpact(Real m, Real K, Real c, Real v) {
  const Real xMax0 = std::pow(5 * m * v * v / (4 * K), 0.4);
  const Real h = xMax0 / v / 4000;
  Real x = 0, xd = v, xMax = 0;
  auto acc = [&](Real xx, Real vv) { return -calcHuntCrossley(K, c, xx, vv).force / m; };
  for (int i = 0; i < 10000000; ++i) {
    const Real k1x = xd, k1v = acc(x, xd);
    const Real k2x = xd + 0.5 * h * k1v, k2v = acc(x + 0.5 * h * k1x, xd + 0.5 * h * k1v);
    const Real k3x = xd + 0.5 * h * k2v, k3v = acc(x + 0.5 * h * k2x, xd + 0.5 * h * k2v);
    const Real k4x = xd + h * k3v, k4v = acc(x + h * k3x, xd + h * k3v);
    const Real xn = x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
    const Real vn = xd + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    if (xn < 0 && i > 0) return {-vn / v, xMax};  // outside the force is zero: the speed is final
    x = xn;
    xd = vn;
    xMax = std::max(xMax, x);
  }
  return {0, xMax};
}

TEST(HertzHuntCrossley, ElasticImpactConservesEnergyAndReachesHertzDepth) {
  const Real m = 0.2, K = 5e6, v = 1.0;
  const Impact r = simulateImpact(m, K, 0, v);
  EXPECT_NEAR(r.restitution, 1, 1e-8);
  EXPECT_NEAR(r.maxPenetration / std::pow(5 * m * v * v / (4 * K), 0.4), 1, 1e-6);
}

TEST(HertzHuntCrossley, RestitutionFollowsHuntCrossleyAtLowSpeed) {
  // f = K x^{3/2} (1 + α ẋ) gives e ≈ 1 − (2/3) α v; Simbody's α = (3/2) c makes it e ≈ 1 − c v.
  const Real m = 0.2, K = 5e6, c = 0.4;
  Real previousError = 0;
  for (Real v : {0.1, 0.05, 0.025}) {
    const Real e = simulateImpact(m, K, c, v).restitution;
    const Real predicted = 1 - (2.0 / 3.0) * (1.5 * c) * v;
    const Real error = std::abs(e - predicted);
    EXPECT_LT(error, 1.5 * (c * v) * (c * v)) << "v " << v << " e " << e;  // second order in c v
    if (previousError > 0) {
      EXPECT_NEAR(previousError / error, 4, 0.6) << "v " << v;
    }
    previousError = error;
  }
}

}  // namespace
}  // namespace articula

namespace articula {
namespace {

// The slope of the fitted series against a central difference of the iterative solution, across
// the pieces of the fit and beyond it (L > 25).
TEST(HertzHuntCrossley, StiffnessSlopeMatchesADifferenceOfTheSolution) {
  const Real A = 3.7;
  for (Real L : {0.0, 1e-3, 0.3, 0.999, 1.001, 2.4, 4.0, 7.5, 12.0, 20.0, 24.9, 26.0, 30.0}) {
    const Real h = 1e-5, Lm = std::max(L - h, 0.0), Lp = L + h;
    const Real fd = (calcHertzEllipseBySolving(A, A * std::exp(Lp)).stiffnessPerModulus -
                     calcHertzEllipseBySolving(A, A * std::exp(Lm)).stiffnessPerModulus) /
                    (Lp - Lm);
    const HertzEllipse ell = calcHertzEllipse(A, A * std::exp(L));
    const Real slope = ell.stiffnessSlope, s = ell.stiffnessPerModulus;
    EXPECT_NEAR(calcHertzEllipseBySolving(A, A * std::exp(L)).stiffnessSlope, fd, 2e-6 * s + (L < h ? 1e-4 * s : 0));
    EXPECT_NEAR(slope, fd, 2e-6 * s + (L < h ? 1e-4 * s : 0)) << "L = " << L;
  }
}

}  // namespace
}  // namespace articula
