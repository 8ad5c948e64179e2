// EventSchedule: the times at which a scheduled event or a reporter fires, either a list of
// times or every `interval` from `start`. Periodic times are computed as start + k · interval
// (never by accumulating the interval), so the k-th time is the same double however far the run
// went and however it was interrupted.
#pragma once
#include <limits>
#include <string>
#include <vector>

#include "articula/math/Types.h"

namespace articula {

class EventSchedule {
 public:
  static constexpr Real kNever = std::numeric_limits<Real>::infinity();

  // The given times (finite; sorted and de-duplicated here). `owner` names the event in errors.
  static EventSchedule at(std::vector<Real> times, const std::string& owner = "schedule");
  // start, start + interval, start + 2 interval, ... (interval finite and > 0, start finite).
  static EventSchedule every(Real interval, Real start = 0, const std::string& owner = "schedule");

  // The first time t_k >= t, or kNever.
  Real firstAtOrAfter(Real t) const;
  // The first time t_k > t, or kNever.
  Real firstAfter(Real t) const;

  bool isPeriodic() const { return periodic_; }
  Real getInterval() const { return interval_; }
  Real getStart() const { return start_; }
  const std::vector<Real>& getTimes() const { return times_; }

 private:
  EventSchedule() = default;
  Real periodicTime(Real k) const { return start_ + k * interval_; }

  bool periodic_ = false;
  Real interval_ = 0, start_ = 0;
  std::vector<Real> times_;
};

}  // namespace articula
