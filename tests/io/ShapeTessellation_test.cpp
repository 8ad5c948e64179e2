#include "articula/io/ShapeTessellation.h"

#include <gtest/gtest.h>

#include "articula/Error.h"

using namespace articula::io;

namespace {

TrajectoryShape shape(const char* type, Eigen::Vector3d dims) {
  TrajectoryShape s;
  s.type = type;
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
  EXPECT_THROW(tessellateShape(shape("torus", {1, 1, 1})), articula::Error);
  EXPECT_THROW(tessellateShape(shape("sphere", {1, 1, 1}), 3), articula::Error);
}
