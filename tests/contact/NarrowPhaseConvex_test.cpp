// Contact patches between flat and straight features in any orientation: a brick resting on a
// brick (four corners, the punch force of the overlap area), a brick straddling an edge (the
// overlap area), a cylinder end on a face (the disk's area), a capsule and a cylinder lying on a
// face (two line-contact points); single points for curved pairs at the oracle's depth.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "ContactTestSupport.h"
#include "articula/contact/ConvexDistance.h"
#include "articula/contact/FlatContact.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {
namespace {

using testing::randomRotationC;
using testing::uniformReal;

std::vector<ContactPoint> contactsOf(const ContactShape& a, const Transform& X_GA, const ContactShape& b,
                                     const Transform& X_GB) {
  std::vector<ContactPoint> out;
  collideConvex(PlacedShape{&a, X_GA, 0}, PlacedShape{&b, X_GB, 1}, 0, out);
  return out;
}

// Total Hertz force per unit E* of a patch.
Real patchForce(const std::vector<ContactPoint>& cs) {
  Real total = 0;
  for (const ContactPoint& c : cs) {
    if (!(c.depth > 0)) continue;
    const RelativeCurvature rc = calcRelativeCurvature(c.curvatureA, c.curvatureB, c.n_G);
    total += calcHertzEllipse(rc.A, rc.B).stiffnessPerModulus * std::pow(c.depth, 1.5);
  }
  return total;
}

Real punch(Real area, Real depth) { return 2 * std::sqrt(area / std::numbers::pi) * depth; }

TEST(NarrowPhaseConvex, BrickRestingOnABrickInAnyOrientation) {
  std::mt19937 rng(3);
  const ContactShape base = ContactShape::brick(Vec3(0.5, 0.4, 0.1)), box = ContactShape::brick(Vec3(0.1, 0.07, 0.05));
  for (int trial = 0; trial < 10; ++trial) {
    const Transform X_GA(randomRotationC(rng), Vec3(uniformReal(rng, -1, 1), 0.3, 0.2));
    const Real x = 2e-4;
    const Transform X_AB(Rotation::aboutZ(uniformReal(rng, 0, 6)),
                         Vec3(uniformReal(rng, -0.2, 0.2), uniformReal(rng, -0.2, 0.2), 0.15 - x));
    const auto cs = contactsOf(base, X_GA, box, X_GA * X_AB);
    ASSERT_EQ(cs.size(), 4u) << "trial " << trial;
    const Vec3 up = X_GA.R().matrix().col(2);
    for (const ContactPoint& c : cs) {
      EXPECT_NEAR(c.depth, x, 1e-12);
      EXPECT_NEAR((c.n_G - up).norm(), 0, 1e-9);
      // B's points are its bottom corners.
      const Vec3 p_B = (X_GA * X_AB).inverse() * c.pB_G;
      EXPECT_NEAR(std::abs(p_B.x()), 0.1, 1e-9);
      EXPECT_NEAR(std::abs(p_B.y()), 0.07, 1e-9);
      EXPECT_NEAR(p_B.z(), -0.05, 1e-9);
    }
    EXPECT_NEAR(patchForce(cs) / punch(4 * 0.1 * 0.07, x), 1, 1e-9);
  }
}

TEST(NarrowPhaseConvex, BrickStraddlingAnEdgeUsesTheOverlapArea) {
  const ContactShape base = ContactShape::brick(Vec3(0.5, 0.4, 0.1)), box = ContactShape::brick(Vec3(0.1, 0.1, 0.05));
  const Transform X_GA(Rotation::aboutY(0.3), Vec3(1, 0, 0));
  const Real x = 1e-4;
  // Centre 0.45 along x: the box overhangs the base's edge x = 0.5 by 0.05 of its 0.2.
  const auto cs = contactsOf(base, X_GA, box, X_GA * Transform(Vec3(0.45, 0, 0.15 - x)));
  ASSERT_EQ(cs.size(), 4u);
  for (const ContactPoint& c : cs) EXPECT_NEAR(c.depth, x, 1e-12);
  EXPECT_NEAR(patchForce(cs) / punch(0.15 * 0.2, x), 1, 1e-9);
}

TEST(NarrowPhaseConvex, CylinderEndOnABrickFace) {
  const ContactShape base = ContactShape::brick(Vec3(0.5, 0.4, 0.1)), cyl = ContactShape::cylinder(0.06, 0.1);
  const Transform X_GA(Rotation::aboutX(-0.8) * Rotation::aboutZ(0.2), Vec3(0, 1, 0));
  const Real x = 3e-4;
  // Cylinder before Brick in type order: the cylinder is A, its end pressing down onto the brick.
  const auto cs = contactsOf(cyl, X_GA * Transform(Rotation::aboutZ(0.4), Vec3(0.1, 0.1, 0.2 - x)), base, X_GA);
  ASSERT_EQ(cs.size(), 16u);
  for (const ContactPoint& c : cs) {
    EXPECT_NEAR(c.depth, x, 1e-12);
    EXPECT_NEAR((c.n_G + X_GA.R().matrix().col(2)).norm(), 0, 1e-9);  // from the cylinder down into the brick
  }
  EXPECT_NEAR(patchForce(cs) / punch(std::numbers::pi * 0.06 * 0.06, x), 1, 1e-9);
}

TEST(NarrowPhaseConvex, CapsuleAndCylinderLyingOnAFace) {
  const ContactShape base = ContactShape::brick(Vec3(0.5, 0.4, 0.1));
  const Transform X_GA(Rotation::aboutX(0.5) * Rotation::aboutY(1.0), Vec3(0, 0, 1));
  const Real x = 1e-4;
  const Transform lying = X_GA *
                          Transform(Rotation::aboutZ(0.3) * Rotation::aboutX(M_PI / 2), Vec3(0, 0, 0.1 + 0.03 - x));
  for (const ContactShape& s : {ContactShape::capsule(0.03, 0.2), ContactShape::cylinder(0.03, 0.2)}) {
    const auto cs = contactsOf(s, lying, base, X_GA);
    ASSERT_EQ(cs.size(), 2u) << shapeTypeName(s.type());
    for (const ContactPoint& c : cs) {
      EXPECT_NEAR(c.depth, x, 1e-12);
      // Line contact: curved around the axis (1/r), straight along it.
      const SurfaceCurvature& k = c.curvatureA;
      EXPECT_NEAR(k.k1, 1 / 0.03, 1e-9);
      EXPECT_NEAR(k.k2, 0, 1e-12);
    }
    EXPECT_NEAR((cs[0].pA_G - cs[1].pA_G).norm(), 0.4, 1e-9);  // the two ends of the side line
  }
}

TEST(NarrowPhaseConvex, TiltedBrickLoadsItsLowEdge) {
  const ContactShape base = ContactShape::brick(Vec3(0.5, 0.4, 0.1)), box = ContactShape::brick(Vec3(0.1, 0.1, 0.05));
  // Tilted 0.2 rad about y: its low edge (x = -0.1) dips 1e-4 into the base.
  const Rotation tilt = Rotation::aboutY(-0.2);
  Real lowest = INFINITY;
  for (int k = 0; k < 8; ++k)
    lowest = std::min(lowest,
                      (tilt.matrix() * Vec3((k & 1) ? 0.1 : -0.1, (k & 2) ? 0.1 : -0.1, (k & 4) ? 0.05 : -0.05)).z());
  const auto cs = contactsOf(base, Transform(), box, Transform(tilt, Vec3(0, 0, 0.1 - lowest - 1e-4)));
  int deep = 0;
  for (const ContactPoint& c : cs)
    if (c.depth > 1e-9) {
      ++deep;
      EXPECT_NEAR(c.depth, 1e-4, 1e-10);
      EXPECT_NEAR(c.pB_G.y() * c.pB_G.y(), 0.01, 1e-9);  // the two ends of the low edge
    }
  EXPECT_EQ(deep, 2);
}

// Curved pairs give one point at the exact depth (GJK/EPA against the oracle is in
// ConvexDistance_test); its curvatures are the shapes' own.
TEST(NarrowPhaseConvex, EllipsoidOnABrickFaceAtItsSemiAxis) {
  std::mt19937 rng(8);
  const ContactShape ell = ContactShape::ellipsoid(Vec3(0.12, 0.08, 0.05)),
                     box = ContactShape::brick(Vec3(0.5, 0.5, 0.1));
  for (int trial = 0; trial < 5; ++trial) {
    const Transform X_GB(randomRotationC(rng), Vec3(0.3, 0.1, -0.2));
    const Real x = 1e-3;
    const auto cs = contactsOf(ell, X_GB * Transform(Vec3(0.1, -0.2, 0.1 + 0.05 - x)), box, X_GB);
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_NEAR(cs[0].depth, x, 1e-9);
    EXPECT_NEAR(cs[0].curvatureA.k1, 0.05 / (0.08 * 0.08), 1e-3);  // c / b^2 at the end of the c axis
    EXPECT_NEAR(cs[0].curvatureA.k2, 0.05 / (0.12 * 0.12), 1e-3);
    EXPECT_EQ(cs[0].curvatureB.k1, 0);
  }
}

}  // namespace
}  // namespace articula
