// The head's resultant acceleration from the frames and from every accepted step, merged in time
// order as the frames arrive and streamed into its peak and HIC15: the run keeps no series, so its
// memory does not grow with the number of steps. Steps come from the simulation thread, frames
// from the frame thread (or the same one); every step up to a frame's time is handed over before
// that frame, so merging at each frame sees them all.
#pragma once
#include <mutex>
#include <utility>
#include <vector>

#include "articula/run/Hic.h"

namespace articula::run {

class HeadTrack {
 public:
  void addStep(Real time, Real acceleration);   // m/s^2; any thread, in time order
  void addFrame(Real time, Real acceleration);  // m/s^2; in time order, after the steps up to `time`
  void finish();                                // the steps after the last frame

  Real peak() const { return peak_; }  // m/s^2
  Real peakTime() const { return peakTime_; }
  const HicResult& hic15() const { return hic_.result(); }

 private:
  void take(Real time, Real acceleration);  // the merged series, one sample per time
  std::mutex mutex_;
  std::vector<std::pair<Real, Real>> pending_, taken_;  // steps not merged yet; a buffer reused
  bool any_ = false;
  Real lastTime_ = 0, peak_ = 0, peakTime_ = 0;
  HicStream hic_;
};

}  // namespace articula::run
