#include "articula/contact/BroadPhase.h"

#include <algorithm>
#include <cmath>

namespace articula {

namespace {

int sweepAxis(const std::vector<Aabb>& boxes) {
  Vec3 sum = Vec3::Zero(), sum2 = Vec3::Zero();
  int n = 0;
  for (const Aabb& b : boxes) {
    if (!(b.lo.allFinite() && b.hi.allFinite())) continue;
    const Vec3 c = 0.5 * (b.lo + b.hi);
    sum += c;
    sum2 += c.cwiseProduct(c);
    ++n;
  }
  if (n == 0) return 0;
  const Vec3 variance = sum2 / n - (sum / n).cwiseProduct(sum / n);
  int axis = 0;
  variance.maxCoeff(&axis);
  return axis;
}

}  // namespace

void BroadPhase::findPairs(const std::vector<Aabb>& boxes, std::vector<std::pair<int, int>>& pairs) {
  pairs.clear();
  const int n = static_cast<int>(boxes.size());
  const int axis = sweepAxis(boxes);
  sorted_.clear();
  unbounded_.clear();
  for (int i = 0; i < n; ++i) {
    if (std::isfinite(boxes[i].lo[axis]) && std::isfinite(boxes[i].hi[axis])) sorted_.push_back(i);
    else unbounded_.push_back(i);
  }
  std::sort(sorted_.begin(), sorted_.end(), [&](int a, int b) { return boxes[a].lo[axis] < boxes[b].lo[axis]; });
  const int m = static_cast<int>(sorted_.size());
  for (int k = 0; k < m; ++k) {
    const int i = sorted_[k];
    const Real end = boxes[i].hi[axis];
    for (int l = k + 1; l < m && boxes[sorted_[l]].lo[axis] <= end; ++l) {
      const int j = sorted_[l];
      if (boxes[i].overlaps(boxes[j])) pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
  }
  // Unbounded boxes against every bounded box, and against later unbounded ones.
  for (int i : unbounded_) {
    for (int j = 0; j < n; ++j) {
      const bool jUnbounded = !(std::isfinite(boxes[j].lo[axis]) && std::isfinite(boxes[j].hi[axis]));
      if (j == i || (jUnbounded && j < i)) continue;
      if (boxes[i].overlaps(boxes[j])) pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
  }
  std::sort(pairs.begin(), pairs.end());
}

}  // namespace articula
