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

}  // namespace articula
