#include "articula/io/Hic.h"

#include <cmath>

namespace articula::io {

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

}  // namespace articula::io
