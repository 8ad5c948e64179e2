// What narrow-phase geometry hands to a contact force law: one contact between two shapes,
// located, oriented and described locally enough for Hertz theory (principal curvatures).
// Geometry (shapes, detection) fills it; materials and force laws consume it.
#pragma once
#include "articula/math/Types.h"

namespace articula {

// Principal curvatures of one surface at its contact point. Convex surfaces have k >= 0;
// a plane has k1 = k2 = 0. d1_G is the unit tangent direction of k1 (k2 is along n x d1).
struct SurfaceCurvature {
  Real k1 = 0, k2 = 0;  // 1/m
  Vec3 d1_G = Vec3::UnitX();
};

struct ContactPoint {
  int shapeA = -1, shapeB = -1;  // indices in the contact set that produced this contact
  Vec3 pA_G = Vec3::Zero();      // deepest point of A's surface inside B (or closest point if apart)
  Vec3 pB_G = Vec3::Zero();      // deepest point of B's surface inside A
  Vec3 p_G = Vec3::Zero();       // midway between pA_G and pB_G; force laws may move it by stiffness
  Vec3 n_G = Vec3::UnitZ();      // unit normal from A towards B: a compressive force pushes B along +n_G
  Real depth = 0;                // penetration (> 0 overlapping, < 0 separation distance)
  SurfaceCurvature curvatureA, curvatureB;
};

}  // namespace articula
