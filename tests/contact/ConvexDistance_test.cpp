// GJK/EPA signed distance between bounded convex shapes against a derivative-free oracle (dense
// direction sampling of the overlap function, then pattern search), and against closed forms.
#include "articula/contact/ConvexDistance.h"

#include <gtest/gtest.h>

#include "ContactTestSupport.h"
#include "articula/Error.h"

namespace articula {
namespace {

using testing::randomRotationC;
using testing::randomUnit;
using testing::uniformReal;

ContactShape randomShape(std::mt19937& rng, int type) {
  auto len = [&] { return uniformReal(rng, 0.05, 0.3); };
  switch (type) {
    case 0: return ContactShape::sphere(len());
    case 1: return ContactShape::ellipsoid(Vec3(len(), len(), len()));
    case 2: return ContactShape::cylinder(len(), len());
    case 3: return ContactShape::brick(Vec3(len(), len(), len()));
    default: return ContactShape::capsule(len(), len());
  }
}

// Overlap along n from the definition: both support functions, minus the centre offset along n.
Real overlapAlong(const PlacedShape& a, const PlacedShape& b, const Vec3& n) {
  return a.shape->support(a.X_GS.R().matrix().transpose() * n) +
         b.shape->support(-(b.X_GS.R().matrix().transpose() * n)) - n.dot(b.X_GS.p() - a.X_GS.p());
}

TEST(ConvexDistance, RandomPairsMatchSampledMinimum) {
  std::mt19937 rng(11);
  int overlapping = 0, apart = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const ContactShape sa = randomShape(rng, trial % 5), sb = randomShape(rng, (trial / 5) % 5);
    const Real reach = sa.boundingRadius() + sb.boundingRadius();
    const PlacedShape a{&sa, Transform(randomRotationC(rng), Vec3(0.1, -0.2, 0.3)), 0};
    const PlacedShape b{
        &sb, Transform(randomRotationC(rng), a.X_GS.p() + uniformReal(rng, 0.1, 1.1) * reach * randomUnit(rng)), 1};
    const ConvexGap gap = calcConvexGap(a, b);
    Real oracle = 0;
    testing::sampledMinimum([&](const Vec3& n) { return overlapAlong(a, b, n); }, 4000, 8, &oracle);
    const Real scale = reach;
    // The reported depth is the overlap along the reported normal, never below the true minimum;
    // it must reach the minimum the oracle finds (on kinks of polyhedral overlap functions the
    // oracle may stall above it; on smooth pairs it is accurate both ways).
    EXPECT_NEAR(gap.depth, overlapAlong(a, b, gap.n_G), 1e-12 * scale);
    const bool smooth = sa.type() <= ShapeType::Ellipsoid && sb.type() <= ShapeType::Ellipsoid;
    EXPECT_LE(gap.depth, oracle + 1e-8 * scale) << "trial " << trial << " types " << shapeTypeName(sa.type()) << " "
                                                << shapeTypeName(sb.type()) << " iterations " << gap.iterations;
    if (smooth) {
      EXPECT_GE(gap.depth, oracle - 1e-8 * scale) << "trial " << trial;
    }
    // Witness points on the two support planes, and inside (or on) their shapes.
    EXPECT_NEAR(gap.n_G.norm(), 1, 1e-12);
    EXPECT_NEAR(gap.depth, gap.n_G.dot(gap.pA_G - gap.pB_G), 1e-9 * scale);
    (gap.depth > 0 ? overlapping : apart)++;
  }
  EXPECT_GT(overlapping, 30);
  EXPECT_GT(apart, 30);
}

TEST(ConvexDistance, ClosedForms) {
  const Rotation R = Rotation::aboutX(0.7) * Rotation::aboutZ(-0.4);
  const Mat33& M = R.matrix();
  // Two bricks stacked along a common z: overlap along z.
  const ContactShape b1 = ContactShape::brick(Vec3(0.3, 0.2, 0.1)), b2 = ContactShape::brick(Vec3(0.1, 0.1, 0.05));
  ConvexGap g = calcConvexGap(PlacedShape{&b1, Transform(R, Vec3(1, 2, 3)), 0},
                              PlacedShape{&b2, Transform(R, Vec3(1, 2, 3) + M * Vec3(0.05, 0.02, 0.149)), 1});
  EXPECT_NEAR(g.depth, 0.001, 1e-12);
  EXPECT_NEAR((g.n_G - M.col(2)).norm(), 0, 1e-9);
  // The same, 0.02 apart.
  g = calcConvexGap(PlacedShape{&b1, Transform(R, Vec3(1, 2, 3)), 0},
                    PlacedShape{&b2, Transform(R, Vec3(1, 2, 3) + M * Vec3(0.05, 0.02, 0.17)), 1});
  EXPECT_NEAR(g.depth, -0.02, 1e-10);
  // A sphere against a cylinder's side and beyond its rim.
  const ContactShape cyl = ContactShape::cylinder(0.2, 0.5), ball = ContactShape::sphere(0.1);
  g = calcConvexGap(PlacedShape{&ball, Transform(M * Vec3(0.28, 0, 0.1)), 0}, PlacedShape{&cyl, Transform(R), 1});
  EXPECT_NEAR(g.depth, 0.02, 1e-9);
  // The optimum lies on the kink of the cylinder's support (its side's end lines): EPA's normal,
  // accurate to about sqrt(1e-9 scale / r), is only partly polished there; the depth is second order.
  EXPECT_NEAR((g.n_G + M.col(0)).norm(), 0, 1e-4);
  const Vec3 rim = M * Vec3(0.2, 0, 0.5), out = M * Vec3(1, 0, 1).normalized();
  g = calcConvexGap(PlacedShape{&ball, Transform(rim + 0.15 * out), 0}, PlacedShape{&cyl, Transform(R), 1});
  EXPECT_NEAR(g.depth, -0.05, 1e-9);
  // An ellipsoid touching a capsule's side: semi-axis c along the common normal.
  const ContactShape ell = ContactShape::ellipsoid(Vec3(0.3, 0.2, 0.1)), cap = ContactShape::capsule(0.05, 0.4);
  g = calcConvexGap(PlacedShape{&ell, Transform(R), 0},
                    PlacedShape{&cap, Transform(R * Rotation::aboutY(M_PI / 2), M * Vec3(0.02, 0, 0.14)), 1});
  EXPECT_NEAR(g.depth, 0.01, 1e-9);
}

TEST(ConvexDistance, FarAwayStopsEarlyButStaysBelowTheThreshold) {
  const ContactShape e = ContactShape::ellipsoid(Vec3(0.3, 0.2, 0.1)), c = ContactShape::cylinder(0.1, 0.2);
  const PlacedShape a{&e, Transform(), 0}, b{&c, Transform(Rotation::aboutX(0.3), Vec3(3, 1, 0)), 1};
  const ConvexGap full = calcConvexGap(a, b), quick = calcConvexGap(a, b, 0.01);
  EXPECT_LT(quick.depth, -0.01);
  EXPECT_GE(quick.depth, full.depth - 1e-12);  // an overlap along some n: at least the minimum
  EXPECT_LE(quick.iterations, full.iterations);
}

TEST(ConvexDistance, HalfSpaceIsRefused) {
  const ContactShape h = ContactShape::halfSpace(), s = ContactShape::sphere(1);
  EXPECT_THROW(calcConvexGap(PlacedShape{&h, Transform(), 0}, PlacedShape{&s, Transform(), 1}), Error);
}

}  // namespace
}  // namespace articula
