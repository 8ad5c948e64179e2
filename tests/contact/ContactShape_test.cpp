#include "articula/contact/ContactShape.h"

#include <gtest/gtest.h>

#include "ContactTestSupport.h"
#include "articula/Error.h"

namespace articula {
namespace {

using namespace articula::testing;

void expectErrorMentions(const std::function<void()>& f, const std::string& words) {
  try {
    f();
    FAIL() << "no Error for " << words;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(ContactShape, BadSizesNameShapeFieldAndValue) {
  expectErrorMentions([] { ContactShape::sphere(0); }, "Sphere: radius must be positive and finite, got 0");
  expectErrorMentions([] { ContactShape::ellipsoid(Vec3(1, -2, 1)); },
                      "Ellipsoid: semiAxes.y must be positive and finite, got -2");
  expectErrorMentions([] { ContactShape::brick(Vec3(1, 1, NAN)); }, "Brick: halfExtents.z");
  expectErrorMentions([] { ContactShape::cylinder(1, INFINITY); }, "Cylinder: halfLength");
  expectErrorMentions([] { ContactShape::capsule(-1, 1); }, "Capsule: radius");
  expectErrorMentions([] { ContactShape::triangleMesh(nullptr); }, "mesh is null");
  expectErrorMentions([] { ContactShape::sphere(1).mesh(); }, "not a mesh");
}

// Support values against the maximum of d . x over points sampled on each surface, and bounding
// boxes against sampled extremes: both from the shapes' parametric surfaces, not their formulas.
std::vector<Vec3> surfaceSamples(const ContactShape& s) {
  std::vector<Vec3> pts;
  const int n = 80;
  const Real r = s.radius(), L = s.halfLength();
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j < 2 * n; ++j) {
      const Real th = M_PI * i / n, ph = M_PI * j / n;
      const Vec3 u(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th));
      switch (s.type()) {
        case ShapeType::Sphere:
        case ShapeType::Ellipsoid: pts.push_back(s.size().cwiseProduct(u)); break;
        case ShapeType::Capsule: pts.push_back(r * u + Vec3(0, 0, u.z() >= 0 ? L : -L)); break;
        case ShapeType::Cylinder: pts.push_back(Vec3(r * std::cos(ph), r * std::sin(ph), L * (2.0 * i / n - 1))); break;
        case ShapeType::Brick: pts.push_back(s.size().cwiseProduct(u.cwiseSign())); break;
        default: break;
      }
    }
  return pts;
}

TEST(ContactShape, SupportAndBoundingBoxAgainstSurfaceSamples) {
  std::mt19937 rng(6);
  const ContactShape shapes[] = {ContactShape::sphere(0.3), ContactShape::ellipsoid(Vec3(0.5, 0.2, 0.1)),
                                 ContactShape::capsule(0.1, 0.4), ContactShape::cylinder(0.2, 0.3),
                                 ContactShape::brick(Vec3(0.3, 0.2, 0.1))};
  for (const ContactShape& s : shapes) {
    const auto pts = surfaceSamples(s);
    for (int k = 0; k < 20; ++k) {
      const Vec3 d = randomUnit(rng);
      Real best = -INFINITY;
      for (const Vec3& p : pts) best = std::max(best, p.dot(d));
      EXPECT_GE(s.support(d), best - 1e-12) << shapeTypeName(s.type());
      EXPECT_NEAR(s.support(d), best, 0.01) << shapeTypeName(s.type());
      EXPECT_NEAR(s.supportPoint(d).dot(d), s.support(d), 1e-12) << shapeTypeName(s.type());
      const Transform X_GS(randomRotationC(rng), Vec3(0.1, 0.2, 0.3));
      const Aabb box = s.boundingBox(X_GS, 0.01);
      Vec3 lo = Vec3::Constant(INFINITY), hi = -lo;
      for (const Vec3& p : pts) lo = lo.cwiseMin(X_GS * p), hi = hi.cwiseMax(X_GS * p);
      EXPECT_TRUE(((box.lo.array() <= lo.array() - 0.01 + 1e-12).all())) << shapeTypeName(s.type());
      EXPECT_TRUE(((box.hi.array() >= hi.array() + 0.01 - 1e-12).all())) << shapeTypeName(s.type());
      EXPECT_LT((box.hi - hi).maxCoeff(), 0.02) << shapeTypeName(s.type());
      EXPECT_LE(s.supportPoint(d).norm(), s.boundingRadius() + 1e-12);
    }
  }
}

TEST(ContactShape, HalfSpaceBoxIsBoundedOnlyAlongAnAlignedNormal) {
  const ContactShape h = ContactShape::halfSpace();
  Aabb box = h.boundingBox(Transform(Vec3(0, 0, 2)));
  EXPECT_EQ(box.hi.z(), 2);
  EXPECT_EQ(box.lo.z(), -INFINITY);
  EXPECT_EQ(box.hi.x(), INFINITY);
  box = h.boundingBox(Transform(Rotation::aboutX(0.1), Vec3::Zero()));
  EXPECT_EQ(box.hi.z(), INFINITY);
  EXPECT_FALSE(h.isBounded());
}

}  // namespace
}  // namespace articula
