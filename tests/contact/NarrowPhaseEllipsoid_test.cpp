#include <gtest/gtest.h>

#include "ContactTestSupport.h"
#include "articula/contact/EllipsoidDistance.h"
#include "articula/contact/NarrowPhase.h"

namespace articula {
namespace {

using namespace articula::testing;

TEST(NarrowPhaseEllipsoid, SphereSphereClosedForm) {
  const ContactShape a = ContactShape::sphere(0.5), b = ContactShape::sphere(0.25);
  std::vector<ContactPoint> out;
  collideEllipsoids(PlacedShape{&a, Transform(Vec3(1, 0, 0)), 3}, PlacedShape{&b, Transform(Vec3(1, 0.7, 0)), 5}, 0,
                    out);
  ASSERT_EQ(out.size(), 1u);
  const ContactPoint& c = out[0];
  EXPECT_EQ(c.shapeA, 3);
  EXPECT_EQ(c.shapeB, 5);
  EXPECT_NEAR(c.depth, 0.05, 1e-15);
  EXPECT_NEAR((c.n_G - Vec3::UnitY()).norm(), 0, 1e-15);
  EXPECT_NEAR((c.pA_G - Vec3(1, 0.5, 0)).norm(), 0, 1e-15);
  EXPECT_NEAR((c.pB_G - Vec3(1, 0.45, 0)).norm(), 0, 1e-15);
  EXPECT_NEAR((c.p_G - Vec3(1, 0.475, 0)).norm(), 0, 1e-15);
  EXPECT_NEAR(c.curvatureA.k1, 2, 1e-15);
  EXPECT_NEAR(c.curvatureB.k2, 4, 1e-15);
  out.clear();
  collideEllipsoids(PlacedShape{&a, Transform(), 0}, PlacedShape{&b, Transform(Vec3(0, 0, 0.76)), 1}, 0, out);
  EXPECT_TRUE(out.empty());
  collideEllipsoids(PlacedShape{&a, Transform(), 0}, PlacedShape{&b, Transform(Vec3(0, 0, 0.76)), 1}, 0.02, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, -0.01, 1e-15);
}

// A sphere on an ellipsoid's tip: depth and both curvatures analytic (tip curvatures a/b^2, a/c^2).
TEST(NarrowPhaseEllipsoid, SphereOnEllipsoidTip) {
  const Vec3 axes(2, 1, 0.5);
  const Rotation R = Rotation::bodyFixedXYZ(Vec3(0.3, -0.2, 1.1));
  const Transform X_GE(R, Vec3(0.1, 0.2, 0.3));
  const ContactShape s = ContactShape::sphere(0.1), e = ContactShape::ellipsoid(axes);
  const Vec3 x_G = R.x();
  std::vector<ContactPoint> out;
  collideEllipsoids(PlacedShape{&s, Transform(X_GE.p() + 2.08 * x_G), 0}, PlacedShape{&e, X_GE, 1}, 0, out);
  ASSERT_EQ(out.size(), 1u);
  const ContactPoint& c = out[0];
  EXPECT_NEAR(c.depth, 0.02, 1e-12);
  EXPECT_NEAR((c.n_G + x_G).norm(), 0, 1e-9);  // from the sphere towards the ellipsoid
  EXPECT_NEAR((c.pB_G - (X_GE.p() + 2 * x_G)).norm(), 0, 1e-9);
  EXPECT_NEAR(c.curvatureA.k1, 10, 1e-12);
  EXPECT_NEAR(c.curvatureB.k1, 2 / 0.25, 1e-6);
  EXPECT_NEAR(c.curvatureB.k2, 2 / 1.0, 1e-6);
  EXPECT_NEAR(std::abs(c.curvatureB.d1_G.dot(R.z())), 1, 1e-6);  // k1 bends around the short axis
}

// Two ellipsoids touching tip to tip along x: curvatures of each at its own tip.
TEST(NarrowPhaseEllipsoid, EllipsoidPairCurvaturesAtTips) {
  const Vec3 a(1, 0.5, 0.25), b(0.5, 0.4, 0.8);
  const ContactShape A = ContactShape::ellipsoid(a), B = ContactShape::ellipsoid(b);
  std::vector<ContactPoint> out;
  collideEllipsoids(PlacedShape{&A, Transform(), 0}, PlacedShape{&B, Transform(Vec3(1.49, 0, 0)), 1}, 0, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NEAR(out[0].depth, 0.01, 1e-12);
  EXPECT_NEAR(out[0].curvatureA.k1, 1 / 0.0625, 1e-8);
  EXPECT_NEAR(out[0].curvatureA.k2, 1 / 0.25, 1e-8);
  EXPECT_NEAR(out[0].curvatureB.k1, 0.5 / 0.16, 1e-8);
  EXPECT_NEAR(out[0].curvatureB.k2, 0.5 / 0.64, 1e-8);
}

}  // namespace
}  // namespace articula

namespace articula {
namespace {

// The shortcut for pairs proved apart by the warm normal or the line of centres never changes the
// answer: against calcEllipsoidGap itself on random pairs near touching, with random and with
// reused warm normals, the same contacts and depths; a pair reported apart has a direction that
// proves it (overlap below -margin), which the next call can reuse.
TEST(NarrowPhaseEllipsoid, PairsProvedApartAgreeWithTheFullSearch) {
  std::mt19937 rng(21);
  int apart = 0, touching = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const ContactShape A = ContactShape::ellipsoid(
        Vec3(uniformReal(rng, 0.05, 0.3), uniformReal(rng, 0.05, 0.3), uniformReal(rng, 0.05, 0.3)));
    const ContactShape B = ContactShape::ellipsoid(
        Vec3(uniformReal(rng, 0.05, 0.3), uniformReal(rng, 0.05, 0.3), uniformReal(rng, 0.05, 0.3)));
    const Transform X_GA(randomRotationC(rng), Vec3::Zero());
    const Transform X_GB(randomRotationC(rng), uniformReal(rng, 0.1, 0.7) * randomUnit(rng));
    const Real margin = trial % 3 == 0 ? 0.01 : 0;
    const EllipsoidGap reference = calcEllipsoidGap(A.size(), X_GA, B.size(), X_GB);
    const bool expected = reference.depth >= -margin;
    for (const Vec3& warm : {Vec3(Vec3::Zero()), randomUnit(rng), reference.n_G}) {
      std::vector<ContactPoint> out;
      Vec3 normal = Vec3::Zero();
      collideEllipsoids(PlacedShape{&A, X_GA, 0}, PlacedShape{&B, X_GB, 1}, margin, out, warm, &normal);
      ASSERT_EQ(out.size(), expected ? 1u : 0u) << "trial " << trial << " depth " << reference.depth;
      EXPECT_NEAR(normal.norm(), 1, 1e-12);
      if (expected) {
        EXPECT_NEAR(out[0].depth, reference.depth, 1e-9);
      } else {
        const Vec3 d = X_GB.p() - X_GA.p();
        const Real overlap = A.size().cwiseProduct(X_GA.R().matrix().transpose() * normal).norm() +
                             B.size().cwiseProduct(X_GB.R().matrix().transpose() * normal).norm() - normal.dot(d);
        EXPECT_LT(overlap, -margin);
      }
    }
    (expected ? touching : apart) += 1;
  }
  EXPECT_GT(apart, 50);
  EXPECT_GT(touching, 50);
}

}  // namespace
}  // namespace articula
