#include "articula/contact/BroadPhase.h"

#include <algorithm>

namespace articula {

namespace {

bool isBounded(const Aabb& b) { return b.lo.allFinite() && b.hi.allFinite(); }

// The axis along which the centres of the given bounded boxes spread most.
int sweepAxis(const std::vector<Aabb>& boxes, const std::vector<int>& members) {
  Vec3 sum = Vec3::Zero(), sum2 = Vec3::Zero();
  for (int i : members) {
    const Vec3 c = 0.5 * (boxes[i].lo + boxes[i].hi);
    sum += c;
    sum2 += c.cwiseProduct(c);
  }
  const int n = static_cast<int>(members.size());
  if (n == 0) return 0;
  const Vec3 variance = sum2 / n - (sum / n).cwiseProduct(sum / n);
  int axis = 0;
  variance.maxCoeff(&axis);
  return axis;
}

}  // namespace

void BroadPhase::setPairFilter(int n, std::vector<char> mayPair) {
  filterSize_ = mayPair.empty() ? 0 : n;
  mayPair_ = std::move(mayPair);
  membersValid_ = false;
}

// The sweep holds the bounded boxes that may pair with another bounded box; which those are
// changes only with the filter or the set of unbounded boxes, so it is redone only then.
void BroadPhase::chooseSweepMembers(const std::vector<Aabb>& boxes) {
  const int n = static_cast<int>(boxes.size());
  sorted_.clear();
  for (int i = 0; i < n; ++i) {
    if (isUnbounded_[i]) continue;
    bool any = !filtered_;
    for (int j = 0; j < n && !any; ++j) any = j != i && !isUnbounded_[j] && mayPair(i, j);
    if (any) sorted_.push_back(i);
  }
  lastUnbounded_ = unbounded_;
  numBoxes_ = n;
  membersValid_ = true;
  axis_ = -1;  // sort from scratch
}

void BroadPhase::findPairs(const std::vector<Aabb>& boxes, std::vector<std::pair<int, int>>& pairs) {
  pairs.clear();
  const int n = static_cast<int>(boxes.size());
  filtered_ = filterSize_ == n && n > 0;
  unbounded_.clear();
  isUnbounded_.resize(n);
  for (int i = 0; i < n; ++i) {
    isUnbounded_[i] = !isBounded(boxes[i]);
    if (isUnbounded_[i]) unbounded_.push_back(i);
  }
  if (!membersValid_ || numBoxes_ != n || unbounded_ != lastUnbounded_) chooseSweepMembers(boxes);

  const int axis = sweepAxis(boxes, sorted_);
  auto lo = [&](int i) { return boxes[i].lo[axis]; };
  if (axis != axis_) {
    std::sort(sorted_.begin(), sorted_.end(), [&](int a, int b) { return lo(a) < lo(b); });
    axis_ = axis;
  } else {
    for (size_t k = 1; k < sorted_.size(); ++k) {  // insertion sort of a nearly sorted list
      const int i = sorted_[k];
      const Real key = lo(i);
      size_t l = k;
      for (; l > 0 && lo(sorted_[l - 1]) > key; --l) sorted_[l] = sorted_[l - 1];
      sorted_[l] = i;
    }
  }
  const int m = static_cast<int>(sorted_.size());
  for (int k = 0; k < m; ++k) {
    const int i = sorted_[k];
    const Real end = boxes[i].hi[axis];
    for (int l = k + 1; l < m && lo(sorted_[l]) <= end; ++l) {
      const int j = sorted_[l];
      if (mayPair(i, j) && boxes[i].overlaps(boxes[j])) pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
  }
  // Unbounded boxes against every box (in the sweep or not), and against later unbounded ones.
  for (int i : unbounded_) {
    for (int j = 0; j < n; ++j) {
      if (j == i || (isUnbounded_[j] && j < i) || !mayPair(i, j)) continue;
      if (boxes[i].overlaps(boxes[j])) pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
  }
  std::sort(pairs.begin(), pairs.end());
}

}  // namespace articula
