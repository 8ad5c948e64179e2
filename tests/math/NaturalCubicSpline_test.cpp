// Natural cubic spline: interpolation, natural ends, C2 joins, exact lines, derivatives against
// finite differences, and the coefficients against an independent dense solve.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Dense>

#include "FunctionChecks.h"
#include "articula/Error.h"

using namespace articula;
using articula::testing::expectDerivativesMatchDifferences;

namespace {

struct Knots {
  std::vector<Real> x, y;
};

Knots randomKnots(std::mt19937& rng, int n) {
  std::uniform_real_distribution<Real> gap(0.1, 1.0), val(-2, 2);
  Knots k;
  Real x = val(rng);
  for (int i = 0; i < n; ++i) {
    k.x.push_back(x);
    k.y.push_back(val(rng));
    x += gap(rng);
  }
  return k;
}

// The spline written as n-1 cubics c0 + c1 t + c2 t^2 + c3 t^3 (t = x - x_i), from the 4(n-1)
// conditions (interpolation at both ends of each piece, C1 and C2 at interior knots, natural
// ends) solved densely; returns the value at x inside [x_0, x_{n-1}].
Real denseSplineValue(const Knots& k, Real x) {
  const int n = static_cast<int>(k.x.size()), p = n - 1;
  Matrix A = Matrix::Zero(4 * p, 4 * p);
  Vector b = Vector::Zero(4 * p);
  int row = 0;
  for (int i = 0; i < p; ++i) {
    const Real h = k.x[i + 1] - k.x[i];
    A(row, 4 * i) = 1;
    b[row++] = k.y[i];
    A.block(row, 4 * i, 1, 4) << 1, h, h * h, h * h * h;
    b[row++] = k.y[i + 1];
    if (i + 1 < p) {  // slope and curvature continuous at x_{i+1}
      A.block(row, 4 * i, 1, 4) << 0, 1, 2 * h, 3 * h * h;
      A(row++, 4 * (i + 1) + 1) = -1;
      A.block(row, 4 * i, 1, 4) << 0, 0, 2, 6 * h;
      A(row++, 4 * (i + 1) + 2) = -2;
    }
  }
  A(row++, 2) = 2;  // S''(x_0) = 0
  const Real hl = k.x[n - 1] - k.x[n - 2];
  A(row, 4 * (p - 1) + 2) = 2;
  A(row++, 4 * (p - 1) + 3) = 6 * hl;  // S''(x_{n-1}) = 0
  const Vector c = A.fullPivLu().solve(b);
  int i = 0;
  while (i + 1 < p && x > k.x[i + 1]) ++i;
  const Real t = x - k.x[i];
  return c[4 * i] + t * (c[4 * i + 1] + t * (c[4 * i + 2] + t * c[4 * i + 3]));
}

}  // namespace

TEST(NaturalCubicSpline, InterpolatesKnotsWithNaturalEnds) {
  std::mt19937 rng(81);
  for (int n : {2, 3, 4, 7, 20}) {
    const Knots k = randomKnots(rng, n);
    const FunctionPtr f = functions::naturalCubicSpline(k.x, k.y);
    for (int i = 0; i < n; ++i) EXPECT_NEAR(f->value(k.x[i]), k.y[i], 1e-14) << "knot " << i;
    EXPECT_NEAR(f->secondDerivative(k.x.front()), 0, 1e-13);
    EXPECT_NEAR(f->secondDerivative(k.x.back()), 0, 1e-13);
  }
}

TEST(NaturalCubicSpline, MatchesDenseSolve) {
  std::mt19937 rng(82);
  for (int n : {3, 5, 12}) {
    const Knots k = randomKnots(rng, n);
    const FunctionPtr f = functions::naturalCubicSpline(k.x, k.y);
    for (Real x = k.x.front(); x <= k.x.back(); x += 0.037)
      EXPECT_NEAR(f->value(x), denseSplineValue(k, x), 1e-11) << "n = " << n << " x = " << x;
  }
}

