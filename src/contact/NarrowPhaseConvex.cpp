// Any pair of bounded convex shapes: GJK/EPA for the deepest point and normal, then, when both
// shapes meet with flat or straight features (brick faces and edges, cylinder ends and sides,
// capsule sides), a contact patch of several points by clipping one feature against the other.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "articula/contact/ConvexDistance.h"
#include "articula/contact/FlatContact.h"
#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {

namespace {

constexpr int kDisk = 16;        // vertices of the polygon standing for a cylinder's end
constexpr Real kFaceCos = 0.8;   // a face meets the contact if its normal is within ~37 degrees of n
constexpr Real kLineSin = 0.02;  // a straight edge or side lies in the contact plane within ~1 degree

enum class Kind { Point, Segment, Polygon };

// The part of a shape's surface that meets the contact, in G, seen along its outward direction.
struct Feature {
  Kind kind = Kind::Point;
  PointList points;              // a polygon's vertices in order, a segment's two ends
  Vec3 normal_G = Vec3::Zero();  // a polygon's outward face normal
  bool disk = false;             // the polygon stands for a circle
  bool sharp = false;            // a brick edge: flat-punch law, not Hertz
  SurfaceCurvature curvature;    // a segment's surface curvature
};

Feature brickFeature(const PlacedShape& s, const Vec3& d_S) {
  const Vec3& h = s.shape->size();
  const Mat33& R = s.X_GS.R().matrix();
  Feature f;
  int i = 0;
  d_S.cwiseAbs().maxCoeff(&i);
  const int j = (i + 1) % 3, k = (i + 2) % 3;
  if (std::abs(d_S[i]) >= kFaceCos) {
    f.kind = Kind::Polygon;
    const Real side = d_S[i] >= 0 ? 1.0 : -1.0;
    f.normal_G = side * R.col(i);
    const Real sj[4] = {-1, 1, 1, -1}, sk[4] = {-1, -1, 1, 1};
    for (int c = 0; c < 4; ++c) {
      Vec3 v;
      v[i] = side * h[i], v[j] = sj[c] * h[j], v[k] = sk[c] * h[k];
      f.points.push(s.X_GS * v);
    }
    return f;
  }
  int m = 0;
  d_S.cwiseAbs().minCoeff(&m);
  if (std::abs(d_S[m]) <= kLineSin) {  // an edge along axis m
    f.kind = Kind::Segment;
    f.sharp = true;
    Vec3 v = s.shape->supportPoint(d_S);
    for (Real e : {-1.0, 1.0}) {
      v[m] = e * h[m];
      f.points.push(s.X_GS * v);
    }
    f.curvature = planeCurvature(R * d_S);
  }
  return f;
}

// Cylinder (round = false) or capsule: an end disk or a straight side line.
Feature roundFeature(const PlacedShape& s, const Vec3& d_S, bool cylinder) {
  const Real r = s.shape->radius(), L = s.shape->halfLength();
  const Mat33& R = s.X_GS.R().matrix();
  const Vec3 radial(d_S.x(), d_S.y(), 0);
  const Real len = radial.norm();
  const Vec3 u = len > 1e-12 ? Vec3(radial / len) : Vec3::UnitX();
  Feature f;
  if (cylinder && std::abs(d_S.z()) >= kFaceCos) {
    f.kind = Kind::Polygon;
    f.disk = true;
    const Real side = d_S.z() >= 0 ? 1.0 : -1.0;
    f.normal_G = side * R.col(2);
    const Vec3 w = Vec3::UnitZ().cross(u);
    for (int i = 0; i < kDisk; ++i) {
      const Real phi = 2 * std::numbers::pi * i / kDisk;
      f.points.push(s.X_GS * (r * (std::cos(phi) * u + std::sin(phi) * w) + Vec3(0, 0, side * L)));
    }
  } else if (std::abs(d_S.z()) <= kLineSin) {
    f.kind = Kind::Segment;
    const Vec3 rim = cylinder ? Vec3(r * u) : Vec3(r * d_S);
    for (Real e : {-1.0, 1.0}) f.points.push(s.X_GS * (rim + Vec3(0, 0, e * L)));
    f.curvature = cylinderSideCurvature(r, R.col(2), R * d_S);
  }
  return f;
}

Feature featureOf(const PlacedShape& s, const Vec3& dir_G) {
  const Vec3 d_S = s.X_GS.R().matrix().transpose() * dir_G;
  switch (s.shape->type()) {
    case ShapeType::Brick: return brickFeature(s, d_S);
    case ShapeType::Cylinder: return roundFeature(s, d_S, true);
    case ShapeType::Capsule: return roundFeature(s, d_S, false);
    default: return Feature{};
  }
}

// Keeps the part of the polygon (closed, >= 3 points), segment or point with m . x <= c.
void clip(const PointList& in, const Vec3& m, Real c, PointList& out) {
  out.n = 0;
  const int n = in.n;
  if (n == 1) {
    if (m.dot(in[0]) <= c) out.push(in[0]);
    return;
  }
  const int edges = n == 2 ? 1 : n;
  for (int i = 0; i < edges; ++i) {
    const Vec3& p = in[i];
    const Vec3& q = in[(i + 1) % n];
    const Real hp = m.dot(p) - c, hq = m.dot(q) - c;
    if (hp <= 0) out.push(p);
    if ((hp < 0) != (hq < 0) && hp != hq) out.push(p + hp / (hp - hq) * (q - p));
    if (n == 2 && hq <= 0) out.push(q);
  }
}

// The incident feature's points that lie over the reference feature (side planes through the
// reference's edges along dir), and inside the reference surface.
void clipToReference(const Feature& ref, const Vec3& dir, const Vec3& m_R, Real c_R, const Feature& inc,
                     PointList& result) {
  PointList a = inc.points, b;
  const int n = ref.points.n;
  if (ref.kind == Kind::Polygon) {
    Vec3 centre = Vec3::Zero();
    for (int i = 0; i < n; ++i) centre += ref.points[i];
    centre /= n;
    for (int i = 0; i < n && a.n > 0; ++i) {
      const Vec3& p = ref.points[i];
      Vec3 side = (ref.points[(i + 1) % n] - p).cross(dir);
      if (side.dot(centre - p) > 0) side = -side;
      clip(a, side, side.dot(p), b);
      std::swap(a, b);
    }
  } else {  // a segment: between the planes through its ends
    Vec3 e = ref.points[1] - ref.points[0];
    e -= e.dot(dir) * dir;
    clip(a, e, e.dot(ref.points[1]), b);
    clip(b, -e, -e.dot(ref.points[0]), a);
  }
  clip(a, m_R, c_R, result);  // inside the reference surface
}

void emitPoint(const PlacedShape& a, const PlacedShape& b, const ConvexGap& g, std::vector<ContactPoint>& out) {
  out.push_back(makeContactPoint(a, b, g.n_G, g.depth, g.pA_G, g.pB_G));
}

// Footprint area of a flat patch: the clipped polygon for face against face, the incident brick's
// cross-section at the reference plane for a brick edge.
Real footprintArea(const Feature& ref, const Feature& inc, const PlacedShape& incShape, const Vec3& m_R, Real c_R,
                   const PointList& patch, const Vec3& n) {
  if (inc.kind == Kind::Polygon) {
    const Real circle = 2 * std::numbers::pi / (kDisk * std::sin(2 * std::numbers::pi / kDisk));
    return convexPolygonArea(patch, n) * (ref.disk || inc.disk ? circle : 1.0);
  }
  const Vec3& h = incShape.shape->size();
  PointList v;
  for (int k = 0; k < 8; ++k)
    v.push(incShape.X_GS * Vec3((k & 1) ? h.x() : -h.x(), (k & 2) ? h.y() : -h.y(), (k & 4) ? h.z() : -h.z()));
  std::pair<int, int> edges[12];
  int e = 0;
  for (int k = 0; k < 8; ++k)
    for (int bit : {1, 2, 4})
      if (!(k & bit)) edges[e++] = {k, k | bit};
  PointList section;
  planeSection(v, edges, 12, m_R, c_R, section);
  return convexPolygonArea(section, n);
}

// Several points when both features are flat or straight; false if they do not make a patch.
bool emitPatch(const PlacedShape& a, const PlacedShape& b, const ConvexGap& g, std::vector<ContactPoint>& out) {
  const Feature fA = featureOf(a, g.n_G), fB = featureOf(b, -g.n_G);
  if (fA.kind == Kind::Point || fB.kind == Kind::Point) return false;
  const bool refIsA = fA.points.n >= fB.points.n;
  const Feature& ref = refIsA ? fA : fB;
  const Feature& inc = refIsA ? fB : fA;
  const PlacedShape& incShape = refIsA ? b : a;
  const Vec3 dir = refIsA ? g.n_G : Vec3(-g.n_G);  // out of the reference, towards the incident shape
  // The reference surface: its face plane, or for a segment the plane through it normal to n.
  const Vec3 m_R = ref.kind == Kind::Polygon ? ref.normal_G : dir;
  const Real c_R = m_R.dot(ref.points[0]);
  const Real cosine = m_R.dot(dir);
  if (!(cosine > 0)) return false;
  PointList patch;
  clipToReference(ref, dir, m_R, c_R, inc, patch);
  if (patch.n == 0) return false;
  const bool flat = (ref.kind == Kind::Polygon && inc.kind == Kind::Polygon) || inc.sharp;
  Real depthSum = 0;
  for (int i = 0; i < patch.n; ++i) depthSum += (c_R - m_R.dot(patch[i])) / cosine;
  const Real area = flat ? footprintArea(ref, inc, incShape, m_R, c_R, patch, g.n_G) : 0;
  int emitted = 0;
  for (int i = 0; i < patch.n; ++i) {
    const Vec3& q = patch[i];
    const Real depth = (c_R - m_R.dot(q)) / cosine;
    if (!(depth > 0)) continue;  // where the patch's edge crosses the surface: no force
    ++emitted;
    const Vec3 onRef = q + depth * dir;
    ContactPoint c;
    c.shapeA = a.index;
    c.shapeB = b.index;
    c.n_G = g.n_G;
    c.depth = depth;
    c.pA_G = refIsA ? onRef : q;
    c.pB_G = refIsA ? q : onRef;
    c.p_G = 0.5 * (c.pA_G + c.pB_G);
    const SurfaceCurvature refCurv = ref.kind == Kind::Polygon ? planeCurvature(dir) : ref.curvature;
    const SurfaceCurvature incCurv = flat ? flatPatchCurvature(area, depth, depthSum, -dir) : inc.curvature;
    c.curvatureA = refIsA ? refCurv : incCurv;
    c.curvatureB = refIsA ? incCurv : refCurv;
    out.push_back(c);
  }
  return emitted > 0;
}

}  // namespace

void collideConvex(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out) {
  const ConvexGap g = calcConvexGap(a, b, margin);
  if (!(g.depth >= -margin)) return;
  if (g.depth > 0 && emitPatch(a, b, g, out)) return;
  emitPoint(a, b, g, out);
}

}  // namespace articula
