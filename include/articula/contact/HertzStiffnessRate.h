// How fast the elliptical Hertz stiffness of an ellipsoid pressed on a plane changes as the
// ellipsoid turns, for the energy balance of Hertz contact.
//
// The stiffness K = s(A, B) E* depends on the relative semi-curvatures A <= B at the contact
// point, and those depend on where the ellipsoid touches, i.e. on the normal in the ellipsoid's
// frame. The stored energy U = (2/5) K x^{5/2} then changes at dU/dt = f_e ẋ + (2/5) K̇ x^{5/2}:
// the first term is the elastic force's power, the second is energy the force law itself adds or
// removes while the body turns (the law is not the gradient of U). It belongs in the contact's
// non-conservative power, or the energy balance of a rolling or rocking ellipsoid drifts (7 J of
// 710 J in the 2 s standing fall before it was counted).
//
// Curvature of x'Qx = 1 (Q = diag(1/a², 1/b², 1/c²)) at the point whose outward normal is n:
// with g = sqrt(n'Q⁻¹n) the shape operator on the tangent plane is W = g P Q P, P = I − nn'.
// A principal curvature k with unit direction e (an eigenvector of W) moves at e'Ẇe; with
// Ṗ = −(ṅn' + nṅ') and We = k e that is
//     k̇ = (ġ/g) k − 2g (e·ṅ)(n'Q e),   ġ = n'Q⁻¹ṅ / g
// (the turning of the tangent plane itself drops out because Wn = 0). A and B are half the
// principal curvatures (the plane adds none).
// The stiffness per modulus is s = F(L)/sqrt(A), L = ln(B/A) (HertzHuntCrossley.h), so
//     ṡ = (∂s/∂L) (Ḃ/B − Ȧ/A) − s Ȧ/(2A),
// ∂s/∂L from HertzEllipse::stiffnessSlope.
#pragma once
#include "articula/contact/ContactPoint.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/math/Types.h"

namespace articula {

// ds/dt (m^{1/2}/s) for semi-axes `semiAxes`, the plane's unit normal n_S and its rate ṅ_S, both in
// the ellipsoid's frame. floor and ceiling are the clamps applied to A and B before the stiffness
// (ContactForceSubsystem: 0.5/maximum radius and 0.5/1e-5 m); a clamped curvature does not move.
Real calcEllipsoidOnPlaneStiffnessRate(const Vec3& semiAxes, const Vec3& n_S, const Vec3& nDot_S, Real floor,
                                       Real ceiling);
// The same from what the contact already knows: the ellipsoid's principal curvatures at the point
// (k1 >= k2, d1_G holding k1's direction in S) and the Hertz ellipse of its clamped semi-curvatures.
Real calcEllipsoidOnPlaneStiffnessRate(const Vec3& semiAxes, const Vec3& n_S, const Vec3& nDot_S,
                                       const SurfaceCurvature& c_S, const HertzEllipse& ellipse, Real floor,
                                       Real ceiling);

}  // namespace articula
