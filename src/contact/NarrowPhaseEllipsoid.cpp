// Sphere-sphere (closed form), sphere-ellipsoid and ellipsoid-ellipsoid (exact, calcEllipsoidGap).
#include "articula/contact/EllipsoidDistance.h"
#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {

namespace {

void collideSpheres(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out) {
  const Real rA = a.shape->radius(), rB = b.shape->radius();
  const Vec3 d = b.X_GS.p() - a.X_GS.p();
  const Real dist = d.norm();
  const Real depth = rA + rB - dist;
  if (!(depth >= -margin)) return;
  ContactPoint c;
  c.shapeA = a.index;
  c.shapeB = b.index;
  c.n_G = dist > 0 ? Vec3(d / dist) : Vec3::UnitZ();  // concentric: any direction separates equally
  c.depth = depth;
  c.pA_G = a.X_GS.p() + rA * c.n_G;
  c.pB_G = b.X_GS.p() - rB * c.n_G;
  c.p_G = 0.5 * (c.pA_G + c.pB_G);
  c.curvatureA = sphereCurvature(rA, c.n_G);
  c.curvatureB = sphereCurvature(rB, c.n_G);
  out.push_back(c);
}

// h(n) = max over the surface of n . (p - centre): |D R' n| for an ellipsoid, r for a sphere.
Real supportRadius(const PlacedShape& s, const Vec3& n_G) {
  if (s.shape->type() == ShapeType::Sphere) return s.shape->radius();
  return s.shape->size().cwiseProduct(s.X_GS.R().matrix().transpose() * n_G).norm();
}

}  // namespace

void collideEllipsoids(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out,
                       const Vec3& warmNormal_G, Vec3* normalOut_G, bool warmSearch) {
  if (a.shape->type() == ShapeType::Sphere && b.shape->type() == ShapeType::Sphere) {
    collideSpheres(a, b, margin, out);
    return;
  }
  // The depth is the minimum over unit n of the overlap along n, so one direction with overlap
  // below -margin settles the pair as apart: most broad-phase pairs are, and the search is skipped.
  const Vec3 d = b.X_GS.p() - a.X_GS.p();
  auto provesApart = [&](const Vec3& n) {
    const bool apart = supportRadius(a, n) + supportRadius(b, -n) - n.dot(d) < -margin;
    if (apart && normalOut_G) *normalOut_G = n;
    return apart;
  };
  if (!warmNormal_G.isZero(0) && provesApart(warmNormal_G.normalized())) return;
  const Real dNorm = d.norm();
  if (dNorm > 0 && provesApart(d / dNorm)) return;
  // Seeded by history, the search may settle in another of several nearly equal minima or in
  // other last bits than a cold one: the caller decides whether that history may count.
  const EllipsoidGap gap = calcEllipsoidGap(a.shape->size(), a.X_GS, b.shape->size(), b.X_GS,
                                            warmSearch ? warmNormal_G : Vec3::Zero());
  if (normalOut_G) *normalOut_G = gap.n_G;
  if (!(gap.depth >= -margin)) return;
  out.push_back(makeContactPoint(a, b, gap.n_G, gap.depth, gap.pA_G, gap.pB_G));
}

}  // namespace articula
