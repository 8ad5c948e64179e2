#include "articula/contact/ContactShape.h"

#include <cmath>
#include <sstream>
#include <string>

#include "articula/Error.h"

namespace articula {

namespace {

void requirePositive(const char* shape, const char* field, Real value) {
  if (!(std::isfinite(value) && value > 0)) {
    std::ostringstream os;
    os << "ContactShape " << shape << ": " << field << " must be positive and finite, got " << value;
    throw Error(os.str());
  }
}

// Each component of a size vector, named field.x / .y / .z in the message.
void requirePositive3(const char* shape, const std::string& field, const Vec3& v) {
  const char* axes[] = {".x", ".y", ".z"};
  for (int i = 0; i < 3; ++i) requirePositive(shape, (field + axes[i]).c_str(), v[i]);
}

Real sgn(Real x) { return x >= 0 ? 1.0 : -1.0; }

}  // namespace

const char* shapeTypeName(ShapeType type) {
  switch (type) {
    case ShapeType::HalfSpace: return "HalfSpace";
    case ShapeType::Sphere: return "Sphere";
    case ShapeType::Ellipsoid: return "Ellipsoid";
    case ShapeType::Cylinder: return "Cylinder";
    case ShapeType::Brick: return "Brick";
    case ShapeType::Capsule: return "Capsule";
    case ShapeType::TriangleMesh: return "TriangleMesh";
  }
  return "?";
}

ContactShape ContactShape::halfSpace() { return ContactShape(ShapeType::HalfSpace, Vec3::Zero()); }

ContactShape ContactShape::sphere(Real radius) {
  requirePositive("Sphere", "radius", radius);
  return ContactShape(ShapeType::Sphere, Vec3::Constant(radius));
}

ContactShape ContactShape::ellipsoid(const Vec3& semiAxes) {
  requirePositive3("Ellipsoid", "semiAxes", semiAxes);
  return ContactShape(ShapeType::Ellipsoid, semiAxes);
}

ContactShape ContactShape::cylinder(Real radius, Real halfLength) {
  requirePositive("Cylinder", "radius", radius);
  requirePositive("Cylinder", "halfLength", halfLength);
  return ContactShape(ShapeType::Cylinder, Vec3(radius, radius, halfLength));
}

ContactShape ContactShape::brick(const Vec3& halfExtents) {
  requirePositive3("Brick", "halfExtents", halfExtents);
  return ContactShape(ShapeType::Brick, halfExtents);
}

ContactShape ContactShape::capsule(Real radius, Real halfLength) {
  requirePositive("Capsule", "radius", radius);
  requirePositive("Capsule", "halfLength", halfLength);
  return ContactShape(ShapeType::Capsule, Vec3(radius, radius, halfLength));
}

ContactShape ContactShape::triangleMesh(std::shared_ptr<const TriangleMesh> mesh) {
  if (!mesh) throw Error("ContactShape TriangleMesh: mesh is null");
  ContactShape s(ShapeType::TriangleMesh, Vec3::Zero());
  s.mesh_ = std::move(mesh);
  return s;
}

const TriangleMesh& ContactShape::mesh() const {
  if (!mesh_)
    throw Error(std::string("ContactShape ") + shapeTypeName(type_) + ": mesh() on a shape that is not a mesh");
  return *mesh_;
}

Vec3 ContactShape::supportPoint(const Vec3& d) const {
  switch (type_) {
    case ShapeType::HalfSpace: {
      const Real t = d.head<2>().norm();
      if (t == 0 && d.z() >= 0) return Vec3::Zero();
      const Vec3 dir = t > 0 ? Vec3(d.x() / t, d.y() / t, 0) : Vec3::UnitX();
      return Vec3(INFINITY * dir.x(), INFINITY * dir.y(), d.z() < 0 ? -INFINITY : 0.0);
    }
    case ShapeType::Sphere: {
      const Real n = d.norm();
      return n > 0 ? Vec3(size_.x() / n * d) : Vec3(size_.x(), 0, 0);
    }
    case ShapeType::Ellipsoid: {
      const Vec3 Dd = size_.cwiseProduct(d);
      const Real n = Dd.norm();
      return n > 0 ? Vec3(size_.cwiseProduct(Dd) / n) : Vec3(size_.x(), 0, 0);
    }
    case ShapeType::Brick: return Vec3(sgn(d.x()) * size_.x(), sgn(d.y()) * size_.y(), sgn(d.z()) * size_.z());
    case ShapeType::Cylinder: {
      const Real t = d.head<2>().norm();
      const Vec3 rim = t > 0 ? Vec3(radius() * d.x() / t, radius() * d.y() / t, 0) : Vec3(radius(), 0, 0);
      return rim + Vec3(0, 0, sgn(d.z()) * halfLength());
    }
    case ShapeType::Capsule: {
      const Real n = d.norm();
      const Vec3 ball = n > 0 ? Vec3(radius() / n * d) : Vec3(radius(), 0, 0);
      return ball + Vec3(0, 0, sgn(d.z()) * halfLength());
    }
    case ShapeType::TriangleMesh: {
      const auto& v = mesh_->vertices();
      int best = 0;
      Real bestValue = -INFINITY;
      for (int i = 0; i < static_cast<int>(v.size()); ++i) {
        const Real value = v[i].dot(d);
        if (value > bestValue) bestValue = value, best = i;
      }
      return v[best];
    }
  }
  return Vec3::Zero();
}

Real ContactShape::support(const Vec3& d) const {
  switch (type_) {
    case ShapeType::HalfSpace: return (d.head<2>().squaredNorm() == 0 && d.z() >= 0) ? 0.0 : INFINITY;
    case ShapeType::Sphere: return size_.x() * d.norm();
    case ShapeType::Ellipsoid: return size_.cwiseProduct(d).norm();
    case ShapeType::Brick: return size_.cwiseProduct(d).cwiseAbs().sum();
    case ShapeType::Cylinder: return radius() * d.head<2>().norm() + halfLength() * std::abs(d.z());
    case ShapeType::Capsule: return radius() * d.norm() + halfLength() * std::abs(d.z());
    case ShapeType::TriangleMesh: return supportPoint(d).dot(d);
  }
  return 0;
}

Aabb ContactShape::boundingBox(const Transform& X_GS, Real margin) const {
  const Mat33& R = X_GS.R().matrix();
  const Vec3& p = X_GS.p();
  Vec3 halfExtent;
  Vec3 centre = p;
  switch (type_) {
    case ShapeType::HalfSpace: {
      Aabb box;
      for (int i = 0; i < 3; ++i) {
        box.hi[i] = p[i] + support(R.row(i).transpose()) + margin;
        box.lo[i] = p[i] - support(-R.row(i).transpose()) - margin;
      }
      return box;
    }
    case ShapeType::TriangleMesh: {
      // The mesh's own box turned into G: cheap and conservative.
      const Vec3 c_S = 0.5 * (mesh_->lo() + mesh_->hi());
      centre = X_GS * c_S;
      halfExtent = R.cwiseAbs() * (0.5 * (mesh_->hi() - mesh_->lo()));
      break;
    }
    default:
      for (int i = 0; i < 3; ++i) halfExtent[i] = support(R.row(i).transpose());  // symmetric shapes
  }
  halfExtent.array() += margin;
  return Aabb{centre - halfExtent, centre + halfExtent};
}

Real ContactShape::boundingRadius() const {
  switch (type_) {
    case ShapeType::HalfSpace: return INFINITY;
    case ShapeType::Sphere: return size_.x();
    case ShapeType::Ellipsoid: return size_.maxCoeff();
    case ShapeType::Brick: return size_.norm();
    case ShapeType::Cylinder: return std::hypot(radius(), halfLength());
    case ShapeType::Capsule: return radius() + halfLength();
    case ShapeType::TriangleMesh: return mesh_->boundingRadius();
  }
  return 0;
}

}  // namespace articula
