// Broad phase: the pairs of axis-aligned boxes that overlap, by sweep and prune along the axis
// where the box centres spread most. Unbounded boxes (half-spaces) are tested against every box.
// O(n log n + pairs); no allocation once the buffers have grown.
#pragma once
#include <utility>
#include <vector>

#include "articula/contact/ContactShape.h"

namespace articula {

class BroadPhase {
 public:
  // Fills pairs with every (i, j), i < j, whose boxes overlap (touching counts), sorted.
  void findPairs(const std::vector<Aabb>& boxes, std::vector<std::pair<int, int>>& pairs);

 private:
  std::vector<int> sorted_, unbounded_;
};

}  // namespace articula
