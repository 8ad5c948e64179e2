// What the narrow-phase algorithms share: a shape's curvature at a surface point and the contact
// built from two deepest points.
#include <cmath>

#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {

// Capsule and cylinder sides are curved about the axis only; brick faces, edges and corners are flat.
SurfaceCurvature calcSurfaceCurvature(const PlacedShape& s, const Vec3& p_G, const Vec3& dir_G) {
  const Mat33& R = s.X_GS.R().matrix();
  const Vec3 p_S = R.transpose() * (p_G - s.X_GS.p());
  const Real r = s.shape->radius(), L = s.shape->halfLength();
  switch (s.shape->type()) {
    case ShapeType::Sphere: return sphereCurvature(r, dir_G);
    case ShapeType::Ellipsoid: return toGround(ellipsoidCurvature(s.shape->size(), p_S), R);
    case ShapeType::Capsule:
      if (std::abs(p_S.z()) < L) return cylinderSideCurvature(r, R.col(2), dir_G);
      return sphereCurvature(r, dir_G);
    case ShapeType::Cylinder: {
      const Real tol = 1e-9 * (r + L);
      const bool onEnd = std::abs(std::abs(p_S.z()) - L) <= tol;
      // The side, or a rim (treated as the side's curvature); an end face away from the rim is flat.
      if (onEnd && p_S.head<2>().norm() < r - tol) return planeCurvature(dir_G);
      return cylinderSideCurvature(r, R.col(2), dir_G);
    }
    default: return planeCurvature(dir_G);  // brick faces, edges and corners
  }
}

ContactPoint makeContactPoint(const PlacedShape& a, const PlacedShape& b, const Vec3& n_G, Real depth, const Vec3& pA_G,
                              const Vec3& pB_G) {
  ContactPoint c;
  c.shapeA = a.index;
  c.shapeB = b.index;
  c.n_G = n_G;
  c.depth = depth;
  c.pA_G = pA_G;
  c.pB_G = pB_G;
  c.p_G = 0.5 * (c.pA_G + c.pB_G);
  c.curvatureA = calcSurfaceCurvature(a, c.pA_G, c.n_G);
  c.curvatureB = calcSurfaceCurvature(b, c.pB_G, -c.n_G);
  return c;
}

}  // namespace articula
