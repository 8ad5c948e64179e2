// Independent dense computations and finite-difference helpers for the operator cross-checks
// (DESIGN.md §5). Nothing here calls the O(n) operator it is meant to check: body inertias come
// from the construction-time mass properties, Newton-Euler is written with explicit 6x6 matrices.
#pragma once
#include <random>
#include <vector>

#include "articula/matter/MultibodySystem.h"

namespace articula::testing {

// |a - b| / max(|b|, floor): relative error with a floor so that tiny references do not blow up.
template <class A, class B>
Real relErr(const A& a, const B& b, Real floor = 1.0) {
  return (a - b).norm() / std::max<Real>(b.norm(), floor);
}
Real relErr(const std::vector<SpatialVec>& a, const std::vector<SpatialVec>& b, Real floor = 1.0);

Vector randomVector(int n, std::mt19937& rng, Real scale = 1.0);
std::vector<SpatialVec> randomBodyForces(int numBodies, std::mt19937& rng, Real scale = 1.0);
std::vector<SpatialVec> zeroBodyForces(int numBodies);

// Spatial inertia of body b about its origin Bo, expressed in G (needs Position).
Mat66 spatialInertiaInGround(const MatterSubsystem& matter, const State& s, int b);
// Stacks per-body spatial vectors into one 6 nb vector (body-major) and back.
Vector stack(const std::vector<SpatialVec>& v);
std::vector<SpatialVec> unstack(const Vector& v);
// Force needed to give body b the classical acceleration A_GB (at Bo, in G) at the State's velocity:
// I A + [w x I w; m w x (w x c)], about Bo in G (needs Velocity).
SpatialVec inertialForce(const MatterSubsystem& matter, const State& s, int b, const SpatialVec& A_GB);
// Dense Newton-Euler residual M udot + c - f - J^T F, built from the assembled system Jacobian,
// the Jacobian bias accelerations and body inertias (needs Velocity):
//   F_b = I_b (J_b udot + a_b) + V_b x* I_b V_b,   residual = J^T (F - F_applied) - f.
Vector denseResidual(const MatterSubsystem& matter, const State& s, const Vector& f, const std::vector<SpatialVec>& F_G,
                     const Vector& udot);
// Dense mass matrix J^T diag(I_b) J.
Matrix denseMassMatrix(const MatterSubsystem& matter, const State& s);

// Copy of `s` moved by h along the motion: q += h qdot with qdot = N u, and u += h udot when
// udot is given. Quaternions leave the unit sphere only at O(h^2), which central differences cancel.
State advanced(const MatterSubsystem& matter, const State& s, Real h, const Vector* udot = nullptr);

// Angular velocity from central differences of a rotation: vee(Rdot R^T).
Vec3 angularVelocityFromDifferences(const Rotation& Rm, const Rotation& R, const Rotation& Rp, Real h);

}  // namespace articula::testing
