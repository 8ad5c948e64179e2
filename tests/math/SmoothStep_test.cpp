// Smooth step: end values, C2 ends, monotonicity and derivatives against finite differences.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "FunctionChecks.h"
#include "articula/Error.h"

using namespace articula;
using articula::testing::expectDerivativesMatchDifferences;

TEST(SmoothStep, EndValuesAndC2Ends) {
  const Real x0 = 0.5, x1 = 2.0, y0 = -1, y1 = 3;
  const FunctionPtr f = functions::smoothStep(x0, x1, y0, y1);
  EXPECT_EQ(f->value(x0), y0);
  EXPECT_EQ(f->value(x1), y1);
  EXPECT_EQ(f->value(-10), y0);
  EXPECT_EQ(f->value(10), y1);
  EXPECT_NEAR(f->value(0.5 * (x0 + x1)), 0.5 * (y0 + y1), 1e-15);
  for (Real xe : {x0, x1}) {
    EXPECT_EQ(f->derivative(xe), 0);
    EXPECT_EQ(f->secondDerivative(xe), 0);
    // Approaching the ends from inside: f' = O(d^2), f'' = O(d).
    const Real in = xe == x0 ? 1e-4 : -1e-4;
    EXPECT_LT(std::abs(f->derivative(xe + in)), 1e-6);
    EXPECT_LT(std::abs(f->secondDerivative(xe + in)), 1e-2);
  }
}

TEST(SmoothStep, DerivativesMatchDifferences) {
  const FunctionPtr f = functions::smoothStep(-1, 1.5, 2, -0.5);
  for (Real x = -0.95; x < 1.5; x += 0.05) expectDerivativesMatchDifferences(*f, x, "smoothStep");
  // Orders 3 to 5 against a difference of the analytic order below; order 6 of a quintic is 0.
  const std::vector<int> zeros(6, 0);
  for (Real x : {-0.6, 0.3, 1.2}) {
    for (int k = 3; k <= 5; ++k) {
      const Real h = 1e-5, xs[1] = {x}, xp[1] = {x + h}, xm[1] = {x - h};
      const std::span<const int> dk(zeros.data(), k), dkm(zeros.data(), k - 1);
      const Real fd = (f->calcDerivative(dkm, xp) - f->calcDerivative(dkm, xm)) / (2 * h);
      EXPECT_NEAR(f->calcDerivative(dk, xs), fd, 1e-6 * (1 + std::abs(fd))) << "order " << k;
    }
    const Real xs[1] = {x};
    EXPECT_EQ(f->calcDerivative(zeros, xs), 0);
  }
}

TEST(SmoothStep, MonotoneBetweenEnds) {
  const FunctionPtr up = functions::smoothStep(0, 1, 0, 1);
  Real prev = up->value(0);
  for (Real x = 0.01; x <= 1.0; x += 0.01) {
    EXPECT_GE(up->value(x), prev);
    EXPECT_GE(up->derivative(x), 0);
    prev = up->value(x);
  }
  // Odd symmetry about the midpoint: s(t) + s(1 - t) = 1.
  for (Real t = 0; t <= 1; t += 0.1) EXPECT_NEAR(up->value(t) + up->value(1 - t), 1, 1e-14);
}

TEST(SmoothStep, ReversedInterval) {
  // x1 < x0: y1 on the x1 side (left), y0 on the x0 side (right).
  const FunctionPtr f = functions::smoothStep(2, 1, 5, 7);
  EXPECT_EQ(f->value(0), 7);
  EXPECT_EQ(f->value(3), 5);
  EXPECT_NEAR(f->value(1.5), 6, 1e-15);
  EXPECT_LT(f->derivative(1.5), 0);
  for (Real x = 1.05; x < 2; x += 0.1) expectDerivativesMatchDifferences(*f, x, "reversed");
}

TEST(SmoothStep, RejectsBadInput) {
  EXPECT_THROW(functions::smoothStep(1, 1, 0, 1), Error);
  EXPECT_THROW(functions::smoothStep(0, NAN, 0, 1), Error);
  EXPECT_THROW(functions::smoothStep(0, 1, INFINITY, 1), Error);
  try {
    functions::smoothStep(1, 1, 0, 1);
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("x0 = 1"), std::string::npos) << e.what();
  }
}
