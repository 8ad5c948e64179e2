// Exact signed distance between two ellipsoids (a sphere is an ellipsoid with equal semi-axes, a
// point one with zero semi-axes), at any orientation and aspect ratio.
//
// For convex A and B with centres c_A, c_B and support functions h_A, h_B about their centres,
// the overlap along a unit direction n (from A towards B) is
//     f(n) = h_A(n) + h_B(-n) - n . (c_B - c_A).
// The penetration depth (minimum translation that separates them) is min f over unit n, and when
// they are apart the same minimum is minus their distance: one smooth function on the unit sphere
// covers both cases. At the minimum, A's support point in n and B's in -n are the witness points:
// the surface normals there are +n and -n, and their separation along n is the depth.
// f is minimized by Newton's method on the sphere (Riemannian gradient and Hessian, regularized
// when indefinite, Armijo backtracking) from several seeds: the direction between centres, both
// shapes' axes, the best of 64 spread directions and an optional warm start. If no seed converges
// a denser fallback runs; if that fails too, Error is thrown, never a silent wrong answer.
#pragma once
#include "articula/math/Transform.h"

namespace articula {

struct EllipsoidGap {
  Real depth = 0;            // > 0 penetration, < 0 separation distance
  Vec3 n_G = Vec3::UnitZ();  // unit, from A towards B
  Vec3 pA_G = Vec3::Zero();  // A's surface point with outward normal +n_G
  Vec3 pB_G = Vec3::Zero();  // B's surface point with outward normal -n_G
  int iterations = 0;        // Newton iterations, all seeds
};

// semiAxesB may be all zero (B is a point: depth is then the point's signed depth inside A).
// nGuess_G, when non-zero, seeds the search (warm start from the previous step).
EllipsoidGap calcEllipsoidGap(const Vec3& semiAxesA, const Transform& X_GA, const Vec3& semiAxesB,
                              const Transform& X_GB, const Vec3& nGuess_G = Vec3::Zero());

}  // namespace articula