TEST(NaturalCubicSpline, C2AtInteriorKnots) {
  std::mt19937 rng(83);
  const Knots k = randomKnots(rng, 8);
  const FunctionPtr f = functions::naturalCubicSpline(k.x, k.y);
  // At x_i the library evaluates the right-hand piece; the left piece's limits come from exact
  // Taylor expansion of that cubic from a point inside it (S' is quadratic, S'' linear).
  const int d3[3] = {0, 0, 0};
  for (size_t i = 1; i + 1 < k.x.size(); ++i) {
    const Real d = 1e-3, xl[1] = {k.x[i] - d};
    const Real s3 = f->calcDerivative(d3, xl);
    const Real leftD1 = f->derivative(xl[0]) + d * f->secondDerivative(xl[0]) + 0.5 * d * d * s3;
    const Real leftD2 = f->secondDerivative(xl[0]) + d * s3;
    const Real scale = 1 + std::abs(f->secondDerivative(k.x[i]));
    EXPECT_NEAR(leftD1, f->derivative(k.x[i]), 1e-12 * scale) << "knot " << i;
    EXPECT_NEAR(leftD2, f->secondDerivative(k.x[i]), 1e-12 * scale) << "knot " << i;
    // The third derivative does jump (else the spline would be one cubic).
    const Real xr[1] = {k.x[i] + d};
    EXPECT_GT(std::abs(f->calcDerivative(d3, xr) - s3), 1e-6) << "knot " << i;
  }
}

TEST(NaturalCubicSpline, DerivativesMatchDifferences) {
  std::mt19937 rng(84);
  const Knots k = randomKnots(rng, 10);
  const FunctionPtr f = functions::naturalCubicSpline(k.x, k.y);
  // Points away from knots, where the third derivative jumps and differences straddle it.
  for (size_t i = 0; i + 1 < k.x.size(); ++i)
    for (Real s : {0.2, 0.5, 0.8})
      expectDerivativesMatchDifferences(*f, k.x[i] + s * (k.x[i + 1] - k.x[i]), "spline", 10);
}

TEST(NaturalCubicSpline, ReproducesStraightLine) {
  std::mt19937 rng(85);
  Knots k = randomKnots(rng, 9);
  for (size_t i = 0; i < k.x.size(); ++i) k.y[i] = 0.75 * k.x[i] - 1.25;
  const FunctionPtr f = functions::naturalCubicSpline(k.x, k.y);
  for (Real x = k.x.front() - 2; x <= k.x.back() + 2; x += 0.05) {
    EXPECT_NEAR(f->value(x), 0.75 * x - 1.25, 1e-14) << x;
    EXPECT_NEAR(f->derivative(x), 0.75, 1e-13) << x;
    EXPECT_NEAR(f->secondDerivative(x), 0, 1e-13) << x;
  }
  // Two points: the line through them.
  const FunctionPtr g = functions::naturalCubicSpline({1, 3}, {2, 6});
  EXPECT_DOUBLE_EQ(g->value(2), 4);
  EXPECT_DOUBLE_EQ(g->derivative(0), 2);
}

TEST(NaturalCubicSpline, ExtrapolatesLinearlyWithEndSlope) {
  const FunctionPtr f = functions::naturalCubicSpline({0, 1, 2, 4}, {0, 1, 0, 2});
  const Real sL = f->derivative(0), sR = f->derivative(4);
  EXPECT_NEAR(f->value(-1.5), -1.5 * sL, 1e-14);
  EXPECT_NEAR(f->value(5), 2 + sR, 1e-14);
  EXPECT_EQ(f->secondDerivative(-1), 0);
  EXPECT_EQ(f->derivative(7), sR);
  // The end slope is the one-sided limit from inside.
  EXPECT_NEAR(sL, (f->value(1e-7) - f->value(0)) / 1e-7, 1e-6);
}

