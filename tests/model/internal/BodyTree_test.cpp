// The body tree by index: parents found by name, parents-first order whatever the listing order.
#include "model/BodyTree.h"

#include <gtest/gtest.h>

using namespace articula::model;

namespace {
// "b<i>", appended: GCC 12 at -O3 warns falsely (-Wrestrict) on "b" + std::to_string(i).
std::string nameOf(int i) {
  std::string s = "b";
  s += std::to_string(i);
  return s;
}
ModelSpec modelOf(const std::vector<std::pair<std::string, std::string>>& bodyAndParent) {
  ModelSpec m;
  for (const auto& [name, parent] : bodyAndParent) {
    BodySpec b;
    b.name = name;
    b.joint.name = name + "_joint";
    b.joint.parent = parent;
    m.bodies.push_back(b);
  }
  return m;
}
}  // namespace

TEST(BodyTree, OrdersParentsFirstWhateverTheListing) {
  const ModelSpec m = modelOf({{"hand", "forearm"}, {"forearm", "arm"}, {"arm", "ground"}, {"head", "ground"}});
  const BodyTree t = makeBodyTree(m);
  EXPECT_EQ(t.parent, (std::vector<int>{1, 2, BodyTree::kGround, BodyTree::kGround}));
  ASSERT_EQ(t.order.size(), 4u);
  std::vector<int> position(4);
  for (size_t k = 0; k < t.order.size(); ++k) position[t.order[k]] = static_cast<int>(k);
  for (int i = 0; i < 4; ++i) {
    if (t.parent[i] >= 0) {
      EXPECT_LT(position[t.parent[i]], position[i]) << m.bodies[i].name;
    }
  }
}

TEST(BodyTree, LeavesOutLoopsAndMarksUnknownParents) {
  const BodyTree t = makeBodyTree(modelOf({{"a", "b"}, {"b", "a"}, {"c", "ground"}, {"d", "nobody"}, {"e", "a"}}));
  EXPECT_EQ(t.parent[3], BodyTree::kUnknown);
  EXPECT_EQ(t.order, std::vector<int>{2});  // a, b on a loop; e below it; d unknown
}

TEST(BodyTree, AHundredThousandBodiesListedChildFirst) {
  std::vector<std::pair<std::string, std::string>> chain;
  const int n = 100000;
  for (int i = n - 1; i >= 0; --i) chain.push_back({nameOf(i), i == 0 ? "ground" : nameOf(i - 1)});
  const BodyTree t = makeBodyTree(modelOf(chain));
  ASSERT_EQ(t.order.size(), static_cast<size_t>(n));
  EXPECT_EQ(t.order.front(), n - 1);  // b0, listed last
  EXPECT_EQ(t.order.back(), 0);       // the tip, listed first
}

TEST(BodyTree, KeepsTheFileOrderWhereParentsComeFirst) {
  // Two trees listed one after the other keep their listing, so each tree's mobilities stay together.
  const BodyTree t = makeBodyTree(modelOf({{"a", "ground"}, {"a1", "a"}, {"a2", "a1"}, {"b", "ground"}, {"b1", "b"}}));
  EXPECT_EQ(t.order, (std::vector<int>{0, 1, 2, 3, 4}));
  // A child listed before its parent comes one pass later, after every body of the first pass.
  const BodyTree late = makeBodyTree(modelOf({{"x1", "x"}, {"x", "ground"}, {"y", "ground"}, {"y1", "y"}}));
  EXPECT_EQ(late.order, (std::vector<int>{1, 2, 3, 0}));
}
