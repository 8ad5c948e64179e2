#include "articula/run/Hic.h"

#include <cmath>

namespace articula::run {

HicResult calcHic(const std::vector<Real>& t, const std::vector<Real>& a, Real window) {
  HicResult best;
  const size_t n = std::min(t.size(), a.size());
  if (n < 2) return best;
  // Cumulative integral of a, so every window's mean costs O(1).
  std::vector<Real> integral(n, 0.0);
  for (size_t i = 1; i < n; ++i) integral[i] = integral[i - 1] + 0.5 * (a[i] + a[i - 1]) * (t[i] - t[i - 1]);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n && t[j] - t[i] <= window * (1 + 1e-12); ++j) {
      const Real dt = t[j] - t[i];
      const Real mean = (integral[j] - integral[i]) / dt;
      if (mean <= 0) continue;
      const Real hic = dt * std::pow(mean, 2.5);
      if (hic > best.value) best = {hic, t[i], t[j]};
    }
  return best;
}

void HicStream::add(Real time, Real a) {
  const Real integral = recent_.empty()
                            ? 0
                            : recent_.back().integral + 0.5 * (a + lastAcceleration_) * (time - recent_.back().time);
  lastAcceleration_ = a;
  const Real reach = window_ * (1 + 1e-12);
  while (!recent_.empty() && time - recent_.front().time > reach)
    recent_.pop_front();  // too far for any later sample too
  for (const Sample& start : recent_) {
    const Real dt = time - start.time;
    const Real mean = (integral - start.integral) / dt;
    if (mean <= 0) continue;
    const Real hic = dt * std::pow(mean, 2.5);
    // calcHic scans t1 then t2 and keeps the first maximum: among equal values, the earliest t1.
    if (hic > best_.value || (hic == best_.value && best_.value > 0 && start.time < best_.t1))
      best_ = {hic, start.time, time};
  }
  recent_.push_back({time, integral});
}

}  // namespace articula::run
