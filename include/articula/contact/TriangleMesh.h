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

  // The point of the surface nearest to p_S (through a bounding-volume hierarchy built once).
  struct Nearest {
    Vec3 q_S = Vec3::Zero();   // nearest surface point
    Vec3 n_S = Vec3::UnitZ();  // outward unit normal there (the face's, or along p - q at an edge)
    Real depth = 0;            // signed: > 0 when p is inside a closed mesh, < 0 outside
    int face = -1;
  };
  Nearest nearestPoint(const Vec3& p_S) const;

 private:
  struct Node {
    Vec3 lo, hi;
    int first, count;  // a leaf's range in order_; an inner node has count 0 and children first, right
    int right;
  };
  int buildNode(int begin, int end);

  std::vector<Node> nodes_;
  std::vector<int> order_;  // faces in leaf order
  std::string name_;
  std::vector<Vec3> vertices_;
  std::vector<std::array<int, 3>> faces_;
  std::vector<Vec3> normals_, centroids_;
  std::vector<Real> areas_;
  Real boundingRadius_ = 0;
  Vec3 lo_, hi_;
};

}  // namespace articula
