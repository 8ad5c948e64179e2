#include <gtest/gtest.h>

#include "ContactTestSupport.h"
#include "articula/contact/NarrowPhase.h"

namespace articula {
namespace {

std::vector<ContactPoint> sphereBrick(Real r, const Vec3& c_G, const Transform& X_GB) {
  const ContactShape s = ContactShape::sphere(r), b = ContactShape::brick(Vec3(0.5, 0.3, 0.2));
  std::vector<ContactPoint> out;
  collideSphereBrick(PlacedShape{&s, Transform(c_G), 0}, PlacedShape{&b, X_GB, 1}, 0, out);
  return out;
}

TEST(NarrowPhaseBrick, SphereOnFaceEdgeCornerAndInside) {
  const Transform X_GB(Rotation::aboutZ(0.7), Vec3(1, 2, 3));
  const Vec3 x = X_GB.R().x(), y = X_GB.R().y(), z = X_GB.R().z();
  // Above the top face: depth r - gap, normal -z (sphere towards brick).
  auto out = sphereBrick(0.1, X_GB.p() + 0.28 * z + 0.1 * x, X_GB);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.02, 1e-14);
  EXPECT_NEAR((out[0].n_G + z).norm(), 0, 1e-14);
  EXPECT_NEAR((out[0].pB_G - (X_GB.p() + 0.2 * z + 0.1 * x)).norm(), 0, 1e-14);
  // Beyond the edge x = 0.5, z = 0.2 along the diagonal.
  const Vec3 diag = (x + z).normalized();
  out = sphereBrick(0.1, X_GB.p() + 0.5 * x + 0.2 * z + 0.09 * diag, X_GB);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.01, 1e-14);
  EXPECT_NEAR((out[0].n_G + diag).norm(), 0, 1e-12);
  // Beyond a corner, out of reach.
  const Vec3 corner = X_GB.p() + 0.5 * x + 0.3 * y + 0.2 * z;
  EXPECT_TRUE(sphereBrick(0.1, corner + 0.11 * (x + y + z).normalized(), X_GB).empty());
  // Centre inside, nearest face y = +0.3 at 0.05: depth r + 0.05.
  out = sphereBrick(0.1, X_GB.p() + 0.25 * y, X_GB);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.15, 1e-14);
  EXPECT_NEAR((out[0].n_G + y).norm(), 0, 1e-14);
}

}  // namespace
}  // namespace articula
