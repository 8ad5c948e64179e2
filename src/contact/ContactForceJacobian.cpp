// Derivatives of the point-contact force (normal law + Stribeck friction); see the header.
#include "articula/contact/ContactForceJacobian.h"

#include <cmath>

namespace articula {

NormalForceSlope calcHuntCrossleySlope(Real stiffness, Real dissipation, Real x, Real xdot) {
  NormalForceSlope s;
  if (!(x > 0)) return s;
  const Real sqrtX = std::sqrt(x), elastic = stiffness * x * sqrtX, damp = 1 + 1.5 * dissipation * xdot;
  if (!(damp > 0)) return s;  // Hunt–Crossley clamps the pull to zero: flat there
  s.force = elastic * damp;
  s.dx = 1.5 * stiffness * sqrtX * damp;
  s.dxdot = 1.5 * dissipation * elastic;
  return s;
}

namespace {

// Friction as f_t = −f_n g(s) v_s with g = μ(s)/s, and h = s g'(s), both finite through s = 0
// (the quintic rise of μ is odd, so g is even and smooth there).
struct FrictionShape {
  Real g = 0, h = 0;
};

FrictionShape frictionShape(const StribeckFriction& mu, Real s) {
  const Real vt = mu.getTransitionSpeed(), us = mu.getStaticFriction();
  FrictionShape out;
  if (s <= vt) {
    const Real x = s / vt, x2 = x * x;
    out.g = us * (15 - 10 * x2 + 3 * x2 * x2) / (8 * vt) + mu.getViscousFriction();
    out.h = us * (-20 * x2 + 12 * x2 * x2) / (8 * vt);
  } else {
    const StribeckFriction::Derivatives d = mu.calcDerivatives(s);
    out.g = d.value / s;
    out.h = d.slope - out.g;
  }
  return out;
}

}  // namespace

PointContactJacobian calcPointContactJacobian(const Vec3& n, const Vec3& v, const NormalForceSlope& normal,
                                              const StribeckFriction& friction) {
  PointContactJacobian J;
  // ẋ = −n·v, so ∂f_n/∂v = −(∂f_n/∂ẋ) n.
  const Vec3 dfn_dv = -normal.dxdot * n;
  J.force = normal.force * n;
  J.dv = n * dfn_dv.transpose();
  J.dx = normal.dx * n;
  const Vec3 slip = v - v.dot(n) * n;
  const Real s = slip.norm();
  const Mat33 P = Mat33::Identity() - n * n.transpose();  // slip = P v
  const FrictionShape fs = frictionShape(friction, s);
  const Vec3 ft = -normal.force * fs.g * slip;
  J.force += ft;
  // ∂(g v_s)/∂v_s = g I + (h/s²) v_s v_sᵀ; the second term vanishes as s -> 0 (h = O(s²)).
  Mat33 dgs = fs.g * Mat33::Identity();
  if (s > 0) dgs += (fs.h / (s * s)) * slip * slip.transpose();
  J.dv += -normal.force * dgs * P - fs.g * slip * dfn_dv.transpose();
  J.dx += -normal.dx * fs.g * slip;
  return J;
}

namespace {

// S⁻¹ restricted to the tangent plane: Σ d dᵀ / k over the principal directions; flat (k = 0) and
// sharp (k = ∞) directions slide nothing.
Mat33 inverseCurvature(const SurfaceCurvature& c, const Vec3& n) {
  Mat33 R = Mat33::Zero();
  const Vec3 d1 = (c.d1_G - c.d1_G.dot(n) * n).normalized();
  const Vec3 d2 = n.cross(d1);
  if (c.k1 > 0 && std::isfinite(c.k1)) R += (1 / c.k1) * d1 * d1.transpose();
  if (c.k2 > 0 && std::isfinite(c.k2)) R += (1 / c.k2) * d2 * d2.transpose();
  return R.allFinite() ? R : Mat33::Zero();
}

// K = ∂W_B/∂ξ for one body: the contact point moves by Pp ξ and the penetration by gx ξ.
Mat66 poseSlope(const PointContactJacobian& jac, const Vec3& p, const Eigen::Matrix<Real, 3, 6>& Pp,
                const Eigen::Matrix<Real, 1, 6>& gx, const Vec3& wRel) {
  const Eigen::Matrix<Real, 3, 6> dF = jac.dx * gx + jac.dv * skew(wRel) * Pp;
  Mat66 K;
  K.topRows<3>() = skew(p) * dF - skew(jac.force) * Pp;
  K.bottomRows<3>() = dF;
  return K;
}

}  // namespace

WrenchSlopes calcPointContactWrenchSlopes(const PointContactJacobian& jac, const PointContactPlacement& where,
                                          const Vec3& wRel) {
  const Vec3& n = where.normal;
  const Mat33 nx = skew(n);
  WrenchSlopes s;
  {  // B: its deepest point moves with B and slides by S_B⁻¹ (θ × n); x changes by −n·δp_B.
    const Eigen::Matrix<Real, 3, 6> material = pointMap(where.pointB);
    const Eigen::Matrix<Real, 1, 6> gx = -n.transpose() * material;
    Eigen::Matrix<Real, 3, 6> Pp = material + (1 - where.shareA) * n * gx;
    Pp.leftCols<3>() -= inverseCurvature(where.curvatureB, n) * nx;
    s.K_B = poseSlope(jac, where.point, Pp, gx, wRel);
  }
  {  // A: the mirror image (outward normal +n, x grows with +n·δp_A, p = p_A − shareA x n).
    const Eigen::Matrix<Real, 3, 6> material = pointMap(where.pointA);
    const Eigen::Matrix<Real, 1, 6> gx = n.transpose() * material;
    Eigen::Matrix<Real, 3, 6> Pp = material - where.shareA * n * gx;
    Pp.leftCols<3>() += inverseCurvature(where.curvatureA, n) * nx;
    s.K_A = poseSlope(jac, where.point, Pp, gx, wRel);
  }
  // Velocities: v = Φ(p) (V_B − V_A).
  Eigen::Matrix<Real, 6, 3> arm;
  arm << skew(where.point), Mat33::Identity();
  s.D_B = arm * jac.dv * pointMap(where.point);
  s.D_A = -s.D_B;
  return s;
}

}  // namespace articula
