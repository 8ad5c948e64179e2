#include "articula/contact/HertzStiffnessRate.h"

#include <algorithm>
#include <cmath>

#include "articula/contact/HertzHuntCrossley.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {

Real calcEllipsoidOnPlaneStiffnessRate(const Vec3& semiAxes, const Vec3& n_S, const Vec3& nDot_S,
                                       const SurfaceCurvature& c_S, const HertzEllipse& ellipse, Real floor,
                                       Real ceiling) {
  const Vec3 Q = semiAxes.cwiseProduct(semiAxes).cwiseInverse();
  const Vec3 Qinv = semiAxes.cwiseProduct(semiAxes);
  const Real g = std::sqrt(n_S.cwiseProduct(n_S).dot(Qinv));
  const Real r = n_S.cwiseProduct(nDot_S).dot(Qinv) / (g * g);  // ġ/g
  // Each principal curvature moves at e'Ẇe = (ġ/g) k − 2g (e·ṅ)(n'Q e) along its direction e.
  const Vec3 eHi = c_S.d1_G, eLo = n_S.cross(eHi);
  const Real rateHi = r * c_S.k1 - 2 * g * eHi.dot(nDot_S) * n_S.dot(Q.cwiseProduct(eHi));
  const Real rateLo = r * c_S.k2 - 2 * g * eLo.dot(nDot_S) * n_S.dot(Q.cwiseProduct(eLo));
  // Semi-curvatures and their rates, clamped as for the force.
  Real B = 0.5 * c_S.k1, A = 0.5 * c_S.k2, BDot = 0.5 * rateHi, ADot = 0.5 * rateLo;
  if (B < floor || B > ceiling) B = std::clamp(B, floor, ceiling), BDot = 0;
  if (A < floor || A > B) A = std::clamp(A, floor, B), ADot = 0;
  // s = F(L)/sqrt(A): ṡ = (∂s/∂L) L̇ − s Ȧ/(2A).
  const Real LDot = BDot / B - ADot / A;
  return ellipse.stiffnessSlope * LDot - 0.5 * ellipse.stiffnessPerModulus * ADot / A;
}

Real calcEllipsoidOnPlaneStiffnessRate(const Vec3& semiAxes, const Vec3& n_S, const Vec3& nDot_S, Real floor,
                                       Real ceiling) {
  const Vec3 Qinv = semiAxes.cwiseProduct(semiAxes);
  const Vec3 p_S = Qinv.cwiseProduct(n_S) / std::sqrt(n_S.cwiseProduct(n_S).dot(Qinv));  // where n is the normal
  const SurfaceCurvature c = ellipsoidCurvature(semiAxes, p_S);
  const Real B = std::clamp(0.5 * c.k1, floor, ceiling), A = std::clamp(0.5 * c.k2, floor, B);
  return calcEllipsoidOnPlaneStiffnessRate(semiAxes, n_S, nDot_S, c, calcHertzEllipse(A, B), floor, ceiling);
}

}  // namespace articula
