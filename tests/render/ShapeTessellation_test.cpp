#include "articula/render/ShapeTessellation.h"

#include <gtest/gtest.h>

#include "articula/Error.h"

using namespace articula::render;
using namespace articula::run;

namespace {

TrajectoryShape shape(const char* type, Eigen::Vector3d dims) {
  TrajectoryShape s;
  s.type = *articula::model::kindNamed<articula::model::GeometryType>(type);
  s.dims = dims;
  return s;
}

// Volume of a closed mesh (divergence theorem); positive when triangles face outward.
double volume(const TriangleMesh& m) {
  double v = 0;
  for (const auto& t : m.triangles) v += m.positions[t[0]].dot(m.positions[t[1]].cross(m.positions[t[2]])) / 6;
  return v;
}

}  // namespace

TEST(ShapeTessellation, VolumesApproachTheShapes) {
  const double pi = 3.14159265358979;
  EXPECT_NEAR(volume(tessellateShape(shape("box", {0.1, 0.2, 0.3}), 24)), 8 * 0.1 * 0.2 * 0.3, 1e-12);
  EXPECT_NEAR(volume(tessellateShape(shape("ellipsoid", {0.1, 0.2, 0.3}), 64)), 4.0 / 3 * pi * 0.006, 0.006 * 0.05);
  EXPECT_NEAR(volume(tessellateShape(shape("sphere", {1, 1, 1}), 64)), 4.0 / 3 * pi, 0.05);
  EXPECT_NEAR(volume(tessellateShape(shape("cylinder", {0.5, 0.5, 1}), 64)), pi * 0.25 * 2, 0.02);
  EXPECT_NEAR(volume(tessellateShape(shape("capsule", {0.5, 0.5, 1}), 64)), pi * 0.25 * 2 + 4.0 / 3 * pi * 0.125, 0.03);
}

TEST(ShapeTessellation, NormalsPointOutwardAndAreUnit) {
  for (const char* type : {"sphere", "ellipsoid", "box", "cylinder", "capsule"}) {
    const TriangleMesh m = tessellateShape(shape(type, {0.2, 0.3, 0.4}), 16);
    ASSERT_EQ(m.positions.size(), m.normals.size());
    for (std::size_t i = 0; i < m.positions.size(); ++i) {
      EXPECT_NEAR(m.normals[i].norm(), 1, 1e-12) << type;
      EXPECT_GE(m.normals[i].dot(m.positions[i]), -1e-12) << type << " vertex " << i;
    }
  }
}

TEST(ShapeTessellation, RejectsUnknownTypesAndTooFewSegments) {
  EXPECT_THROW(tessellateShape(shape("sphere", {1, 1, 1}), 3), articula::Error);
}

// A cube given as a mesh with shared corners: the 90° edges are creases, so every corner of a
// triangle takes its own face's normal (flat faces); the volume is the scaled cube's.
TEST(ShapeTessellation, MeshNormalsStaySharpAtCreasesAndSmoothAcrossGentleBends) {
  TrajectoryShape cube;
  cube.type = articula::model::GeometryType::Mesh;
  for (int i = 0; i < 8; ++i) cube.vertices.push_back({i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5});
  cube.faces = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
  cube.dims = {2, 2, 2};
  const TriangleMesh m = tessellateShape(cube);
  ASSERT_EQ(m.triangles.size(), 12u);
  EXPECT_NEAR(volume(m), 8, 1e-12);
  for (const auto& t : m.triangles) {
    const Eigen::Vector3d n =
        (m.positions[t[1]] - m.positions[t[0]]).cross(m.positions[t[2]] - m.positions[t[0]]).normalized();
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(m.normals[t[k]].dot(n), 1, 1e-12);
  }
  // A roof of two triangles bent by 20°: below the crease angle, the shared edge's normals agree.
  TrajectoryShape roof;
  roof.type = articula::model::GeometryType::Mesh;
  const double s = std::sin(10 * M_PI / 180), c = std::cos(10 * M_PI / 180);
  roof.vertices = {{0, 0, 0}, {0, 1, 0}, {c, 0, -s}, {-c, 0, -s}};
  roof.faces = {{0, 2, 1}, {0, 1, 3}};
  const TriangleMesh r = tessellateShape(roof);
  ASSERT_EQ(r.positions.size(), 6u);
  EXPECT_NEAR((r.normals[0] - r.normals[3]).norm(), 0, 1e-12);  // vertex 0 in both triangles
  EXPECT_NEAR(r.normals[0].dot(Eigen::Vector3d::UnitZ()), 1, 1e-12);
}
