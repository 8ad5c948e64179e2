// Piecewise linear and constant functions (OpenSim's PiecewiseLinearFunction and
// PiecewiseConstantFunction) against values worked by hand, including the end extrapolation and
// the convention at knots; the two-argument sine product against its closed form and central
// differences.
#include <gtest/gtest.h>

#include <cmath>

#include "articula/Error.h"
#include "articula/math/Function.h"

using namespace articula;

namespace {

Real d2(const Function& f, int i, int j, Real a, Real b) {
  const int c[2] = {i, j};
  const Real x[2] = {a, b};
  return f.calcDerivative(c, x);
}

Real at(const Function& f, Real a, Real b) {
  const Real x[2] = {a, b};
  return f.calcValue(x);
}

}  // namespace

TEST(PiecewiseFunctions, LinearInterpolatesAndExtrapolatesWithTheEndSlopes) {
  // Knots (0, 1), (2, 5), (3, 2): slopes 2 and -3.
  const FunctionPtr f = functions::piecewiseLinear({0, 2, 3}, {1, 5, 2});
  EXPECT_DOUBLE_EQ(f->value(0.5), 2);
  EXPECT_DOUBLE_EQ(f->value(2.5), 3.5);
  EXPECT_DOUBLE_EQ(f->value(2), 5);
  EXPECT_DOUBLE_EQ(f->value(-1), -1);  // 1 + 2·(-1)
  EXPECT_DOUBLE_EQ(f->value(4), -1);   // 2 - 3·1
  EXPECT_DOUBLE_EQ(f->derivative(1), 2);
  EXPECT_DOUBLE_EQ(f->derivative(2.9), -3);
  EXPECT_DOUBLE_EQ(f->derivative(-5), 2);
  EXPECT_DOUBLE_EQ(f->derivative(7), -3);
  EXPECT_DOUBLE_EQ(f->derivative(0), 2);  // a knot: the segment starting there
  EXPECT_DOUBLE_EQ(f->derivative(2), -3);
  EXPECT_DOUBLE_EQ(f->derivative(3), -3);  // the last knot: the segment ending there
  EXPECT_DOUBLE_EQ(f->secondDerivative(1), 0);
  // Central differences inside a segment agree with the slope.
  for (Real x : {0.3, 1.7, 2.4, -2.0, 5.0})
    EXPECT_NEAR(f->derivative(x), (f->value(x + 1e-6) - f->value(x - 1e-6)) / 2e-6, 1e-8) << x;
}

TEST(PiecewiseFunctions, ConstantHoldsEachKnotsValueUntilTheNext) {
  const FunctionPtr f = functions::piecewiseConstant({0, 1, 3}, {4, -2, 7});
  EXPECT_DOUBLE_EQ(f->value(-10), 4);
  EXPECT_DOUBLE_EQ(f->value(0), 4);
  EXPECT_DOUBLE_EQ(f->value(0.99), 4);
  EXPECT_DOUBLE_EQ(f->value(1), -2);
  EXPECT_DOUBLE_EQ(f->value(2.5), -2);
  EXPECT_DOUBLE_EQ(f->value(3), 7);
  EXPECT_DOUBLE_EQ(f->value(30), 7);
  EXPECT_DOUBLE_EQ(f->derivative(0.5), 0);
  EXPECT_DOUBLE_EQ(functions::piecewiseConstant({2}, {5})->value(-1), 5);
}

TEST(PiecewiseFunctions, KnotsMustIncrease) {
  EXPECT_THROW(functions::piecewiseLinear({0, 0}, {1, 2}), Error);
  EXPECT_THROW(functions::piecewiseLinear({0}, {1}), Error);
  EXPECT_THROW(functions::piecewiseConstant({0, 1}, {1}), Error);
}

TEST(PiecewiseFunctions, SineProductAndItsDerivatives) {
  const Real pi = std::acos(Real(-1));
  // 0.3 cos(x) cos(y) written with phases pi/2.
  const FunctionPtr f = functions::sineProduct(0.3, 1, pi / 2, 1, pi / 2);
  EXPECT_EQ(f->argumentSize(), 2);
  const Real a = 0.4, b = -1.1;
  EXPECT_NEAR(at(*f, a, b), 0.3 * std::cos(a) * std::cos(b), 1e-16);
  // A general one against central differences of value and of first derivatives.
  const FunctionPtr g = functions::sineProduct(-1.7, 2.0, 0.3, -0.5, 1.2);
  const Real h = 1e-6;
  for (int i = 0; i < 2; ++i) {
    const Real e0 = i == 0 ? h : 0, e1 = i == 1 ? h : 0;
    const int c[1] = {i};
    const Real x[2] = {a, b};
    const Real fd = (at(*g, a + e0, b + e1) - at(*g, a - e0, b - e1)) / (2 * h);
    EXPECT_NEAR(g->calcDerivative(c, x), fd, 1e-8) << i;
    for (int j = 0; j < 2; ++j) {
      const int cj[1] = {j};
      const Real xp[2] = {a + e0, b + e1}, xm[2] = {a - e0, b - e1};
      const Real fdd = (g->calcDerivative(cj, xp) - g->calcDerivative(cj, xm)) / (2 * h);
      EXPECT_NEAR(d2(*g, j, i, a, b), fdd, 1e-7) << i << j;
    }
  }
}
