// Natural interpolating splines of odd degree: analytic checks.
#include "articula/math/NaturalSpline.h"

#include <gtest/gtest.h>

#include <random>

#include <cmath>

#include "articula/Error.h"

namespace articula {
namespace {

std::vector<Real> unevenKnots(int n) {
  std::vector<Real> x(n);
  for (int i = 0; i < n; ++i) x[i] = 0.3 + 0.1 * i + 0.03 * std::sin(1.7 * i);
  return x;
}

// A polynomial of degree < m is its own natural spline (its derivatives m.. vanish everywhere).
TEST(NaturalSpline, ReproducesPolynomialsBelowHalfOrder) {
  for (int degree : {1, 3, 5, 7}) {
    const int m = (degree + 1) / 2;
    const std::vector<Real> x = unevenKnots(12);
    auto p = [&](Real t, int d) {  // c0 + c1 t + ... of degree m-1, derivative d
      Real s = 0;
      for (int k = d; k < m; ++k) {
        Real f = 1;
        for (int j = 0; j < d; ++j) f *= k - j;
        s += (0.5 + k) * f * std::pow(t, k - d);
      }
      return s;
    };
    std::vector<Real> y;
    for (Real t : x) y.push_back(p(t, 0));
    const NaturalSpline s = NaturalSplineBasis(x, degree).fit(y);
    for (Real t : {0.2, 0.31, 0.55, 0.777, 1.4, 1.6})
      for (int d = 0; d <= 2; ++d)
        EXPECT_NEAR(s.derivative(d, t), p(t, d), 1e-9 * (1 + std::abs(p(t, d)))) << degree << " " << t << " " << d;
  }
}

TEST(NaturalSpline, InterpolatesAndHasNaturalEnds) {
  const std::vector<Real> x = unevenKnots(15);
  std::vector<Real> y;
  for (Real t : x) y.push_back(std::sin(3 * t) + t * t * t);
  for (int degree : {3, 5, 7}) {
    const int m = (degree + 1) / 2;
    const NaturalSpline s = NaturalSplineBasis(x, degree).fit(y);
    for (size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(s.value(x[i]), y[i], 1e-12);
    const Real scale = std::abs(s.derivative(degree, 0.5 * (x[0] + x[1]))) + 1;
    for (int d = m; d <= 2 * m - 2; ++d) {
      // Inside the end intervals, just off the end knots.
      EXPECT_NEAR(s.derivative(d, x.front() + 1e-12), 0, 1e-8 * scale) << degree << " d" << d;
      EXPECT_NEAR(s.derivative(d, x.back() - 1e-12), 0, 1e-8 * scale) << degree << " d" << d;
    }
  }
}

// Derivatives 0..2m-2 are continuous at interior knots (the spline is C^(2m-2)).
TEST(NaturalSpline, SmoothAtInteriorKnots) {
  const std::vector<Real> x = unevenKnots(10);
  std::vector<Real> y;
  for (Real t : x) y.push_back(std::cos(5 * t));
  const NaturalSpline s = NaturalSplineBasis(x, 5).fit(y);
  for (size_t i = 1; i + 1 < x.size(); ++i)
    for (int d = 0; d <= 4; ++d) {
      const Real left = s.derivative(d, x[i] - 1e-13), right = s.derivative(d, x[i]);
      EXPECT_NEAR(left, right, 1e-6 * (1 + std::abs(right))) << i << " d" << d;
    }
}

TEST(NaturalSpline, DerivativesMatchFiniteDifferences) {
  const std::vector<Real> x = unevenKnots(20);
  std::vector<Real> y;
  for (Real t : x) y.push_back(std::exp(t) * std::sin(4 * t));
  const NaturalSpline s = NaturalSplineBasis(x, 5).fit(y);
  const Real h = 1e-5;
  for (Real t : {0.25, 0.4, 0.91, 1.33, 2.4, 2.6}) {
    Real v, d1, d2;
    s.evaluate(t, v, d1, d2);
    EXPECT_NEAR(v, s.value(t), 1e-14);
    EXPECT_NEAR(d1, (s.value(t + h) - s.value(t - h)) / (2 * h), 1e-6) << t;
    EXPECT_NEAR(d2, (s.derivative(1, t + h) - s.derivative(1, t - h)) / (2 * h), 1e-5) << t;
    EXPECT_NEAR(d1, s.derivative(1, t), 1e-12);
    EXPECT_NEAR(d2, s.derivative(2, t), 1e-10);
  }
}

// The quintic natural spline of a smooth function converges to it (interior, O(h^6) away from the ends).
TEST(NaturalSpline, ApproximatesSmoothFunction) {
  std::vector<Real> x, y;
  for (int i = 0; i <= 200; ++i) {
    x.push_back(i * 0.01);
    y.push_back(std::sin(2 * x.back()));
  }
  const NaturalSpline s = NaturalSplineBasis(x, 5).fit(y);
  for (Real t = 0.5; t < 1.5; t += 0.0137) {
    EXPECT_NEAR(s.value(t), std::sin(2 * t), 1e-11);
    EXPECT_NEAR(s.derivative(1, t), 2 * std::cos(2 * t), 1e-8);
    EXPECT_NEAR(s.derivative(2, t), -4 * std::sin(2 * t), 1e-6);
  }
}

// A cursor changes where the interval search starts, never the result: the same bits as without
// one, for increasing, decreasing and random x (outside the knots too), and with one cursor
// shared by splines on different knots.
TEST(NaturalSpline, CursorGivesTheSameBitsInAnyOrder) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<Real> U(-0.5, 4.5);
  std::vector<Real> x1, x2, y1, y2;
  for (int i = 0; i < 40; ++i) x1.push_back(0.1 * i), y1.push_back(std::sin(0.1 * i));
  for (int i = 0; i < 17; ++i) x2.push_back(0.25 * i * i / 16 * 4), y2.push_back(std::cos(0.3 * i));
  const NaturalSpline a = NaturalSplineBasis(x1, 5).fit(y1), b = NaturalSplineBasis(x2, 3).fit(y2);
  std::vector<Real> xs;
  for (int i = 0; i <= 100; ++i) xs.push_back(-0.3 + 0.045 * i);  // increasing, past both ends
  for (int i = 100; i >= 0; --i) xs.push_back(-0.3 + 0.045 * i);  // decreasing
  for (int i = 0; i < 200; ++i) xs.push_back(U(rng));             // anywhere
  NaturalSpline::Cursor shared;
  for (const Real x : xs)
    for (const NaturalSpline* s : {&a, &b}) {
      Real v, d1, d2, cv, cd1, cd2;
      s->evaluate(x, v, d1, d2);
      s->evaluate(x, cv, cd1, cd2, shared);
      EXPECT_EQ(v, cv) << x;
      EXPECT_EQ(d1, cd1) << x;
      EXPECT_EQ(d2, cd2) << x;
      for (int order = 0; order < 4; ++order) EXPECT_EQ(s->derivative(order, x), s->derivative(order, x, shared)) << x;
    }
}

TEST(NaturalSpline, RefusesBadKnots) {
  EXPECT_THROW(NaturalSplineBasis({0, 1, 1, 2}, 3), Error);
  EXPECT_THROW(NaturalSplineBasis({0, 1}, 5), Error);
  EXPECT_THROW(NaturalSplineBasis({0, 1, 2}, 4), Error);
  EXPECT_THROW(NaturalSplineBasis({0, 1, 2}, 3).fit(std::vector<Real>{1, 2}), Error);
}

TEST(NaturalSpline, FunctionHasExactDerivatives) {
  const FunctionPtr f = naturalSplineFunction({0, 1, 2, 3, 4}, {0, 1, 0, 1, 0}, 3);
  EXPECT_NEAR(f->value(2), 0, 1e-15);
  const NaturalSpline s = NaturalSplineBasis({0, 1, 2, 3, 4}, 3).fit(std::vector<Real>{0, 1, 0, 1, 0});
  EXPECT_DOUBLE_EQ(f->derivative(1.3), s.derivative(1, 1.3));
  EXPECT_DOUBLE_EQ(f->secondDerivative(1.3), s.derivative(2, 1.3));
}

}  // namespace
}  // namespace articula
