#include "ProgressBar.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace articula::app {

ProgressBar::ProgressBar(bool enabled) : active_(enabled && isatty(STDERR_FILENO)) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(double simulated, double duration, double wall) {
  if (!active_ || (wall - lastDraw_ < 0.1 && simulated < duration)) return;
  lastDraw_ = wall;
  constexpr int kWidth = 30;
  const double fraction = duration > 0 ? std::min(1.0, simulated / duration) : 1.0;
  const int filled = static_cast<int>(std::lround(fraction * kWidth));
  char bar[kWidth + 1];
  for (int i = 0; i < kWidth; ++i) bar[i] = i < filled ? '#' : '-';
  bar[kWidth] = 0;
  const double rtf = wall > 0 ? simulated / wall : 0;
  const double eta = fraction > 0 ? wall * (1 - fraction) / fraction : 0;
  const int etaS = static_cast<int>(std::lround(eta));
  std::fprintf(stderr, "\r[%s] %8.4f / %.4g s  real-time factor %8.3g  ETA %d:%02d ", bar, simulated, duration, rtf,
               etaS / 60, etaS % 60);
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r%100s\r", "");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace articula::app
