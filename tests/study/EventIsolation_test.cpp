// isolateCrossing: the bracket it returns always straddles the crossing, is no wider than the
// window, and is found in few evaluations for smooth witnesses and in bisection-like counts for
// nasty ones (jumps, flat zeros, roots at the bracket ends).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "articula/study/EventIsolation.h"
#include "articula/study/EventWitness.h"

namespace articula {
namespace {

// Runs the isolation and checks the contract against the known crossing time `root`.
IsolationResult check(const std::function<Real(Real)>& f, Real a, Real b, Real root, Real window, const char* label) {
  const Real fa = f(a), fb = f(b);
  const int newSide = witnessSide(fb);
  const IsolationResult r = isolateCrossing(f, a, fa, b, fb, newSide, window);
  EXPECT_LE(r.high - r.low, window) << label;
  EXPECT_NE(witnessSide(f(r.low)), newSide) << label << ": low end already crossed";
  EXPECT_EQ(witnessSide(f(r.high)), newSide) << label << ": high end not crossed";
  EXPECT_EQ(r.valueHigh, f(r.high)) << label;
  EXPECT_LE(r.low, root) << label;
  EXPECT_GE(r.high, root) << label;
  std::printf("[ isolate ] %-28s window %.0e: %3d evaluations, error %.1e\n", label, window, r.iterations,
              r.high - root);
  return r;
}

TEST(EventIsolation, SmoothWitnessesConvergeFast) {
  const Real root = 0.3;
  for (Real w : {1e-3, 1e-6, 1e-10}) {
    const int bisection = static_cast<int>(std::ceil(std::log2(1.0 / w)));
    EXPECT_LE(check([&](Real t) { return t - root; }, 0, 1, root, w, "linear").iterations, 2);
    EXPECT_LE(check([&](Real t) { return std::sin(3 * t - 3 * root); }, 0, 1, root, w, "sine").iterations, 6);
    EXPECT_LE(check([&](Real t) { return root * root - t * t; }, 0, 1, root, w, "falling quadratic").iterations, 10);
    EXPECT_LE(check([&](Real t) { return std::exp(5 * (t - root)) - 1; }, 0, 1, root, w, "exponential").iterations, 10);
    EXPECT_LE(check([&](Real t) { return std::tanh(50 * (t - root)); }, 0, 1, root, w, "steep tanh").iterations, 10);
    // An inflection at the root (slope 0.01, curvature large elsewhere): the hardest smooth case.
    EXPECT_LE(
        check([&](Real t) { return std::pow(t - root, 3) + 0.01 * (t - root); }, 0, 1, root, w, "cubic").iterations,
        bisection + 5);
  }
}

TEST(EventIsolation, RootsNearTheEndsFinishWithinTheWindow) {
  const Real w = 1e-6;
  // Within window/2 of an end: one evaluation at the margin settles it.
  EXPECT_LE(check([](Real t) { return t - 1e-7; }, 0, 1, 1e-7, w, "root at the left end").iterations, 2);
  EXPECT_LE(check([](Real t) { return t - (1 - 1e-7); }, 0, 1, 1 - 1e-7, w, "root at the right end").iterations, 2);
}

TEST(EventIsolation, JumpsAndFlatZerosNeedAtMostBisectionEffort) {
  const Real w = 1e-9;
  const int bisection = static_cast<int>(std::ceil(std::log2(1.0 / w)));
  const Real root = 0.6180339887;
  // A jump: values say nothing about where the root is.
  const int jump = check([&](Real t) { return t < root ? 1.0 : -1.0; }, 0, 1, root, w, "jump").iterations;
  EXPECT_LE(jump, bisection + 3);
  // Zero on [0, root], then negative: the first point on the new side is wanted.
  const int flat =
      check([&](Real t) { return t <= root ? 0.0 : root - t; }, 0, 1, root, w, "flat zero then falls").iterations;
  EXPECT_LE(flat, bisection + 3);
  // Very lopsided (regula falsi's worst case without the Illinois step).
  const int lop = check([&](Real t) { return std::pow(t, 12) - std::pow(root, 12); }, 0, 1, root, w, "t^12").iterations;
  EXPECT_LE(lop, bisection);
}

TEST(EventIsolation, WindowWiderThanTheBracketNeedsNoEvaluation) {
  int calls = 0;
  const IsolationResult r = isolateCrossing(
      [&](Real) {
        ++calls;
        return 0.0;
      },
      1.0, 1.0, 1.001, -1.0, -1, 0.01);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(r.low, 1.0);
  EXPECT_EQ(r.high, 1.001);
}

TEST(EventIsolation, TinyWindowsStopAtRoundOffAndTheIterationCap) {
  const Real root = 1000.0 + 1.0 / 3.0;
  const IsolationResult r = isolateCrossing([&](Real t) { return t - root; }, 1000, -root + 1000, 1001, 1001 - root, 1,
                                            0);
  EXPECT_LE(r.high - r.low, 1e-11);  // a few ulps of 1000 s
  EXPECT_LE(r.iterations, 200);
  int calls = 0;
  const IsolationResult capped = isolateCrossing(
      [&](Real t) {
        ++calls;
        return t < root ? -1.0 : 1.0;
      },
      1000, -1, 1001, 1, 1, 0, 10);
  EXPECT_EQ(calls, 10);
  EXPECT_EQ(capped.iterations, 10);
  EXPECT_LE(capped.low, root);
  EXPECT_GE(capped.high, root);
}

}  // namespace
}  // namespace articula
