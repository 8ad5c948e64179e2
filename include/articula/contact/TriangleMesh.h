// A triangle mesh in its own frame S: vertices, faces (counter-clockwise seen from outside, so the
// right-hand normal points out), and per-face area, centroid and unit normal computed once.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "articula/math/Types.h"

namespace articula {

class TriangleMesh {
 public:
  // Validates and throws Error naming `name`: no faces, non-finite vertex, index out of range,
  // degenerate face (area below 1e-14 of the squared bounding size).
  TriangleMesh(std::vector<Vec3> vertices_S, std::vector<std::array<int, 3>> faces, std::string name = "mesh");

  const std::string& name() const { return name_; }
  int numVertices() const { return static_cast<int>(vertices_.size()); }
  int numFaces() const { return static_cast<int>(faces_.size()); }
  const std::vector<Vec3>& vertices() const { return vertices_; }
  const std::vector<std::array<int, 3>>& faces() const { return faces_; }
  const Vec3& vertex(int i) const { return vertices_[i]; }
  const std::array<int, 3>& face(int f) const { return faces_[f]; }
  const Vec3& faceNormal(int f) const { return normals_[f]; }
  const Vec3& faceCentroid(int f) const { return centroids_[f]; }
  Real faceArea(int f) const { return areas_[f]; }
  // Smallest origin-centred sphere holding every vertex, and the box of the vertices in S.
  Real boundingRadius() const { return boundingRadius_; }
  const Vec3& lo() const { return lo_; }
  const Vec3& hi() const { return hi_; }

 private:
  std::string name_;
  std::vector<Vec3> vertices_;
  std::vector<std::array<int, 3>> faces_;
  std::vector<Vec3> normals_, centroids_;
  std::vector<Real> areas_;
  Real boundingRadius_ = 0;
  Vec3 lo_, hi_;
};

}  // namespace articula
