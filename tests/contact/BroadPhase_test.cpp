#include "articula/contact/BroadPhase.h"

#include <gtest/gtest.h>

#include <random>

namespace articula {
namespace {

std::vector<std::pair<int, int>> bruteForce(const std::vector<Aabb>& boxes) {
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i)
    for (int j = i + 1; j < static_cast<int>(boxes.size()); ++j)
      if (boxes[i].overlaps(boxes[j])) pairs.emplace_back(i, j);
  return pairs;
}

TEST(BroadPhase, EqualsBruteForceOnRandomScenes) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<Real> u(0, 1);
  BroadPhase broad;
  std::vector<std::pair<int, int>> pairs;
  for (int scene = 0; scene < 40; ++scene) {
    const int n = 1 + scene * 7;
    const Real world = 1 + scene % 5;  // denser and sparser scenes
    std::vector<Aabb> boxes(n);
    for (auto& b : boxes) {
      const Vec3 c(world * u(rng), world * u(rng), 0.3 * world * u(rng));
      const Vec3 h(0.2 * u(rng), 0.2 * u(rng), 0.2 * u(rng));
      b = Aabb{c - h, c + h};
    }
    if (scene % 3 == 0) boxes[0] = ContactShape::halfSpace().boundingBox(Transform(Vec3(0, 0, 0.1)));
    if (scene % 4 == 0 && n > 2)  // a tilted half-space is unbounded in every direction
      boxes[1] = ContactShape::halfSpace().boundingBox(Transform(Rotation::aboutX(0.3), Vec3::Zero()));
    if (n > 3) boxes[2] = boxes[3];  // exact duplicates touch
    broad.findPairs(boxes, pairs);
    EXPECT_EQ(pairs, bruteForce(boxes)) << "scene " << scene;
  }
}

TEST(BroadPhase, TouchingBoxesArePaired) {
  std::vector<Aabb> boxes{Aabb{Vec3(0, 0, 0), Vec3(1, 1, 1)}, Aabb{Vec3(1, 0, 0), Vec3(2, 1, 1)},
                          Aabb{Vec3(2.5, 0, 0), Vec3(3, 1, 1)}};
  BroadPhase broad;
  std::vector<std::pair<int, int>> pairs;
  broad.findPairs(boxes, pairs);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], std::make_pair(0, 1));
}

}  // namespace
}  // namespace articula
