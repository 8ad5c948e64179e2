// Narrow phase: exact contact between two placed shapes. Each function appends zero or more
// contacts whose depth exceeds -margin (margin 0: touching or overlapping only). Shape A is always
// the one with the lower ShapeType (HalfSpace first, TriangleMesh last), and n_G points from A
// towards B. Shape indices in the results are the callers' (a.index, b.index).
#pragma once
#include <vector>

#include "articula/contact/ContactPoint.h"
#include "articula/contact/ContactShape.h"
#include "articula/contact/MeshFaceContact.h"

namespace articula {

struct PlacedShape {
  const ContactShape* shape = nullptr;
  Transform X_GS;
  int index = -1;
};

// Shared by the algorithms (NarrowPhaseContactPoint.cpp): the curvature of a convex shape at its
// surface point p_G with outward normal dir_G, and a contact from the deepest points of A and B
// along n_G (from A towards B) with both surfaces' curvatures there.
SurfaceCurvature calcSurfaceCurvature(const PlacedShape& s, const Vec3& p_G, const Vec3& dir_G);
ContactPoint makeContactPoint(const PlacedShape& a, const PlacedShape& b, const Vec3& n_G, Real depth, const Vec3& pA_G,
                              const Vec3& pB_G);

// Whether collide() has an algorithm for this pair of types (in either order).
bool isPairSupported(ShapeType a, ShapeType b);

// Dispatches on the types (requires a.type <= b.type); throws Error for an unsupported pair.
// warmNormal_G, when non-zero, is tried first to prove iterative pairs (ellipsoids) apart, and
// with warmSearch it also seeds their search when they touch; for them, normalOut_G (if given)
// receives the direction to try next time (zero for other pairs).
void collide(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out,
             std::vector<MeshFaceContact>& meshOut, const Vec3& warmNormal_G = Vec3::Zero(),
             Vec3* normalOut_G = nullptr, bool warmSearch = false);

// Half-space A against a convex shape B: the deepest point of B (support point along -n), one
// contact per end ball for a capsule; for a brick every penetrating corner, and for a cylinder
// standing on an end every penetrating rim point, under the flat-punch law (FlatContact.h); a
// cylinder on its side, one line-contact point per end rim.
void collideHalfSpace(const PlacedShape& halfSpace, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out);
// Sphere-sphere in closed form; sphere-ellipsoid and ellipsoid-ellipsoid through calcEllipsoidGap,
// unless the warm normal or the line of centres already proves them further apart than the margin
// (a direction n with h_A(n) + h_B(-n) - n.(c_B - c_A) < -margin bounds the depth from above).
// normalOut_G: the minimizing normal, or the direction that proved the pair apart. warmSearch:
// seed the search of a touching pair with warmNormal_G too (fewer seeds; see calcEllipsoidGap).
void collideEllipsoids(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out,
                       const Vec3& warmNormal_G = Vec3::Zero(), Vec3* normalOut_G = nullptr, bool warmSearch = false);
// Sphere A against brick B (closest point of the box, or the nearest face from inside).
void collideSphereBrick(const PlacedShape& sphere, const PlacedShape& brick, Real margin,
                        std::vector<ContactPoint>& out);
// Sphere or capsule A against capsule B (closest points of the segments).
void collideCapsule(const PlacedShape& a, const PlacedShape& capsule, Real margin, std::vector<ContactPoint>& out);
// Any other pair of bounded convex shapes (ellipsoid, cylinder, brick, capsule in any combination):
// GJK/EPA, then several points when flat or straight features meet (see NarrowPhaseConvex.cpp).
void collideConvex(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out);
// Every face of mesh B against shape A (convex, or a closed mesh): its centroid's depth inside A.
void collideMesh(const PlacedShape& convex, const PlacedShape& mesh, Real margin, std::vector<MeshFaceContact>& out);

}  // namespace articula
