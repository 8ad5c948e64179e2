// Contact detection runs on the hot path (every Dynamics realization of a contact model), so
// after a warm-up ContactGeometry::findContacts must not touch the heap (DESIGN.md section 3).
//
// Counting: support/AllocationCounter.h.
#include <gtest/gtest.h>

#include <random>

#include "articula/contact/ContactGeometry.h"
#include "support/AllocationCounter.h"

namespace articula {
namespace {

TEST(ContactAllocation, CounterSeesAllocations) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  EXPECT_GT(testing::allocationsDuring([] {
              Vector v(100);
              v.setZero();
            }),
            0);
}

TEST(ContactAllocation, FindContactsAllocatesNothingAfterWarmUp) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  ContactGeometry geo;
  const int nb = 40;
  std::vector<int> parents(nb);
  for (int b = 0; b < nb; ++b) parents[b] = b - 1;
  geo.setBodyParents(parents);
  geo.addShape(0, Transform(), ContactShape::halfSpace(), "floor");
  geo.addShape(0, Transform(Vec3(0.5, 0.5, 0)), ContactShape::sphere(0.3), "boulder");
  for (int b = 1; b < nb; ++b) {  // every kind of pair: GJK/EPA and patches too
    switch (b % 4) {
      case 0: geo.addShape(b, Transform(), ContactShape::brick(Vec3(0.1, 0.15, 0.2))); break;
      case 1: geo.addShape(b, Transform(), ContactShape::cylinder(0.1, 0.2)); break;
      case 2: geo.addShape(b, Transform(), ContactShape::capsule(0.08, 0.2)); break;
      default: geo.addShape(b, Transform(), ContactShape::ellipsoid(Vec3(0.1, 0.15, 0.3)));
    }
    geo.addShape(b, Transform(Vec3(0, 0, 0.3)), ContactShape::sphere(0.08));
  }
  geo.addClique({1, 3});
  geo.excludePair(2, 5);
  std::mt19937 rng(1);
  std::uniform_real_distribution<Real> u(-1, 1);
  std::vector<Transform> X_GB(nb);
  auto shake = [&] {
    for (int b = 1; b < nb; ++b)
      X_GB[b] = Transform(Quaternion(Vec4(u(rng), u(rng), u(rng), u(rng) + 2)).toRotation(),
                          Vec3(u(rng), u(rng), 0.3 * u(rng)));
  };
  for (int warm = 0; warm < 20; ++warm) {  // grow the buffers to the largest contact count seen
    shake();
    geo.findContacts(X_GB);
  }
  std::vector<std::vector<Transform>> poses;
  for (int k = 0; k < 5; ++k) {
    shake();
    poses.push_back(X_GB);
    geo.findContacts(X_GB);  // warm this exact pose
  }
  size_t total = 0;
  EXPECT_EQ(testing::allocationsDuring([&] {
              for (const auto& X : poses) total += geo.findContacts(X).size();
            }),
            0);
  EXPECT_GT(total, 0u);
}

}  // namespace
}  // namespace articula
