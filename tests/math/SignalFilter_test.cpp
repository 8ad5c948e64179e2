// Padding and the zero-phase Butterworth low-pass against their analytic properties.
#include "articula/math/SignalFilter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "articula/Error.h"

namespace articula {
namespace {

TEST(SignalFilter, PadReflectsAndNegates) {
  const std::vector<Real> s{1, 2, 4, 7};
  const std::vector<Real> p = padOddReflection(s, 2);
  const std::vector<Real> want{2 * 1 - 4, 2 * 1 - 2, 1, 2, 4, 7, 2 * 7 - 4, 2 * 7 - 2};
  EXPECT_EQ(p, want);
  // A line continues as the same line.
  const std::vector<Real> t{0.0, 0.5, 1.0, 1.5};
  const std::vector<Real> q = padOddReflection(t, 3);
  for (size_t i = 0; i < q.size(); ++i) EXPECT_DOUBLE_EQ(q[i], 0.5 * (static_cast<Real>(i) - 3));
  EXPECT_THROW(padOddReflection(s, 4), Error);
}

TEST(SignalFilter, UnitGainAtZeroFrequency) {
  std::vector<Real> s(200, 3.25);
  lowpassButterworth3ZeroPhase(s, 0.01, 6);
  for (Real v : s) EXPECT_NEAR(v, 3.25, 1e-12);
}

// Forward and backward: |H| = 1/2 at the cutoff (each pass 1/sqrt(2)), no phase shift, and
// strong attenuation well above it (|H|^2 = 1/(1 + (w/wc)^6)^... of the prewarped frequency).
TEST(SignalFilter, HalfAmplitudeAtCutoffAndZeroPhase) {
  const Real T = 0.001, fc = 10;
  auto response = [&](Real f) {
    const int n = 20000;
    std::vector<Real> s(n);
    for (int i = 0; i < n; ++i) s[i] = std::sin(2 * std::numbers::pi * f * i * T);
    lowpassButterworth3ZeroPhase(s, T, fc);
    // Least squares fit of a sin + b cos over the middle (transients gone).
    Real ss = 0, cc = 0, sc = 0, ys = 0, yc = 0;
    for (int i = n / 4; i < 3 * n / 4; ++i) {
      const Real w = 2 * std::numbers::pi * f * i * T, si = std::sin(w), ci = std::cos(w);
      ss += si * si, cc += ci * ci, sc += si * ci, ys += s[i] * si, yc += s[i] * ci;
    }
    const Real det = ss * cc - sc * sc;
    return std::pair<Real, Real>{(ys * cc - yc * sc) / det, (yc * ss - ys * sc) / det};
  };
  const auto [a, b] = response(fc);
  EXPECT_NEAR(a, 0.5, 1e-3);
  EXPECT_NEAR(b, 0, 1e-3);  // in phase
  // Digital Butterworth: one pass |H|^2 = 1 / (1 + (tan(pi f T) / tan(pi fc T))^6).
  for (Real f : {2.0, 30.0}) {
    const Real r = std::tan(std::numbers::pi * f * T) / std::tan(std::numbers::pi * fc * T);
    const auto [a2, b2] = response(f);
    EXPECT_NEAR(a2, 1 / (1 + std::pow(r, 6)), 1e-3) << f;
    EXPECT_NEAR(b2, 0, 1e-3) << f;
  }
}

}  // namespace
}  // namespace articula
