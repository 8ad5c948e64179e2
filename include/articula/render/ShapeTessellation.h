// Triangle meshes of the display shapes (sphere, ellipsoid, box, cylinder, capsule, mesh), with
// per-vertex normals, in the shape's own frame. Used by the software renderer.
#pragma once
#include <Eigen/Core>
#include <array>
#include <vector>

#include "articula/run/TrajectoryReader.h"

namespace articula::render {

struct TriangleMesh {
  std::vector<Eigen::Vector3d> positions, normals;  // normals are unit length
  std::vector<std::array<int, 3>> triangles;        // counter-clockwise seen from outside
};

// `segments` is the number of divisions around a circle (>= 6).
TriangleMesh tessellateShape(const run::TrajectoryShape& shape, int segments = 24);

}  // namespace articula::render