TEST(NaturalCubicSpline, RejectsBadInput) {
  EXPECT_THROW(functions::naturalCubicSpline({0, 1, 1}, {0, 1, 2}), Error);
  EXPECT_THROW(functions::naturalCubicSpline({0, 2, 1}, {0, 1, 2}), Error);
  EXPECT_THROW(functions::naturalCubicSpline({0, 1}, {0, 1, 2}), Error);
  EXPECT_THROW(functions::naturalCubicSpline({0}, {0}), Error);
  EXPECT_THROW(functions::naturalCubicSpline({0, NAN}, {0, 1}), Error);
  try {
    functions::naturalCubicSpline({0, 2, 1}, {0, 1, 2});
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("x[2] = 1"), std::string::npos) << e.what();
  }
}

// FMM ends: a cubic's own third derivative is the end condition, so knots on a cubic give back
// that cubic everywhere inside, with exact first and second derivatives.
TEST(FmmCubicSpline, ReproducesACubic) {
  const std::vector<Real> x{-1, 0, 0.4, 1.5, 2, 3.2};
  std::vector<Real> y;
  for (Real v : x) y.push_back(v * v * v - 2 * v + 0.5);
  const FunctionPtr f = functions::fmmCubicSpline(x, y);
  for (Real v = -1; v <= 3.2; v += 0.0625) {
    EXPECT_NEAR(f->value(v), v * v * v - 2 * v + 0.5, 1e-12) << v;
    EXPECT_NEAR(f->derivative(v), 3 * v * v - 2, 1e-11) << v;
    EXPECT_NEAR(f->secondDerivative(v), 6 * v, 1e-10) << v;
  }
  // Outside: the tangent line at the end knot (slope 3·3.2² - 2 = 28.72 at x = 3.2).
  EXPECT_NEAR(f->value(4), 3.2 * 3.2 * 3.2 - 6.4 + 0.5 + 0.8 * 28.72, 1e-10);
  EXPECT_NEAR(f->derivative(-2), 1, 1e-11);
  EXPECT_EQ(f->secondDerivative(-2), 0);
}

TEST(FmmCubicSpline, ThreeKnotsGiveTheParabola) {
  const FunctionPtr f = functions::fmmCubicSpline({0, 1, 3}, {0, 1, 9});  // y = x^2
  EXPECT_NEAR(f->value(2), 4, 1e-14);
  EXPECT_NEAR(f->derivative(0.5), 1, 1e-14);
  EXPECT_NEAR(f->secondDerivative(2.5), 2, 1e-14);
  const FunctionPtr g = functions::fmmCubicSpline({1, 3}, {2, 6});
  EXPECT_DOUBLE_EQ(g->value(2), 4);
}

// Not a natural spline: on data that is no cubic, the end curvature is not zero, and the value
// differs from the natural spline's.
TEST(FmmCubicSpline, DiffersFromNaturalAndIsC2) {
  const std::vector<Real> x{0, 1, 2, 3, 5}, y{0, 1, 0, 2, 1};
  const FunctionPtr f = functions::fmmCubicSpline(x, y), n = functions::naturalCubicSpline(x, y);
  EXPECT_GT(std::abs(f->secondDerivative(0)), 0.1);
  EXPECT_GT(std::abs(f->value(0.5) - n->value(0.5)), 1e-3);
  for (size_t i = 1; i + 1 < x.size(); ++i) {
    const Real d = 1e-9;
    EXPECT_NEAR(f->value(x[i]), y[i], 1e-14);
    EXPECT_NEAR(f->derivative(x[i] - d), f->derivative(x[i] + d), 1e-7);
    EXPECT_NEAR(f->secondDerivative(x[i] - d), f->secondDerivative(x[i] + d), 1e-7);
  }
  for (Real v : {0.3, 1.4, 2.7, 4.1}) expectDerivativesMatchDifferences(*f, v, "fmm", 10);
}
