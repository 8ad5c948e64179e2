// Linearization of a point contact's force for linearly implicit integrators (RosenbrockW.h):
// the force f on surface B at the contact point, f = f_n n + f_t with f_t the Stribeck friction
// −μ(s) f_n v_s/s (v_s the slip velocity, s = |v_s|), as a function of the relative velocity
// v = v_B − v_A of the contact point and of the penetration x. The normal law enters through its
// value and two partial derivatives, so one routine serves Hertz + Hunt–Crossley and the penalty
// curves. Below the transition speed the friction is a steep damper (μ_s f_n / v_t): that is the
// stiffness these derivatives let an integrator treat implicitly.
#pragma once
#include "articula/contact/ContactPoint.h"
#include "articula/contact/StribeckFriction.h"
#include "articula/math/Types.h"
#include "articula/matter/TreeForceLinearization.h"

namespace articula {

// A normal force law's value and partial derivatives at (x, ẋ), ẋ = −n·v (> 0 approaching).
struct NormalForceSlope {
  Real force = 0;  // f_n >= 0
  Real dx = 0;     // ∂f_n/∂x, N/m
  Real dxdot = 0;  // ∂f_n/∂ẋ, N s/m
};

// Hertz + Hunt–Crossley f_n = max(0, K x^{3/2} (1 + 1.5 c ẋ)) and its partials (0 where clamped).
NormalForceSlope calcHuntCrossleySlope(Real stiffness, Real dissipation, Real x, Real xdot);

struct PointContactJacobian {
  Vec3 force = Vec3::Zero();  // f on B (normal + friction)
  Mat33 dv = Mat33::Zero();   // ∂f/∂v
  Vec3 dx = Vec3::Zero();     // ∂f/∂x
};
// n unit normal (from A to B), v relative velocity of the contact point (B − A).
PointContactJacobian calcPointContactJacobian(const Vec3& n, const Vec3& v, const NormalForceSlope& normal,
                                              const StribeckFriction& friction);

// Where a point contact sits and how it moves with the two bodies' poses.
struct PointContactPlacement {
  Vec3 point = Vec3::Zero();   // where the force acts: pA − shareA x n = pB + (1 − shareA) x n
  Vec3 pointA = Vec3::Zero();  // deepest point of A's surface inside B, and of B's inside A
  Vec3 pointB = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();  // from A to B
  Real shareA = 0;              // A's share of the deformation
  SurfaceCurvature curvatureA, curvatureB;
};

// The slopes of the contact wrench on B, W_B = [p × f; f] about the Ground origin, with respect to
// each body's pose twist and spatial velocity (TreeForceLinearization.h), from the force law's
// linearization `jac` at the relative contact-point velocity; wRel = ω_B − ω_A.
// Pose slopes: the penetration changes with the material motion of the deepest points along n;
// the deepest points also roll over their surfaces as the bodies turn (the inverse curvature
// maps the normal's turn into the point's slide: δp = S⁻¹ (θ × n) on B, exact for a sphere's
// centre), which moves the force's arm and, at fixed body velocities, the contact point's
// velocity. Left out: the turn of the normal when A is curved or moves, and the change of the
// Hertz coefficient with the curvatures at the moving point (a few per cent of the slope).
WrenchSlopes calcPointContactWrenchSlopes(const PointContactJacobian& jac, const PointContactPlacement& where,
                                          const Vec3& wRel);

}  // namespace articula
