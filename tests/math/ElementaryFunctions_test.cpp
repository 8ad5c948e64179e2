// Constant, linear, polynomial and sinusoid: values against direct formulas, derivatives against
// finite differences, and input checks.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "FunctionChecks.h"
#include "articula/Error.h"

using namespace articula;
using articula::testing::expectDerivativesMatchDifferences;

TEST(ConstantFunction, ValueAndDerivatives) {
  const FunctionPtr f = functions::constant(2.5, 3);
  EXPECT_EQ(f->argumentSize(), 3);
  const std::vector<Real> x{1, -2, 7};
  EXPECT_EQ(f->calcValue(x), 2.5);
  const std::vector<int> d1{1}, d2{0, 2};
  EXPECT_EQ(f->calcDerivative(d1, x), 0);
  EXPECT_EQ(f->calcDerivative(d2, x), 0);
  EXPECT_EQ(functions::constant(-1)->value(3), -1);
  EXPECT_THROW(functions::constant(NAN), Error);
}

TEST(LinearFunction, MultiArgumentPartials) {
  const FunctionPtr f = functions::linear({2, -3, 0.5}, 4);
  ASSERT_EQ(f->argumentSize(), 3);
  std::vector<Real> x{1.5, -0.25, 8};
  EXPECT_DOUBLE_EQ(f->calcValue(x), 2 * 1.5 + 0.75 + 4 + 4);
  for (int i = 0; i < 3; ++i) {
    const int c[1] = {i};
    // Partial by a central difference in x_i alone.
    std::vector<Real> xp = x, xm = x;
    xp[i] += 1e-3;
    xm[i] -= 1e-3;
    const Real fd = (f->calcValue(xp) - f->calcValue(xm)) / 2e-3;
    EXPECT_NEAR(f->calcDerivative(c, x), fd, 1e-10) << "d/dx" << i;
    for (int j = 0; j < 3; ++j) {
      const int cc[2] = {i, j};
      EXPECT_EQ(f->calcDerivative(cc, x), 0);
    }
  }
  EXPECT_THROW(functions::linear({1, INFINITY}, 0), Error);
}

// Affine: every second derivative is zero everywhere (the mobilizers take such a function's slopes once).
TEST(FunctionLibrary, OnlyConstantAndLinearAreAffine) {
  EXPECT_TRUE(functions::constant(2.5, 3)->isAffine());
  EXPECT_TRUE(functions::linear({2, -3}, 4)->isAffine());
  EXPECT_FALSE(functions::polynomial({0, 1, 0.5})->isAffine());
  EXPECT_FALSE(functions::sinusoid(1, 2, 0)->isAffine());
  EXPECT_FALSE(functions::smoothStep(0, 1, 0, 1)->isAffine());
  EXPECT_FALSE(functions::naturalCubicSpline({0, 1, 2}, {0, 1, 0})->isAffine());
}

TEST(Polynomial, ValuesAndDerivatives) {
  const std::vector<Real> c{1, -2, 0.5, 3, -0.25};
  const FunctionPtr f = functions::polynomial(c);
  for (Real x = -3; x <= 3; x += 0.37) {
    Real direct = 0;
    for (size_t i = 0; i < c.size(); ++i) direct += c[i] * std::pow(x, i);
    EXPECT_NEAR(f->value(x), direct, 1e-12 * (1 + std::abs(direct)));
    expectDerivativesMatchDifferences(*f, x, "polynomial", 1 + std::abs(direct));
  }
  // Higher orders: f''' = 6 c3 + 24 c4 x, f'''' = 24 c4, f''''' = 0.
  const Real x[1] = {1.3};
  const int d3[3] = {0, 0, 0}, d4[4] = {0, 0, 0, 0}, d5[5] = {0, 0, 0, 0, 0};
  EXPECT_NEAR(f->calcDerivative(d3, x), 6 * 3 + 24 * -0.25 * 1.3, 1e-13);
  EXPECT_NEAR(f->calcDerivative(d4, x), 24 * -0.25, 1e-13);
  EXPECT_EQ(f->calcDerivative(d5, x), 0);
  EXPECT_EQ(functions::polynomial({})->value(2), 0);
}

TEST(Sinusoid, ValuesAndDerivatives) {
  const Real A = 1.5, w = 2.3, p = 0.4, off = -0.7;
  const FunctionPtr f = functions::sinusoid(A, w, p, off);
  for (Real x = -4; x <= 4; x += 0.29) {
    EXPECT_NEAR(f->value(x), A * std::sin(w * x + p) + off, 1e-15);
    expectDerivativesMatchDifferences(*f, x, "sinusoid", A * w * w);
    const Real xs[1] = {x};
    const int d3[3] = {0, 0, 0};
    EXPECT_NEAR(f->calcDerivative(d3, xs), -A * w * w * w * std::cos(w * x + p), 1e-13);
  }
}

TEST(FunctionLibrary, RejectsWrongArgumentsAndComponents) {
  const FunctionPtr f = functions::linear({1, 2}, 0);
  const std::vector<Real> one{1}, two{1, 2};
  EXPECT_THROW(f->calcValue(one), Error);
  const int bad[1] = {2};
  EXPECT_THROW(f->calcDerivative(bad, two), Error);
  const int neg[1] = {-1};
  EXPECT_THROW(functions::sinusoid(1, 1, 0)->calcDerivative(neg, one), Error);
}
