// Head Injury Criterion: HIC = max over t1 < t2 with t2 - t1 <= window of
//   (t2 - t1) * (mean resultant acceleration over [t1, t2], in g)^2.5
// computed on sampled data with the trapezoid rule (window 0.015 s gives HIC15).
#pragma once
#include <vector>

#include "articula/math/Types.h"

namespace articula::io {

struct HicResult {
  Real value = 0, t1 = 0, t2 = 0;
};

// times strictly increasing (s); accelerationG the resultant acceleration in g at those times.
HicResult calcHic(const std::vector<Real>& times, const std::vector<Real>& accelerationG, Real window = 0.015);

}  // namespace articula::io
