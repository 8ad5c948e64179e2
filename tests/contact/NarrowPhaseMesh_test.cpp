#include <gtest/gtest.h>

#include "ContactTestSupport.h"
#include "articula/contact/NarrowPhase.h"

namespace articula {
namespace {

using namespace articula::testing;

// A flat square plate [-1, 1]^2 at z = 0 of 2 n^2 triangles, normals +z.
std::shared_ptr<TriangleMesh> plate(int n) {
  std::vector<Vec3> v;
  std::vector<std::array<int, 3>> f;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) v.emplace_back(-1 + 2.0 * i / n, -1 + 2.0 * j / n, 0);
  auto id = [&](int i, int j) { return i * (n + 1) + j; };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      f.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
      f.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  return std::make_shared<TriangleMesh>(std::move(v), std::move(f), "plate");
}

std::vector<MeshFaceContact> faces(const ContactShape& other, const Transform& X_GO, const ContactShape& mesh,
                                   const Transform& X_GM, Real margin = 0) {
  std::vector<MeshFaceContact> out;
  collideMesh(PlacedShape{&other, X_GO, 0}, PlacedShape{&mesh, X_GM, 1}, margin, out);
  return out;
}

TEST(NarrowPhaseMesh, PlateSunkIntoHalfSpace) {
  const ContactShape m = ContactShape::triangleMesh(plate(10)), h = ContactShape::halfSpace();
  const Transform X_GM(Rotation::aboutZ(0.3), Vec3(0.5, 0, -0.01));
  const auto out = faces(h, Transform(), m, X_GM);
  ASSERT_EQ(out.size(), 200u);
  Real area = 0;
  for (const auto& c : out) {
    EXPECT_NEAR(c.depth, 0.01, 1e-15);
    EXPECT_NEAR((c.n_G - Vec3::UnitZ()).norm(), 0, 1e-15);
    EXPECT_NEAR(c.q_G.z(), 0, 1e-15);
    EXPECT_EQ(c.meshShape, 1);
    EXPECT_EQ(c.otherShape, 0);
    area += c.area;
  }
  EXPECT_NEAR(area, 4, 1e-12);
  EXPECT_TRUE(faces(h, Transform(), m, Transform(Vec3(0, 0, 0.001))).empty());
}

// Against each convex shape: the reported faces are exactly those whose centroid is inside (by
// the shape's inequality, written here), and each depth is the distance to the boundary: the
// reported point q is on the boundary at that distance, and a ball of slightly smaller radius
// around the centroid (sampled in many directions) is inside.
TEST(NarrowPhaseMesh, FacesInsideConvexShapes) {
  const ContactShape m = ContactShape::triangleMesh(plate(24));
  const Vec3 a(0.5, 0.3, 0.2);
  struct Case {
    ContactShape shape;
    std::function<bool(const Vec3&)> inside;
  };
  const std::vector<Case> cases{
      {ContactShape::sphere(0.4), [](const Vec3& p) { return p.norm() < 0.4; }},
      {ContactShape::ellipsoid(a), [&](const Vec3& p) { return p.cwiseQuotient(a).norm() < 1; }},
      {ContactShape::brick(a), [&](const Vec3& p) { return (p.cwiseAbs().array() < a.array()).all(); }},
      {ContactShape::capsule(0.2, 0.3),
       [](const Vec3& p) { return (p - Vec3(0, 0, std::clamp(p.z(), -0.3, 0.3))).norm() < 0.2; }},
      {ContactShape::cylinder(0.3, 0.2), [](const Vec3& p) { return p.head<2>().norm() < 0.3 && std::abs(p.z()) < 0.2; }},
  };
  const Transform X_GS(Rotation::bodyFixedXYZ(Vec3(0.4, 0.2, 0.1)), Vec3(0.05, -0.02, 0.08));
  const TriangleMesh& mesh = m.mesh();
  const std::vector<Vec3> dirs = fibonacciSphere(200);
  for (const Case& c : cases) {
    SCOPED_TRACE(shapeTypeName(c.shape.type()));
    const auto out = faces(c.shape, X_GS, m, Transform());
    size_t expected = 0;
    for (int f = 0; f < mesh.numFaces(); ++f) expected += c.inside(X_GS.inverse() * mesh.faceCentroid(f)) ? 1 : 0;
    EXPECT_EQ(out.size(), expected);
    EXPECT_GT(expected, 10u);
    for (const auto& fc : out) {
      EXPECT_GT(fc.depth, 0);
      // q is the nearest surface point: p = q - depth n, and depth is the centroid's distance to q.
      EXPECT_NEAR((fc.q_G - fc.depth * fc.n_G - fc.p_G).norm(), 0, 1e-9);
      const Vec3 q_S = X_GS.inverse() * fc.q_G;
      const Vec3 out_S = q_S + 1e-7 * (X_GS.R().matrix().transpose() * fc.n_G);
      EXPECT_FALSE(c.inside(out_S));  // q is on the boundary, n points out
      const Vec3 p_S = X_GS.inverse() * fc.p_G;
      for (const Vec3& u : dirs) EXPECT_TRUE(c.inside(p_S + fc.depth * (1 - 1e-6) * u));
    }
  }
}

}  // namespace
}  // namespace articula
