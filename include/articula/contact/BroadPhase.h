// Broad phase: the pairs of axis-aligned boxes that overlap, by sweep and prune along the axis
// where the box centres spread most. Unbounded boxes (half-spaces) are tested against every box.
// The sweep order of the last call is kept and re-sorted by insertion, which costs O(n) when the
// boxes moved little (as between the evaluations of an integrator step). An optional pair filter
// leaves out pairs that may never collide before any overlap test, and boxes with no permitted
// bounded partner out of the sweep. O(n log n + pairs) at worst; no allocation once the buffers
// have grown.
#pragma once
#include <utility>
#include <vector>

#include "articula/contact/ContactShape.h"

namespace articula {

class BroadPhase {
 public:
  // Restricts the pairs of the following calls to those with mayPair[i * n + j] != 0 (a symmetric
  // n x n table for boxes 0..n-1); an empty table permits every pair. Calls with another number of
  // boxes ignore the table.
  void setPairFilter(int n, std::vector<char> mayPair);

  // Fills pairs with every permitted (i, j), i < j, whose boxes overlap (touching counts), sorted.
  void findPairs(const std::vector<Aabb>& boxes, std::vector<std::pair<int, int>>& pairs);

 private:
  bool mayPair(int i, int j) const { return !filtered_ || mayPair_[static_cast<size_t>(i) * filterSize_ + j]; }
  void chooseSweepMembers(const std::vector<Aabb>& boxes);

  int filterSize_ = 0;
  bool filtered_ = false;
  std::vector<char> mayPair_;
  // The last call's sweep: its axis, its boxes in order of lo[axis], and what decided who is in it.
  int axis_ = -1, numBoxes_ = -1;
  bool membersValid_ = false;
  std::vector<int> sorted_, unbounded_, lastUnbounded_;
  std::vector<char> isUnbounded_;
};

}  // namespace articula
