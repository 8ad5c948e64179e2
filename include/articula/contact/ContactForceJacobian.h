// Linearization of a point contact's force for linearly implicit integrators (RosenbrockW.h):
// the force f on surface B at the contact point, f = f_n n + f_t with f_t the Stribeck friction
// −μ(s) f_n v_s/s (v_s the slip velocity, s = |v_s|), as a function of the relative velocity
// v = v_B − v_A of the contact point and of the penetration x. The normal law enters through its
// value and two partial derivatives, so one routine serves Hertz + Hunt–Crossley and the penalty
// curves. Below the transition speed the friction is a steep damper (μ_s f_n / v_t): that is the
// stiffness these derivatives let an integrator treat implicitly.
#pragma once
#include "articula/contact/StribeckFriction.h"
#include "articula/math/Types.h"

namespace articula {

// A normal force law's value and partial derivatives at (x, ẋ), ẋ = −n·v (> 0 approaching).
struct NormalForceSlope {
  Real force = 0;   // f_n >= 0
  Real dx = 0;      // ∂f_n/∂x, N/m
  Real dxdot = 0;   // ∂f_n/∂ẋ, N s/m
};

// Hertz + Hunt–Crossley f_n = max(0, K x^{3/2} (1 + 1.5 c ẋ)) and its partials (0 where clamped).
NormalForceSlope calcHuntCrossleySlope(Real stiffness, Real dissipation, Real x, Real xdot);

struct PointContactJacobian {
  Vec3 force = Vec3::Zero();   // f on B (normal + friction)
  Mat33 dv = Mat33::Zero();    // ∂f/∂v
  Vec3 dx = Vec3::Zero();      // ∂f/∂x
};
// n unit normal (from A to B), v relative velocity of the contact point (B − A).
PointContactJacobian calcPointContactJacobian(const Vec3& n, const Vec3& v, const NormalForceSlope& normal,
                                              const StribeckFriction& friction);

}  // namespace articula
