// Sphere or capsule against capsule: closest points of the core segments, then two balls.
#include <algorithm>
#include <cmath>

#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {

namespace {

struct Segment {
  Vec3 p0, p1;  // end points in G
  Real radius;
  bool isCapsule;
};

Segment segmentOf(const PlacedShape& s) {
  const Real L = s.shape->type() == ShapeType::Capsule ? s.shape->halfLength() : 0.0;
  return {s.X_GS * Vec3(0, 0, -L), s.X_GS * Vec3(0, 0, L), s.shape->radius(), s.shape->type() == ShapeType::Capsule};
}

// Closest points of segments P(s) = p0 + s d1 and Q(t) = q0 + t d2, s, t in [0, 1]. Parallel
// overlapping segments give the middle of the overlap (a stable point for a line contact).
void closestPoints(const Segment& P, const Segment& Q, Real& s, Real& t) {
  const Vec3 d1 = P.p1 - P.p0, d2 = Q.p1 - Q.p0, r = P.p0 - Q.p0;
  const Real a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  s = t = 0;
  if (a == 0 && e == 0) return;
  if (a == 0) {
    t = std::clamp(f / e, 0.0, 1.0);
    return;
  }
  const Real c = d1.dot(r);
  if (e == 0) {
    s = std::clamp(-c / a, 0.0, 1.0);
    return;
  }
  const Real b = d1.dot(d2), denom = a * e - b * b;
  if (denom <= 1e-12 * a * e) {  // parallel: middle of the overlap of Q's projection onto P
    const Real u0 = std::clamp(-c / a, 0.0, 1.0), u1 = std::clamp((b - c) / a, 0.0, 1.0);
    s = 0.5 * (u0 + u1);
    t = std::clamp((b * s + f) / e, 0.0, 1.0);
    s = std::clamp((t * b - c) / a, 0.0, 1.0);
    return;
  }
  s = std::clamp((b * f - c * e) / denom, 0.0, 1.0);
  t = (b * s + f) / e;
  if (t < 0) {
    t = 0;
    s = std::clamp(-c / a, 0.0, 1.0);
  } else if (t > 1) {
    t = 1;
    s = std::clamp((b - c) / a, 0.0, 1.0);
  }
}

SurfaceCurvature curvatureOf(const Segment& S, Real param, const Vec3& outward) {
  if (S.isCapsule && param > 0 && param < 1)
    return cylinderSideCurvature(S.radius, (S.p1 - S.p0).normalized(), outward);
  return sphereCurvature(S.radius, outward);
}

}  // namespace

void collideCapsule(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out) {
  const Segment A = segmentOf(a), B = segmentOf(b);
  Real s, t;
  closestPoints(A, B, s, t);
  const Vec3 cA = A.p0 + s * (A.p1 - A.p0), cB = B.p0 + t * (B.p1 - B.p0);
  const Vec3 d = cB - cA;
  const Real dist = d.norm();
  const Real depth = A.radius + B.radius - dist;
  if (!(depth >= -margin)) return;
  ContactPoint c;
  c.shapeA = a.index;
  c.shapeB = b.index;
  if (dist > 0) {
    c.n_G = d / dist;
  } else {  // core segments cross: any direction perpendicular to both
    const Vec3 cr = (A.p1 - A.p0).cross(B.p1 - B.p0);
    c.n_G = cr.norm() > 0 ? Vec3(cr.normalized()) : perpendicularTo((B.p1 - B.p0).normalized());
  }
  c.depth = depth;
  c.pA_G = cA + A.radius * c.n_G;
  c.pB_G = cB - B.radius * c.n_G;
  c.p_G = 0.5 * (c.pA_G + c.pB_G);
  c.curvatureA = curvatureOf(A, s, c.n_G);
  c.curvatureB = curvatureOf(B, t, -c.n_G);
  out.push_back(c);
}

}  // namespace articula
