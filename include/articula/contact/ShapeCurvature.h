// Principal curvatures of contact surfaces at a point, for the Hertz force law. Convex surfaces
// have k >= 0; results use k1 >= k2, d1 the unit tangent of k1 (k2 lies along n x d1).
#pragma once
#include "articula/contact/ContactPoint.h"

namespace articula {

// Any unit vector perpendicular to the unit vector n.
Vec3 perpendicularTo(const Vec3& n);

// Ellipsoid x^2/a^2 + y^2/b^2 + z^2/c^2 = 1 at surface point p_S, from the second fundamental form of
// the implicit surface: II(t, t) = t' A t / |A p| with A = diag(1/a^2, 1/b^2, 1/c^2); d1 in S.
// A point off the surface is first scaled radially onto it.
SurfaceCurvature ellipsoidCurvature(const Vec3& semiAxes, const Vec3& p_S);

inline SurfaceCurvature sphereCurvature(Real radius, const Vec3& n) {
  return SurfaceCurvature{1 / radius, 1 / radius, perpendicularTo(n)};
}
inline SurfaceCurvature planeCurvature(const Vec3& n) { return SurfaceCurvature{0, 0, perpendicularTo(n)}; }
// The side of a cylinder of the given radius and axis: curved around the axis, straight along it.
inline SurfaceCurvature cylinderSideCurvature(Real radius, const Vec3& axis, const Vec3& n) {
  return SurfaceCurvature{1 / radius, 0, axis.cross(n).normalized()};
}
// Re-expresses the direction d1 of a curvature given in S in G.
inline SurfaceCurvature toGround(const SurfaceCurvature& c_S, const Mat33& R_GS) {
  return SurfaceCurvature{c_S.k1, c_S.k2, R_GS * c_S.d1_G};
}

}  // namespace articula
