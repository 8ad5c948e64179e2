#include <cmath>

#include "articula/contact/ShapeCurvature.h"

namespace articula {

Vec3 perpendicularTo(const Vec3& n) {
  // Cross with the coordinate axis least aligned with n: never near-parallel.
  int i = 0;
  n.cwiseAbs().minCoeff(&i);
  return n.cross(Vec3::Unit(i)).normalized();
}

SurfaceCurvature ellipsoidCurvature(const Vec3& semiAxes, const Vec3& p_S) {
  const Vec3 A = semiAxes.cwiseProduct(semiAxes).cwiseInverse();
  const Vec3 p = p_S / std::sqrt(p_S.cwiseProduct(p_S).dot(A));  // onto the surface
  const Vec3 g = A.cwiseProduct(p);                              // half the gradient of p'Ap - 1
  const Real gNorm = g.norm();
  const Vec3 n = g / gNorm;
  const Vec3 t1 = perpendicularTo(n);
  const Vec3 t2 = n.cross(t1);
  // Shape operator in the tangent basis (t1, t2), symmetric [[w11, w12], [w12, w22]]; its
  // eigen-pairs in closed form (an iterative 2x2 solver cost more than the rest of this function).
  const Vec3 At1 = t1.cwiseProduct(A);
  const Real w11 = At1.dot(t1) / gNorm, w22 = t2.cwiseProduct(A).dot(t2) / gNorm, w12 = At1.dot(t2) / gNorm;
  const Real mean = 0.5 * (w11 + w22), half = 0.5 * (w11 - w22), radius = std::hypot(half, w12);
  const Real k1 = mean + radius, k2 = mean - radius;
  // Eigenvector of k1: (w12, k1 − w11) or (k1 − w22, w12), whichever is longer (no cancellation);
  // at an umbilic (radius 0) every direction is principal.
  Real e1 = 1, e2 = 0;
  if (radius > 0) {
    if (half >= 0) e1 = half + radius, e2 = w12;  // k1 − w22 = half + radius
    else e1 = w12, e2 = radius - half;            // k1 − w11 = radius − half
  }
  return SurfaceCurvature{k1, k2, (e1 * t1 + e2 * t2).normalized()};
}

}  // namespace articula
