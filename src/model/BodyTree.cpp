#include "BodyTree.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace articula::model {

BodyTree makeBodyTree(const ModelSpec& m) {
  const int n = static_cast<int>(m.bodies.size());
  std::unordered_map<std::string_view, int> index;
  index.reserve(m.bodies.size());
  for (int i = 0; i < n; ++i) index.emplace(m.bodies[i].name, i);  // the first of a duplicated name
  BodyTree t;
  t.parent.resize(m.bodies.size());
  std::vector<std::vector<int>> children(m.bodies.size());
  for (int i = 0; i < n; ++i) {
    const std::string& p = m.bodies[i].joint.parent;
    const auto it = index.find(p);
    t.parent[i] = p == "ground" ? BodyTree::kGround : it == index.end() ? BodyTree::kUnknown : it->second;
    if (t.parent[i] >= 0) children[t.parent[i]].push_back(i);
  }
  for (int i = 0; i < n; ++i)
    if (t.parent[i] == BodyTree::kGround) t.order.push_back(i);
  for (size_t k = 0; k < t.order.size(); ++k)  // breadth first from the roots
    for (int c : children[t.order[k]]) t.order.push_back(c);
  // The order of repeated passes over the list, each adding every body whose parent is in (so a
  // file listed parents first keeps its order, and the mobilities their places): a body comes in
  // its parent's pass when listed after it, else in the next.
  std::vector<int> pass(m.bodies.size(), 0);
  for (int i : t.order)
    if (t.parent[i] >= 0) pass[i] = pass[t.parent[i]] + (i < t.parent[i] ? 1 : 0);
  std::sort(t.order.begin(), t.order.end(),
            [&](int a, int b) { return pass[a] != pass[b] ? pass[a] < pass[b] : a < b; });
  return t;
}

}  // namespace articula::model
