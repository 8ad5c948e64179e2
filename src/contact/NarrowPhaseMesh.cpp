// Mesh faces against a convex shape or another (closed) mesh, for the elastic foundation model: each face centroid's depth
// inside the other shape, the nearest surface point and the outward normal there.
#include <algorithm>
#include <cmath>

#include "articula/contact/EllipsoidDistance.h"
#include "articula/contact/NarrowPhase.h"

namespace articula {

namespace {

struct PointDepth {
  Real depth;  // > 0 inside
  Vec3 q_S;    // nearest surface point
  Vec3 n_S;    // outward unit normal at q
};

PointDepth boxDepth(const Vec3& h, const Vec3& p) {
  const Vec3 q = p.cwiseMax(-h).cwiseMin(h);
  if (q != p) {
    const Vec3 gap = p - q;
    const Real dist = gap.norm();
    return {-dist, q, gap / dist};
  }
  int axis = 0;
  (h - p.cwiseAbs()).minCoeff(&axis);
  const Real side = p[axis] >= 0 ? 1.0 : -1.0;
  Vec3 onFace = p;
  onFace[axis] = side * h[axis];
  return {h[axis] - std::abs(p[axis]), onFace, side * Vec3::Unit(axis)};
}

PointDepth ballDepth(Real r, const Vec3& centre, const Vec3& p) {
  const Vec3 d = p - centre;
  const Real dist = d.norm();
  const Vec3 n = dist > 0 ? Vec3(d / dist) : Vec3::UnitZ();
  return {r - dist, centre + r * n, n};
}

PointDepth cylinderDepth(Real r, Real L, const Vec3& p) {
  const Real rho = p.head<2>().norm();
  const Vec3 radial = rho > 0 ? Vec3(p.x() / rho, p.y() / rho, 0) : Vec3::UnitX();
  const Real side = p.z() >= 0 ? 1.0 : -1.0;
  if (rho <= r && std::abs(p.z()) <= L) {  // inside: nearest of the side and the end caps
    if (r - rho < L - std::abs(p.z())) return {r - rho, Vec3(r * radial.x(), r * radial.y(), p.z()), radial};
    return {L - std::abs(p.z()), Vec3(p.x(), p.y(), side * L), Vec3(0, 0, side)};
  }
  const Vec3 q(std::min(rho, r) * radial.x(), std::min(rho, r) * radial.y(), std::clamp(p.z(), -L, L));
  const Vec3 gap = p - q;
  return {-gap.norm(), q, gap.normalized()};
}

PointDepth pointDepth(const ContactShape& shape, const Vec3& p_S) {
  switch (shape.type()) {
    case ShapeType::HalfSpace: return {-p_S.z(), Vec3(p_S.x(), p_S.y(), 0), Vec3::UnitZ()};
    case ShapeType::Sphere: return ballDepth(shape.radius(), Vec3::Zero(), p_S);
    case ShapeType::Brick: return boxDepth(shape.size(), p_S);
    case ShapeType::Cylinder: return cylinderDepth(shape.radius(), shape.halfLength(), p_S);
    case ShapeType::Capsule: {
      const Real z = std::clamp(p_S.z(), -shape.halfLength(), shape.halfLength());
      return ballDepth(shape.radius(), Vec3(0, 0, z), p_S);
    }
    case ShapeType::Ellipsoid: {
      const EllipsoidGap g = calcEllipsoidGap(shape.size(), Transform(), Vec3::Zero(), Transform(p_S));
      return {g.depth, g.pA_G, g.n_G};
    }
    case ShapeType::TriangleMesh: {  // a closed mesh: signed distance to its nearest face
      const TriangleMesh::Nearest q = shape.mesh().nearestPoint(p_S);
      return {q.depth, q.q_S, q.n_S};
    }
  }
  return {-INFINITY, p_S, Vec3::UnitZ()};
}

}  // namespace

void collideMesh(const PlacedShape& convex, const PlacedShape& mesh, Real margin, std::vector<MeshFaceContact>& out) {
  const TriangleMesh& m = mesh.shape->mesh();
  const Aabb box = convex.shape->boundingBox(convex.X_GS, margin);
  const Transform X_SG = convex.X_GS.inverse();
  const Mat33& R_GS = convex.X_GS.R().matrix();
  for (int f = 0; f < m.numFaces(); ++f) {
    const Vec3 p_G = mesh.X_GS * m.faceCentroid(f);
    if (!box.overlaps(Aabb{p_G, p_G})) continue;
    const PointDepth d = pointDepth(*convex.shape, X_SG * p_G);
    if (!(d.depth >= -margin)) continue;
    MeshFaceContact c;
    c.meshShape = mesh.index;
    c.otherShape = convex.index;
    c.face = f;
    c.area = m.faceArea(f);
    c.p_G = p_G;
    c.q_G = convex.X_GS * d.q_S;
    c.n_G = R_GS * d.n_S;
    c.depth = d.depth;
    out.push_back(c);
  }
}

}  // namespace articula
