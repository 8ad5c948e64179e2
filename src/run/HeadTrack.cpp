#include "articula/run/HeadTrack.h"

namespace articula::run {

namespace {
constexpr Real kStandardGravity = 9.80665;  // m/s^2 per g (HIC is defined in g)
}  // namespace

void HeadTrack::addStep(Real time, Real acceleration) {
  const std::lock_guard<std::mutex> lock(mutex_);
  pending_.push_back({time, acceleration});
}

// Where a frame and a step share a time, the frame's sample is kept (it comes first).
void HeadTrack::addFrame(Real time, Real acceleration) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    size_t n = 0;
    while (n < pending_.size() && pending_[n].first < time) ++n;
    taken_.assign(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(n));
    pending_.erase(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(n));
  }
  for (const auto& [t, a] : taken_) take(t, a);
  take(time, acceleration);
}

void HeadTrack::finish() {
  const std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& [t, a] : pending_) take(t, a);
  pending_.clear();
}

void HeadTrack::take(Real time, Real acceleration) {
  if (any_ && time == lastTime_) return;
  any_ = true;
  lastTime_ = time;
  if (acceleration > peak_) {
    peak_ = acceleration;
    peakTime_ = time;
  }
  hic_.add(time, acceleration / kStandardGravity);
}

}  // namespace articula::run
