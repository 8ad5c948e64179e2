// Contact shapes: geometry only, described in their own frame S. A ContactGeometry attaches each
// shape to a body with a pose X_BS. Every shape is convex except a TriangleMesh.
//
// Frame conventions of each shape (all centred on S's origin):
//   HalfSpace     the solid z_S <= 0; its outward normal is +z_S
//   Sphere        radius r
//   Ellipsoid     semi-axes (a, b, c) along x_S, y_S, z_S
//   Cylinder      radius r, axis z_S, from z = -halfLength to +halfLength, flat ends
//   Brick         half-extents (hx, hy, hz) along x_S, y_S, z_S
//   Capsule       radius r around the segment z_S in [-halfLength, +halfLength]
//   TriangleMesh  vertices given in S (see TriangleMesh.h)
#pragma once
#include <memory>
#include <string>

#include "articula/contact/TriangleMesh.h"
#include "articula/math/Transform.h"

namespace articula {

enum class ShapeType { HalfSpace = 0, Sphere, Ellipsoid, Cylinder, Brick, Capsule, TriangleMesh };

const char* shapeTypeName(ShapeType type);

// Axis-aligned box in G; an unbounded shape (half-space) has infinite bounds.
struct Aabb {
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();
  bool overlaps(const Aabb& o) const {
    return lo.x() <= o.hi.x() && o.lo.x() <= hi.x() && lo.y() <= o.hi.y() && o.lo.y() <= hi.y() && lo.z() <= o.hi.z() &&
           o.lo.z() <= hi.z();
  }
};

class ContactShape {
 public:
  // Factories validate: non-positive or non-finite sizes throw Error naming the shape and field.
  static ContactShape halfSpace();
  static ContactShape sphere(Real radius);
  static ContactShape ellipsoid(const Vec3& semiAxes);
  static ContactShape cylinder(Real radius, Real halfLength);
  static ContactShape brick(const Vec3& halfExtents);
  static ContactShape capsule(Real radius, Real halfLength);
  static ContactShape triangleMesh(std::shared_ptr<const TriangleMesh> mesh);

  ShapeType type() const { return type_; }
  // Sphere: (r, r, r); Ellipsoid: semi-axes; Brick: half-extents; Cylinder and Capsule: (r, r, halfLength).
  const Vec3& size() const { return size_; }
  Real radius() const { return size_.x(); }
  Real halfLength() const { return size_.z(); }
  const TriangleMesh& mesh() const;  // throws unless type() == TriangleMesh
  const std::shared_ptr<const TriangleMesh>& meshPtr() const { return mesh_; }
  bool isConvex() const { return type_ != ShapeType::TriangleMesh; }
  bool isBounded() const { return type_ != ShapeType::HalfSpace; }

  // Support function about S's origin: max over the shape of d_S . x (d_S need not be unit).
  Real support(const Vec3& d_S) const;
  // A point of the shape attaining the support value (one of them, for flat parts).
  Vec3 supportPoint(const Vec3& d_S) const;
  // Bounding box in G of the shape placed at X_GS, grown by margin on every side.
  Aabb boundingBox(const Transform& X_GS, Real margin = 0) const;
  // Radius of the smallest origin-centred sphere holding the shape (infinite for a half-space).
  Real boundingRadius() const;

 private:
  ContactShape(ShapeType type, const Vec3& size) : type_(type), size_(size) {}
  ShapeType type_;
  Vec3 size_;
  std::shared_ptr<const TriangleMesh> mesh_;
};

}  // namespace articula
