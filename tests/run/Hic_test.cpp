// HIC against closed forms: a constant acceleration A (g) lasting longer than the window gives
// 0.015 A^2.5; a rectangular pulse of duration d < 15 ms gives d A^2.5 (the best window is the pulse).
#include "articula/run/Hic.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace articula;
using namespace articula::run;

TEST(Hic, ConstantAcceleration) {
  std::vector<Real> t, a;
  for (int i = 0; i <= 1000; ++i) {
    t.push_back(i * 1e-4);
    a.push_back(60);
  }
  const HicResult r = calcHic(t, a);
  EXPECT_NEAR(r.value, 0.015 * std::pow(60.0, 2.5), 1e-6 * r.value);
  EXPECT_NEAR(r.t2 - r.t1, 0.015, 1e-9);
}

TEST(Hic, RectangularPulseShorterThanTheWindow) {
  std::vector<Real> t, a;
  const Real d = 0.006, A = 80, h = 1e-5;
  for (int i = 0; i <= 5000; ++i) {
    const Real ti = i * h;
    t.push_back(ti);
    a.push_back(ti >= 0.01 && ti <= 0.01 + d + 1e-12 ? A : 0);
  }
  const HicResult r = calcHic(t, a);
  // Sampling blurs the edges by one step: relative error of order h / d.
  EXPECT_NEAR(r.value, d * std::pow(A, 2.5), 5 * h / d * r.value);
  EXPECT_NEAR(r.t1, 0.01, 2 * h);
  EXPECT_NEAR(r.t2, 0.01 + d, 2 * h);
}

TEST(Hic, EmptyAndZeroInputs) {
  EXPECT_EQ(calcHic({}, {}).value, 0);
  EXPECT_EQ(calcHic({0, 0.001, 0.002}, {0, 0, 0}).value, 0);
}

// The streaming form gives calcHic's result exactly (value and window), on series with pulses,
// plateaus and ties, while keeping only one window of samples.
TEST(Hic, StreamAgreesExactlyWithTheWholeSeries) {
  std::vector<Real> t, a;
  Real time = 0;
  unsigned x = 12345;
  for (int i = 0; i < 4000; ++i) {
    x = x * 1103515245u + 12345u;
    time += 1e-5 + (x >> 8) % 1000 * 2e-6;  // uneven steps of 10 us to 2 ms
    t.push_back(time);
    const Real pulse = std::exp(-std::pow((time - 2.0) / 0.004, 2)) * 120;
    a.push_back(i % 500 < 20 ? 35.0 : pulse + ((x >> 4) % 7) - 3);  // plateaus give equal windows
  }
  for (Real window : {0.015, 0.036}) {
    HicStream s(window);
    for (size_t i = 0; i < t.size(); ++i) s.add(t[i], a[i]);
    const HicResult whole = calcHic(t, a, window);
    EXPECT_GT(whole.value, 0);
    EXPECT_EQ(s.result().value, whole.value);
    EXPECT_EQ(s.result().t1, whole.t1);
    EXPECT_EQ(s.result().t2, whole.t2);
  }
}
