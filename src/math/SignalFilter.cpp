// Padding and zero-phase Butterworth low-pass as OpenSim applies them (SignalFilter.h).
#include "articula/math/SignalFilter.h"

#include <cmath>
#include <numbers>
#include <string>

#include "articula/Error.h"

namespace articula {

std::vector<Real> padOddReflection(std::span<const Real> s, int pad) {
  const int n = static_cast<int>(s.size());
  if (pad < 0 || (pad > 0 && pad > n - 1))
    throw Error("padding of " + std::to_string(pad) + " points needs more than " + std::to_string(n) + " samples");
  std::vector<Real> out(static_cast<size_t>(n + 2 * pad));
  for (int k = 0; k < pad; ++k) out[k] = 2 * s[0] - s[pad - k];
  for (int k = 0; k < n; ++k) out[pad + k] = s[k];
  for (int k = 0; k < pad; ++k) out[pad + n + k] = 2 * s[n - 1] - s[n - 2 - k];
  return out;
}

namespace {

// One causal pass of the difference equation y_i = sum a_j x_i-j - sum b_j y_i-j (j = 1..3).
void pass(const std::vector<Real>& x, std::vector<Real>& y, const Real a[4], const Real b[4]) {
  const size_t n = x.size();
  for (size_t i = 0; i < 3 && i < n; ++i) y[i] = x[i];
  for (size_t i = 3; i < n; ++i)
    y[i] = a[0] * x[i] + a[1] * x[i - 1] + a[2] * x[i - 2] + a[3] * x[i - 3] - b[1] * y[i - 1] - b[2] * y[i - 2] -
           b[3] * y[i - 3];
}

}  // namespace

void lowpassButterworth3ZeroPhase(std::span<Real> signal, Real T, Real fc) {
  if (!(T > 0)) throw Error("low-pass filter: sample interval " + std::to_string(T) + " is not positive");
  if (signal.size() < 4) throw Error("low-pass filter: " + std::to_string(signal.size()) + " samples, 4 needed");
  if (fc >= 0.5 / T) fc = 0.49 / T;
  // H(s) = 1 / ((s + 1)(s^2 + s + 1)) at s = (1/wa)(z - 1)/(z + 1).
  const Real wa = std::tan(std::numbers::pi * fc * T), wa2 = wa * wa, wa3 = wa2 * wa;
  const Real den = (wa + 1) * (wa2 + wa + 1);
  const Real a[4] = {wa3 / den, 3 * wa3 / den, 3 * wa3 / den, wa3 / den};
  const Real b[4] = {1, (3 * wa3 + 2 * wa2 - 2 * wa - 3) / den, (3 * wa3 - 2 * wa2 - 2 * wa + 3) / den,
                     (wa - 1) * (wa2 - wa + 1) / den};
  const size_t n = signal.size();
  std::vector<Real> x(signal.begin(), signal.end()), y(n);
  pass(x, y, a, b);
  for (size_t i = 0; i < n; ++i) x[i] = y[n - 1 - i];
  pass(x, y, a, b);
  for (size_t i = 0; i < n; ++i) signal[i] = y[n - 1 - i];
}

}  // namespace articula
