// Half-space against convex shapes. The half-space is z_H <= 0 of its frame, outward normal +z_H.
#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {

namespace {

// One contact for B's surface point pB_G at signed height h above the plane (depth = -h).
void emit(const PlacedShape& hs, const PlacedShape& b, const Vec3& n_G, const Vec3& pB_G, Real height,
          const SurfaceCurvature& curvB, Real margin, std::vector<ContactPoint>& out) {
  const Real depth = -height;
  if (!(depth >= -margin)) return;
  ContactPoint c;
  c.shapeA = hs.index;
  c.shapeB = b.index;
  c.pB_G = pB_G;
  c.pA_G = pB_G - height * n_G;  // foot of pB on the plane
  c.p_G = 0.5 * (c.pA_G + c.pB_G);
  c.n_G = n_G;
  c.depth = depth;
  c.curvatureA = planeCurvature(n_G);
  c.curvatureB = curvB;
  out.push_back(c);
}

}  // namespace

void collideHalfSpace(const PlacedShape& hs, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out) {
  const Vec3 n_G = hs.X_GS.R().z();
  const Vec3& o_G = hs.X_GS.p();
  const ContactShape& shape = *b.shape;
  const Mat33& R_GB = b.X_GS.R().matrix();
  const Vec3 down_B = -(R_GB.transpose() * n_G);  // direction into the half-space, in B
  auto heightOf = [&](const Vec3& p_G) { return n_G.dot(p_G - o_G); };
  switch (shape.type()) {
    case ShapeType::Sphere: {
      const Vec3 p_G = b.X_GS.p() - shape.radius() * n_G;
      emit(hs, b, n_G, p_G, heightOf(p_G), sphereCurvature(shape.radius(), -n_G), margin, out);
      return;
    }
    case ShapeType::Ellipsoid: {
      const Vec3 p_B = shape.supportPoint(down_B);
      const Vec3 p_G = b.X_GS * p_B;
      emit(hs, b, n_G, p_G, heightOf(p_G), toGround(ellipsoidCurvature(shape.size(), p_B), R_GB), margin, out);
      return;
    }
    case ShapeType::Brick: {
      const Vec3& h = shape.size();
      for (int k = 0; k < 8; ++k) {
        const Vec3 v_B((k & 1) ? h.x() : -h.x(), (k & 2) ? h.y() : -h.y(), (k & 4) ? h.z() : -h.z());
        const Vec3 p_G = b.X_GS * v_B;
        emit(hs, b, n_G, p_G, heightOf(p_G), planeCurvature(-n_G), margin, out);  // a corner: no curvature
      }
      return;
    }
    case ShapeType::Capsule: {
      for (Real s : {-1.0, 1.0}) {
        const Vec3 p_G = b.X_GS * Vec3(0, 0, s * shape.halfLength()) - shape.radius() * n_G;
        emit(hs, b, n_G, p_G, heightOf(p_G), sphereCurvature(shape.radius(), -n_G), margin, out);
      }
      return;
    }
    case ShapeType::Cylinder: {
      // Deepest point of each end rim: along the in-plane part of down_B (any rim point if upright).
      const Vec3 radial = Vec3(down_B.x(), down_B.y(), 0);
      const Real len = radial.norm();
      const Vec3 rim_B = len > 1e-12 ? Vec3(shape.radius() / len * radial) : Vec3::Zero();
      const Vec3 axis_G = R_GB.col(2);
      for (Real s : {-1.0, 1.0}) {
        const Vec3 p_G = b.X_GS * (rim_B + Vec3(0, 0, s * shape.halfLength()));
        const SurfaceCurvature k = len > 1e-12 ? cylinderSideCurvature(shape.radius(), axis_G, -n_G) : planeCurvature(-n_G);
        emit(hs, b, n_G, p_G, heightOf(p_G), k, margin, out);
      }
      return;
    }
    default: return;
  }
}

}  // namespace articula
