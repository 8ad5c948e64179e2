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

// Boxes drifting between calls (the sweep order is re-sorted by insertion), with a random pair
// filter that bars whole boxes from the sweep and changing sets of unbounded boxes.
TEST(BroadPhase, FilteredAndReusedOrderEqualsBruteForce) {
  std::mt19937 rng(19);
  std::uniform_real_distribution<Real> u(0, 1);
  for (int scene = 0; scene < 30; ++scene) {
    const int n = 2 + scene * 3;
    std::vector<Aabb> boxes(n);
    std::vector<Vec3> centre(n), velocity(n);
    for (int i = 0; i < n; ++i) {
      centre[i] = Vec3(2 * u(rng), 2 * u(rng), 0.5 * u(rng));
      velocity[i] = Vec3(u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5) * 0.05;
    }
    std::vector<char> mayPair(static_cast<size_t>(n) * n, 1);
    const int barred = scene % 3 == 0 ? n / 2 : 0;  // the first `barred` boxes pair with nothing but box 0
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const bool allowed = i == j || ((i >= barred || j == 0) && (j >= barred || i == 0)) ? u(rng) < 0.8 : false;
        mayPair[static_cast<size_t>(i) * n + j] = mayPair[static_cast<size_t>(j) * n + i] = allowed;
      }
    BroadPhase broad;
    if (scene % 2 == 0) broad.setPairFilter(n, mayPair);
    std::vector<std::pair<int, int>> pairs;
    for (int call = 0; call < 12; ++call) {
      for (int i = 0; i < n; ++i) {
        centre[i] += velocity[i] * (call % 5 == 4 ? 20.0 : 1.0);  // now and then a big jump
        const Vec3 h(0.15, 0.1, 0.2);
        boxes[i] = Aabb{centre[i] - h, centre[i] + h};
      }
      if (call % 4 == 1) boxes[0] = ContactShape::halfSpace().boundingBox(Transform(Vec3(0, 0, 0.2)));
      if (call % 6 == 3 && n > 3) boxes[n - 1] = ContactShape::halfSpace().boundingBox(Transform(Vec3(0, 0, 0.1)));
      broad.findPairs(boxes, pairs);
      std::vector<std::pair<int, int>> expected;
      for (auto [i, j] : bruteForce(boxes))
        if (scene % 2 != 0 || mayPair[static_cast<size_t>(i) * n + j]) expected.emplace_back(i, j);
      EXPECT_EQ(pairs, expected) << "scene " << scene << " call " << call;
    }
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
