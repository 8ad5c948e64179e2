// The contact built from two deepest points: its fields, and each shape's curvature at its point
// (sphere, ellipsoid pole, capsule side and cap, cylinder end face and side, brick face).
#include <gtest/gtest.h>

#include "articula/contact/NarrowPhase.h"

namespace articula {
namespace {

PlacedShape placed(const ContactShape& shape, const Transform& X_GS = Transform(), int index = 0) {
  return PlacedShape{&shape, X_GS, index};
}

TEST(NarrowPhaseContactPoint, ContactHoldsBothPointsAndCurvatures) {
  const ContactShape sphere = ContactShape::sphere(0.5), ellipsoid = ContactShape::ellipsoid({0.1, 0.2, 0.4});
  const Vec3 n = Vec3::UnitZ();
  // The ellipsoid's lower pole touches the sphere's top.
  const ContactPoint c = makeContactPoint(placed(sphere, Transform(), 3),
                                          placed(ellipsoid, Transform(Vec3(0, 0, 0.89)), 7), n, 0.01, Vec3(0, 0, 0.5),
                                          Vec3(0, 0, 0.49));
  EXPECT_EQ(c.shapeA, 3);
  EXPECT_EQ(c.shapeB, 7);
  EXPECT_DOUBLE_EQ(c.depth, 0.01);
  EXPECT_NEAR((c.p_G - Vec3(0, 0, 0.495)).norm(), 0, 1e-15);
  EXPECT_DOUBLE_EQ(c.curvatureA.k1, 2);
  EXPECT_DOUBLE_EQ(c.curvatureA.k2, 2);
  // At the pole of semi-axes a, b along x, y: curvatures c/a² and c/b².
  EXPECT_NEAR(c.curvatureB.k1, 0.4 / (0.1 * 0.1), 1e-9);
  EXPECT_NEAR(c.curvatureB.k2, 0.4 / (0.2 * 0.2), 1e-9);
  EXPECT_NEAR(std::abs(c.curvatureB.d1_G.x()), 1, 1e-12);
}

TEST(NarrowPhaseContactPoint, CurvatureOfEachShapeKind) {
  const ContactShape capsule = ContactShape::capsule(0.1, 0.3), cylinder = ContactShape::cylinder(0.2, 0.5),
                     brick = ContactShape::brick({0.1, 0.2, 0.3});
  const Vec3 x = Vec3::UnitX(), z = Vec3::UnitZ();
  const SurfaceCurvature side = calcSurfaceCurvature(placed(capsule), Vec3(0.1, 0, 0.1), x);
  EXPECT_DOUBLE_EQ(side.k1, 10);
  EXPECT_DOUBLE_EQ(side.k2, 0);  // straight along the axis
  const SurfaceCurvature cap = calcSurfaceCurvature(placed(capsule), Vec3(0, 0, 0.4), z);
  EXPECT_DOUBLE_EQ(cap.k2, 10);
  const SurfaceCurvature endFace = calcSurfaceCurvature(placed(cylinder), Vec3(0.05, 0, 0.5), z);
  EXPECT_DOUBLE_EQ(endFace.k1, 0);
  const SurfaceCurvature cylinderSide = calcSurfaceCurvature(placed(cylinder), Vec3(0.2, 0, 0), x);
  EXPECT_DOUBLE_EQ(cylinderSide.k1, 5);
  const SurfaceCurvature face = calcSurfaceCurvature(placed(brick), Vec3(0.1, 0, 0), x);
  EXPECT_DOUBLE_EQ(face.k1, 0);
  EXPECT_DOUBLE_EQ(face.k2, 0);
}

}  // namespace
}  // namespace articula
