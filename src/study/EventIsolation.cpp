// Illinois regula falsi with margin and bisection guards (see EventIsolation.h).
#include "articula/study/EventIsolation.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "articula/study/EventWitness.h"

namespace articula {

IsolationResult isolateCrossing(const std::function<Real(Real)>& f, Real a, Real fa, Real b, Real fb, int newSide,
                                Real window, int maxIterations) {
  IsolationResult r{a, b, fa, fb, 0};
  // Below a few ulps of t the bracket cannot shrink any more.
  const Real ulps = 8 * std::numeric_limits<Real>::epsilon() * std::max({Real(1), std::abs(a), std::abs(b)});
  const Real w = std::max(window, ulps);
  Real flo = fa, fhi = fb;                 // values used for the secant, scaled down at an end that stagnates
  int lastMoved = 0;                       // -1: the low end moved last, +1: the high end, 0: none yet
  bool zeroIsFlat = false;                 // a secant from a zero low end found more zero: bisect from now on
  Real widths[3] = {b - a, b - a, b - a};  // bracket widths 1, 2 and 3 trials ago
  while (r.high - r.low > w && r.iterations < maxIterations) {
    const Real width = r.high - r.low;
    // Bisect when the last three trials did not halve the bracket.
    const bool bisect = r.iterations >= 3 && width > widths[2] / 2;
    // A zero at the low end is usually the crossing itself: the secant then proposes the low end,
    // which the margin turns into a probe just past it. If the zero is a flat stretch instead,
    // secants cannot help.
    const bool zeroLow = flo == 0;
    const bool secant = !bisect && fhi != flo && (witnessSide(flo) == -newSide || (zeroLow && !zeroIsFlat));
    Real c = r.low + width / 2;
    if (secant) {
      const Real s = r.high - fhi * (width / (fhi - flo));
      if (std::isfinite(s)) c = s;
    }
    // Stay window/2 inside: if the crossing is that close to an end, this trial ends the search.
    c = std::clamp(c, r.low + w / 2, r.high - w / 2);
    if (!(c > r.low && c < r.high)) break;  // no representable point left between the ends
    const Real fc = f(c);
    ++r.iterations;
    if (secant && zeroLow && fc == 0) zeroIsFlat = true;
    // The same end moving twice in a row means the other end stagnates: scale its value down
    // (Anderson-Bjorck factor, or 1/2 as in the Illinois method when that factor is not positive).
    if (witnessSide(fc) == newSide) {
      if (lastMoved == +1) {
        const Real m = 1 - fc / fhi;
        flo *= m > 0 ? m : 0.5;
      }
      r.high = c;
      r.valueHigh = fhi = fc;
      lastMoved = +1;
    } else {
      if (lastMoved == -1) {
        const Real m = flo != 0 ? 1 - fc / flo : 0.5;
        fhi *= m > 0 ? m : 0.5;
      }
      r.low = c;
      r.valueLow = flo = fc;
      lastMoved = -1;
    }
    widths[2] = widths[1];
    widths[1] = widths[0];
    widths[0] = width;
  }
  return r;
}

}  // namespace articula
