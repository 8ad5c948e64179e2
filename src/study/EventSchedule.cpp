// EventSchedule: next scheduled time at or after t, for listed and periodic schedules.
#include "articula/study/EventSchedule.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "articula/Error.h"

namespace articula {

EventSchedule EventSchedule::at(std::vector<Real> times, const std::string& owner) {
  for (Real t : times)
    if (!std::isfinite(t)) throw Error("'" + owner + "': scheduled time " + formatValue(t, 17) + " is not finite");
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  EventSchedule s;
  s.times_ = std::move(times);
  return s;
}

EventSchedule EventSchedule::every(Real interval, Real start, const std::string& owner) {
  if (!(interval > 0) || !std::isfinite(interval))
    throw Error("'" + owner + "': interval must be finite and > 0 s, got " + formatValue(interval, 17));
  if (!std::isfinite(start)) throw Error("'" + owner + "': start time " + formatValue(start, 17) + " is not finite");
  EventSchedule s;
  s.periodic_ = true;
  s.interval_ = interval;
  s.start_ = start;
  return s;
}

Real EventSchedule::firstAtOrAfter(Real t) const {
  if (std::isnan(t)) return kNever;
  if (!periodic_) {
    auto it = std::lower_bound(times_.begin(), times_.end(), t);
    return it == times_.end() ? kNever : *it;
  }
  if (t <= start_) return start_;
  // k from the quotient, then corrected both ways: the quotient is rounded, and the decision
  // must agree with the value periodicTime(k) really has.
  const Real q = std::ceil((t - start_) / interval_);
  if (!(q < 9.0e15)) return kNever;  // beyond exact integers: no representable next time
  Real k = q;
  while (k > 0 && periodicTime(k - 1) >= t) k -= 1;
  while (periodicTime(k) < t) k += 1;
  return periodicTime(k);
}

Real EventSchedule::firstAfter(Real t) const {
  if (std::isnan(t)) return kNever;
  if (!periodic_) {
    auto it = std::upper_bound(times_.begin(), times_.end(), t);
    return it == times_.end() ? kNever : *it;
  }
  const Real next = firstAtOrAfter(t);
  if (next > t) return next;
  // next == t: the one after it. periodicTime is monotone in k, so step k until it moves past t.
  Real k = std::round((next - start_) / interval_);
  while (k > 0 && periodicTime(k - 1) > t) k -= 1;
  while (periodicTime(k) <= t) k += 1;
  return periodicTime(k);
}

}  // namespace articula
