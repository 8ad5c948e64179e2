#include <gtest/gtest.h>

#include <numbers>

#include "ContactTestSupport.h"
#include "Icosphere.h"
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
      {ContactShape::cylinder(0.3, 0.2),
       [](const Vec3& p) { return p.head<2>().norm() < 0.3 && std::abs(p.z()) < 0.2; }},
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

// A closed box mesh of 12 triangles with half-extents h, outward normals.
std::shared_ptr<TriangleMesh> boxMesh(const Vec3& h) {
  std::vector<Vec3> v;
  std::vector<std::array<int, 3>> f;
  for (int i = 0; i < 3; ++i)
    for (Real s : {-1.0, 1.0}) {
      const int j = (i + 1) % 3, k = (i + 2) % 3, base = static_cast<int>(v.size());
      const Real sj[4] = {-1, 1, 1, -1}, sk[4] = {-1, -1, 1, 1};
      for (int c = 0; c < 4; ++c) {
        Vec3 p;
        p[i] = s * h[i], p[j] = sj[c] * h[j], p[k] = sk[c] * h[k];
        v.push_back(p);
      }
      if (s > 0) f.push_back({base, base + 1, base + 2}), f.push_back({base, base + 2, base + 3});
      else f.push_back({base, base + 2, base + 1}), f.push_back({base, base + 3, base + 2});
    }
  return std::make_shared<TriangleMesh>(std::move(v), std::move(f), "box");
}

// A closed mesh as the other shape: the same faces, depths, points and normals as the exact brick.
TEST(NarrowPhaseMesh, BoxMeshActsLikeTheBrick) {
  const Vec3 h(0.5, 0.3, 0.2);
  const ContactShape m = ContactShape::triangleMesh(plate(24)), box = ContactShape::triangleMesh(boxMesh(h)),
                     brick = ContactShape::brick(h);
  const Transform X_GS(Rotation::bodyFixedXYZ(Vec3(0.4, 0.2, 0.1)), Vec3(0.05, -0.02, 0.08));
  const auto exact = faces(brick, X_GS, m, Transform(), 0.01);
  const auto meshed = faces(box, X_GS, m, Transform(), 0.01);
  ASSERT_EQ(exact.size(), meshed.size());
  ASSERT_GT(exact.size(), 20u);
  for (size_t i = 0; i < exact.size(); ++i) {
    EXPECT_EQ(exact[i].face, meshed[i].face);
    EXPECT_NEAR(exact[i].depth, meshed[i].depth, 1e-12);
    EXPECT_NEAR((exact[i].q_G - meshed[i].q_G).norm(), 0, 1e-12);
    EXPECT_NEAR((exact[i].n_G - meshed[i].n_G).norm(), 0, 1e-9);
  }
}

// A sphere mesh of radius R pressed x into a box mesh: the foundation's Σ area · depth converges,
// as the sphere is refined, to the cap's π R x² (∫ over the cap of the depth below the face).
TEST(NarrowPhaseMesh, MeshPairForceConvergesAsTheMeshRefines) {
  const Real R = 0.1, x = 0.01;
  const ContactShape box = ContactShape::triangleMesh(boxMesh(Vec3(1, 1, 0.5)));
  Real previousError = INFINITY;
  for (int level = 2; level <= 5; ++level) {
    Icosphere ico = makeIcosphere(level);
    for (Vec3& p : ico.vertices) p *= R;
    const ContactShape ball = ContactShape::triangleMesh(
        std::make_shared<const TriangleMesh>(ico.vertices, ico.faces, "ball"));
    const Transform X_GB(Rotation::aboutZ(0.2) * Rotation::aboutX(0.3), Vec3(0.1, 0.2, 0.5 + R - x));
    std::vector<ContactPoint> points;
    std::vector<MeshFaceContact> out;
    collide(PlacedShape{&ball, X_GB, 1}, PlacedShape{&box, Transform(), 0}, 0, points, out);  // either order
    Real sum = 0;
    for (const MeshFaceContact& c : out) {
      EXPECT_EQ(c.meshShape, 1);  // the finer mesh carries the springs
      EXPECT_NEAR(c.n_G.z(), 1, 1e-12);
      sum += c.area * c.depth;
    }
    const Real error = std::abs(sum / (std::numbers::pi * R * x * x) - 1);
    EXPECT_LT(error, previousError * 0.9) << "level " << level;
    previousError = error;
  }
  EXPECT_LT(previousError, 0.05);
}

}  // namespace
}  // namespace articula
