// The tree of a model's bodies by index: each body's parent found by name once through a hash map,
// and an order with every parent before its children. O(n log n) whatever order the file lists the
// bodies in (a name search per parent made loading 10^4 bodies take minutes).
#pragma once
#include <vector>

#include "articula/model/ModelSpec.h"

namespace articula::model {

struct BodyTree {
  static constexpr int kGround = -1, kUnknown = -2;
  std::vector<int> parent;  // index into ModelSpec::bodies, kGround, or kUnknown (no body of that name)
  // Parents first, otherwise in file order (as repeated passes over the list would add them); bodies
  // on a loop (or below one) or below an unknown parent are absent.
  std::vector<int> order;
};

BodyTree makeBodyTree(const ModelSpec& m);

}  // namespace articula::model
