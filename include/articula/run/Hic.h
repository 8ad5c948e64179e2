// Head Injury Criterion: HIC = max over t1 < t2 with t2 - t1 <= window of
//   (t2 - t1) * (mean resultant acceleration over [t1, t2], in g)^2.5
// computed on sampled data with the trapezoid rule (window 0.015 s gives HIC15).
#pragma once
#include <deque>
#include <vector>

#include "articula/math/Types.h"

namespace articula::run {

struct HicResult {
  Real value = 0, t1 = 0, t2 = 0;
};

// times strictly increasing (s); accelerationG the resultant acceleration in g at those times.
HicResult calcHic(const std::vector<Real>& times, const std::vector<Real>& accelerationG, Real window = 0.015);

// The same HIC from samples given one at a time in time order, keeping only the last window: memory
// stays bounded however long the run (a 10^6-step run kept 16 MB of samples). Same arithmetic and
// the same choice among equal windows as calcHic, so the results are identical.
class HicStream {
 public:
  explicit HicStream(Real window = 0.015) : window_(window) {}
  void add(Real time, Real accelerationG);
  const HicResult& result() const { return best_; }

 private:
  struct Sample {
    Real time, integral;  // integral of a from the first sample (trapezoid rule)
  };
  Real window_;
  std::deque<Sample> recent_;  // the samples within one window of the last
  Real lastAcceleration_ = 0;
  HicResult best_;
};

}  // namespace articula::run
