#include <gtest/gtest.h>

#include "ContactTestSupport.h"
#include "articula/contact/NarrowPhase.h"

namespace articula {
namespace {

using namespace articula::testing;

std::vector<ContactPoint> against(const ContactShape& s, const Transform& X_GS, Real margin = 0,
                                  const Transform& X_GH = Transform()) {
  const ContactShape hs = ContactShape::halfSpace();
  std::vector<ContactPoint> out;
  collideHalfSpace(PlacedShape{&hs, X_GH, 0}, PlacedShape{&s, X_GS, 1}, margin, out);
  return out;
}

// An ellipsoid resting on the floor z = 0 at any orientation: its centre height is the support
// value sqrt(sum_k (R_zk a_k)^2), and the lowest point has depth 0 there.
TEST(NarrowPhaseHalfSpace, EllipsoidRestsAtSupportHeightAtAnyOrientation) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 100; ++trial) {
    const Vec3 a(uniformReal(rng, 0.02, 1), uniformReal(rng, 0.02, 1), uniformReal(rng, 0.02, 1));
    const Rotation R = randomRotationC(rng);
    Real h2 = 0;
    for (int k = 0; k < 3; ++k) h2 += std::pow(R.matrix()(2, k) * a[k], 2);
    const Vec3 c(uniformReal(rng, -1, 1), uniformReal(rng, -1, 1), std::sqrt(h2));
    const ContactShape e = ContactShape::ellipsoid(a);
    auto out = against(e, Transform(R, c), 1e-9);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_NEAR(out[0].depth, 0, 1e-14);
    EXPECT_NEAR(out[0].pB_G.z(), 0, 1e-14);
    EXPECT_NEAR((out[0].n_G - Vec3::UnitZ()).norm(), 0, 1e-15);
    // The lowest point is on the surface, and no surface sample lies lower.
    const Vec3 p_S = R.matrix().transpose() * (out[0].pB_G - c);
    EXPECT_NEAR(p_S.cwiseQuotient(a).norm(), 1, 1e-12);
    Real lowest = INFINITY;
    for (const Vec3& q : ellipsoidSurfaceSamples(a, Transform(R, c), 30, 60)) lowest = std::min(lowest, q.z());
    EXPECT_GE(lowest, -1e-12);
    // Lowered by delta: depth delta, point unchanged.
    const Real delta = 0.01 * a.minCoeff();
    out = against(e, Transform(R, c - Vec3(0, 0, delta)));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_NEAR(out[0].depth, delta, 1e-14);
    EXPECT_NEAR(out[0].pA_G.z(), 0, 1e-14);
    // Raised: no contact without a margin.
    EXPECT_TRUE(against(e, Transform(R, c + Vec3(0, 0, delta))).empty());
  }
}

TEST(NarrowPhaseHalfSpace, SphereOnTiltedPlane) {
  const Transform X_GH(Rotation::aboutX(0.4), Vec3(0, 0, 1));
  const Vec3 n = X_GH.R().z();
  const ContactShape s = ContactShape::sphere(0.3);
  const auto out = against(s, Transform(X_GH.p() + 0.25 * n), 0, X_GH);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.05, 1e-15);
  EXPECT_NEAR((out[0].pB_G - (X_GH.p() - 0.05 * n)).norm(), 0, 1e-15);
  EXPECT_NEAR((out[0].pA_G - X_GH.p()).norm(), 0, 1e-15);
  EXPECT_NEAR(out[0].curvatureB.k1, 1 / 0.3, 1e-12);
  EXPECT_EQ(out[0].curvatureA.k1, 0);
}

TEST(NarrowPhaseHalfSpace, BrickReportsPenetratingCorners) {
  const ContactShape b = ContactShape::brick(Vec3(0.5, 0.3, 0.2));
  // Flat, sunk 1 cm: four corners. Tilted about x: the two lower corners only.
  auto out = against(b, Transform(Vec3(0, 0, 0.19)));
  ASSERT_EQ(out.size(), 4u);
  for (const auto& c : out) EXPECT_NEAR(c.depth, 0.01, 1e-15);
  const Real th = 0.1;
  const Real lowZ = 0.3 * std::sin(th) + 0.2 * std::cos(th);  // height of the lowest corners above the centre
  out = against(b, Transform(Rotation::aboutX(th), Vec3(0, 0, lowZ - 0.002)));
  ASSERT_EQ(out.size(), 2u);
  for (const auto& c : out) EXPECT_NEAR(c.depth, 0.002, 1e-14);
}

TEST(NarrowPhaseHalfSpace, CapsuleAndCylinderEnds) {
  const Real r = 0.1, L = 0.4, th = 0.3;
  const ContactShape cap = ContactShape::capsule(r, L), cyl = ContactShape::cylinder(r, L);
  const Transform X(Rotation::aboutY(M_PI / 2 - th), Vec3(0, 0, 0.2));  // axis tilted th from the floor
  // Capsule: lower end ball centre at height 0.2 - L sin(th).
  auto out = against(cap, X);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, r - (0.2 - L * std::sin(th)), 1e-14);
  EXPECT_NEAR(out[0].curvatureB.k1, 1 / r, 1e-12);
  // Cylinder: the lowest rim point is r cos(th) below the lower end centre.
  out = against(cyl, X);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, r * std::cos(th) - (0.2 - L * std::sin(th)), 1e-14);
  // Lying flat: both ends touch with the side's curvature.
  out = against(cyl, Transform(Rotation::aboutY(M_PI / 2), Vec3(0, 0, r - 0.001)));
  ASSERT_EQ(out.size(), 2u);
  for (const auto& c : out) {
    EXPECT_NEAR(c.depth, 0.001, 1e-14);
    EXPECT_NEAR(c.curvatureB.k1, 1 / r, 1e-12);
    EXPECT_NEAR(c.curvatureB.k2, 0, 1e-12);
  }
}

}  // namespace
}  // namespace articula
