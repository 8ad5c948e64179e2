// Hertz contact with the elliptical correction, and Hunt–Crossley dissipation (Simbody paper §5.1
// and Appendix A.2; Johnson, Contact Mechanics, 1985, §4.2).
//
// Near the contact point the gap between two undeformed convex surfaces is a paraboloid
// h = A u² + B v² (0 < A <= B, the relative principal semi-curvatures). Under a normal approach x
// the contact patch is an ellipse with semi-axes a >= b (a along u), ratio k = a/b solving
//     B/A = (k² E(m) − K(m)) / (K(m) − E(m)),   m = 1 − 1/k²           (Appendix A eq. 29)
// and the elastic force is exact Hertz:
//     f_Hz = (2π/3) E* sqrt(D/(K³ A)) x^{3/2},  D = (K − E)/m,   a² = x D/(K A),   b = a/k.
// With R_e = 1/(2 sqrt(AB)) this is f_Hz = (4/3) σ E* sqrt(R_e) x^{3/2}, σ >= 1 the eccentricity
// correction (σ = 1 and R_e = R for circular contact: f = (4/3) E* sqrt(R) x^{3/2}); σ grows slowly
// with B/A (1.01 at B/A = 2, 1.11 at 10, 1.44 at 100).
// K, E are complete elliptic integrals of parameter m, computed by the arithmetic-geometric mean
// in a form without cancellation as m -> 0; k is solved to machine precision by Newton's method
// (a curve fit gives only its starting point).
//
// Hunt–Crossley: f = max(0, f_Hz (1 + (3/2) c ẋ)), with c the pair's dissipation (s/m). At low
// impact speed v the coefficient of restitution is e ≈ 1 − c v.
#pragma once
#include "articula/contact/ContactPoint.h"
#include "articula/math/Types.h"

namespace articula {

// Relative semi-curvatures of two surfaces at a contact; majorAxis_G (unit, in the contact plane)
// is the direction of A, along which the contact ellipse is longest.
struct RelativeCurvature {
  Real A = 0, B = 0;  // 1/m, A <= B
  Vec3 majorAxis_G = Vec3::UnitX();
};
// From each surface's principal curvatures (convex > 0) and the contact normal n_G: the
// eigenvalues of (K_A + K_B)/2 in the contact plane.
RelativeCurvature calcRelativeCurvature(const SurfaceCurvature& a, const SurfaceCurvature& b, const Vec3& n_G);

// Geometry-only factors of Hertz contact for semi-curvatures 0 < A <= B.
struct HertzEllipse {
  Real ratio = 1;                // k = a/b >= 1
  Real stiffnessPerModulus = 0;  // f_Hz = stiffnessPerModulus · E* · x^{3/2}  (m^{1/2})
  Real majorPerSqrtDepth = 0;    // a = majorPerSqrtDepth · sqrt(x)
  Real effectiveRadius = 0;      // R_e = 1/(2 sqrt(AB)), m
  Real sigma = 1;                // eccentricity correction: stiffnessPerModulus / ((4/3) sqrt(R_e)) >= 1
  // ∂(stiffnessPerModulus)/∂ln(B/A) at constant A (m^{1/2}): how the stiffness moves with the
  // contact's shape, for its rate as a body turns (HertzStiffnessRate.h).
  Real stiffnessSlope = 0;
};
// Throws Error if A or B is not finite, A <= 0 or B < A. The shape factors come from Chebyshev
// series in ln(B/A) fitted to calcHertzEllipseBySolving (agreeing to rounding), beyond
// B/A = e^25 from the solution itself.
HertzEllipse calcHertzEllipse(Real A, Real B);
// The same by solving for the axis ratio with the complete elliptic integrals (Johnson 1985 §4.2;
// Newton's method, two evaluations of the integrals): the reference the series are fitted to.
HertzEllipse calcHertzEllipseBySolving(Real A, Real B);

// Complete elliptic integrals of the first and second kind of parameter m in [0, 1), and
// D = (K − E)/m (π/4 at m = 0) without cancellation. Exposed for tests.
struct EllipticIntegrals {
  Real K = 0, E = 0, D = 0;
};
EllipticIntegrals calcEllipticIntegrals(Real m);

// Normal force of Hertz + Hunt–Crossley at penetration x (m) and rate ẋ (m/s, > 0 approaching),
// with stiffness K = stiffnessPerModulus · E* (N/m^{3/2}) and dissipation c (s/m).
struct HuntCrossleyForce {
  Real force = 0;            // max(0, f_Hz (1 + 1.5 c ẋ)), N, pushing the surfaces apart
  Real elastic = 0;          // f_Hz = K x^{3/2}
  Real potentialEnergy = 0;  // (2/5) K x^{5/2}, J
};
HuntCrossleyForce calcHuntCrossley(Real stiffness, Real dissipation, Real x, Real xdot);

}  // namespace articula
