// A defined law for flat contacts (brick faces and edges, cylinder ends and rims), where Hertz
// theory has no curvature to work with.
//
// A rigid flat punch of contact radius a pressed a depth x into an elastic half-space carries
// F = 2 E* a x (Boussinesq; Johnson, Contact Mechanics, §3.8). A flat or sharp contact is
// reported as N points i at depths x_i over a footprint of area S (the region of the one surface
// inside the other, projected on the contact plane); with a = sqrt(S / π) the patch carries
//     F = 2 E* a Σ x_i² / Σ x_j,     point i taking F_i = 2 E* a x_i² / Σ x_j.
// For a flat face pressed evenly (all x_i = x) this is the punch, 2 E* a x; a tilted face loads its
// deeper points more (a restoring moment), and a point or line entering the patch at x = 0 changes
// nothing, so the force is continuous. A corner pressed in by x has S ∝ x², hence F ∝ x² (a
// cone-like indenter), an edge S ∝ x and F ∝ x^{3/2}.
// The force law consuming ContactPoint is Hertz, F_i = (4/3) E* sqrt(R_i) x_i^{3/2}; the point is
// given the curvature 1/R_i of a sphere with R_i = 9 a² x_i / (4 (Σ x_j)²), which makes the two
// agree exactly. (The Hertz potential energy reported for such a point is 4/5 of the punch's.)
#pragma once
#include <array>
#include <utility>

#include "articula/contact/ContactPoint.h"

namespace articula {

// A short list of points with fixed capacity (the narrow phase allocates nothing per call).
struct PointList {
  static constexpr int kCapacity = 64;
  std::array<Vec3, kCapacity> p;
  int n = 0;
  void push(const Vec3& x) {
    if (n < kCapacity) p[n++] = x;
  }
  const Vec3& operator[](int i) const { return p[i]; }
};

// Curvature for point i of a flat patch of footprint area S (m²), at depth x_i, with Σ x_j the
// sum of the positive depths of the patch's points. A plane (zero curvature) if x_i <= 0 or S <= 0.
SurfaceCurvature flatPatchCurvature(Real area, Real depth, Real depthSum, const Vec3& n_G);

// Area of the convex polygon with the given vertices (any order, duplicates allowed) projected on
// the plane normal to the unit vector n.
Real convexPolygonArea(const PointList& points, const Vec3& n);

// The cross-section, at the plane n . x = c, of a convex polytope given by vertices and edges (pairs
// of vertex indices): the points where edges cross the plane. Appended to `section`.
void planeSection(const PointList& vertices, const std::pair<int, int>* edges, int numEdges, const Vec3& n, Real c,
                  PointList& section);

}  // namespace articula
