// Half-space against convex shapes. The half-space is z_H <= 0 of its frame, outward normal +z_H.
#include <array>
#include <cmath>
#include <numbers>

#include "articula/contact/FlatContact.h"
#include "articula/contact/NarrowPhase.h"
#include "articula/contact/ShapeCurvature.h"

namespace articula {

namespace {

constexpr int kRim = 16;  // vertices per cylinder end in the prism that stands for its flat parts
// An end face counts as resting on the plane (flat-punch law) when tilted less than 45 degrees.
const Real kEndFaceCos = std::sqrt(0.5);

// The 12 edges of a box whose vertex k has coordinate signs from bits 0, 1, 2 of k.
const std::array<std::pair<int, int>, 12>& boxEdges() {
  static const std::array<std::pair<int, int>, 12> edges = [] {
    std::array<std::pair<int, int>, 12> e;
    int i = 0;
    for (int k = 0; k < 8; ++k)
      for (int bit : {1, 2, 4})
        if (!(k & bit)) e[i++] = {k, k | bit};
    return e;
  }();
  return edges;
}

// Rim edges of both ends and the side lines of a kRim-sided prism (end s vertices s*kRim + i).
const std::array<std::pair<int, int>, 3 * kRim>& prismEdges() {
  static const std::array<std::pair<int, int>, 3 * kRim> edges = [] {
    std::array<std::pair<int, int>, 3 * kRim> e;
    for (int i = 0; i < kRim; ++i) {
      e[i] = {i, (i + 1) % kRim};
      e[kRim + i] = {kRim + i, kRim + (i + 1) % kRim};
      e[2 * kRim + i] = {i, kRim + i};
    }
    return e;
  }();
  return edges;
}

// One contact for B's surface point pB_G at signed height h above the plane (depth = -h).
void emit(const PlacedShape& hs, const PlacedShape& b, const Vec3& n_G, const Vec3& pB_G, Real height,
          const SurfaceCurvature& curvB, Real margin, std::vector<ContactPoint>& out) {
  const Real depth = -height;
  if (!(depth >= -margin)) return;
  ContactPoint c;
  c.shapeA = hs.index;
  c.shapeB = b.index;
  c.pB_G = pB_G;
  c.pA_G = pB_G - height * n_G;  // foot of pB on the plane
  c.p_G = 0.5 * (c.pA_G + c.pB_G);
  c.n_G = n_G;
  c.depth = depth;
  c.curvatureA = planeCurvature(n_G);
  c.curvatureB = curvB;
  out.push_back(c);
}

// Every vertex of a polytope that reaches into the half-space, under the flat-punch law with the
// polytope's cross-section at the plane as footprint (scaled by areaScale).
void emitPolytope(const PlacedShape& hs, const PlacedShape& b, const Vec3& n_G, Real planeOffset, const PointList& v_G,
                  const std::pair<int, int>* edges, int numEdges, Real areaScale, Real margin,
                  std::vector<ContactPoint>& out) {
  Real depthSum = 0;
  for (int k = 0; k < v_G.n; ++k) depthSum += std::max(Real(0), planeOffset - n_G.dot(v_G[k]));
  PointList section;
  planeSection(v_G, edges, numEdges, n_G, planeOffset, section);
  const Real area = areaScale * convexPolygonArea(section, n_G);
  for (int k = 0; k < v_G.n; ++k) {
    const Real height = n_G.dot(v_G[k]) - planeOffset;
    emit(hs, b, n_G, v_G[k], height, flatPatchCurvature(area, -height, depthSum, -n_G), margin, out);
  }
}

}  // namespace

void collideHalfSpace(const PlacedShape& hs, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out) {
  const Vec3 n_G = hs.X_GS.R().z();
  const Vec3& o_G = hs.X_GS.p();
  const ContactShape& shape = *b.shape;
  const Mat33& R_GB = b.X_GS.R().matrix();
  const Vec3 down_B = -(R_GB.transpose() * n_G);  // direction into the half-space, in B
  auto heightOf = [&](const Vec3& p_G) { return n_G.dot(p_G - o_G); };
  switch (shape.type()) {
    case ShapeType::Sphere: {
      const Vec3 p_G = b.X_GS.p() - shape.radius() * n_G;
      emit(hs, b, n_G, p_G, heightOf(p_G), sphereCurvature(shape.radius(), -n_G), margin, out);
      return;
    }
    case ShapeType::Ellipsoid: {
      const Vec3 p_B = shape.supportPoint(down_B);
      const Vec3 p_G = b.X_GS * p_B;
      emit(hs, b, n_G, p_G, heightOf(p_G), toGround(ellipsoidCurvature(shape.size(), p_B), R_GB), margin, out);
      return;
    }
    case ShapeType::Brick: {
      const Vec3& h = shape.size();
      PointList v_G;
      for (int k = 0; k < 8; ++k)
        v_G.push(b.X_GS * Vec3((k & 1) ? h.x() : -h.x(), (k & 2) ? h.y() : -h.y(), (k & 4) ? h.z() : -h.z()));
      emitPolytope(hs, b, n_G, n_G.dot(o_G), v_G, boxEdges().data(), 12, 1, margin, out);
      return;
    }
    case ShapeType::Capsule: {
      for (Real s : {-1.0, 1.0}) {
        const Vec3 p_G = b.X_GS * Vec3(0, 0, s * shape.halfLength()) - shape.radius() * n_G;
        emit(hs, b, n_G, p_G, heightOf(p_G), sphereCurvature(shape.radius(), -n_G), margin, out);
      }
      return;
    }
    case ShapeType::Cylinder: {
      // Deepest point of each end rim: along the in-plane part of down_B (any rim point if upright).
      const Vec3 radial = Vec3(down_B.x(), down_B.y(), 0);
      const Real len = radial.norm();
      const Vec3 u_B = len > 1e-12 ? Vec3(radial / len) : Vec3::UnitX();
      if (std::abs(down_B.z()) >= kEndFaceCos) {
        // Standing on an end: a prism whose first rim vertex is the deepest point, with its
        // cross-section scaled to the circle's area.
        const Vec3 w_B = Vec3::UnitZ().cross(u_B);
        PointList v_G;
        for (Real s : {-1.0, 1.0})
          for (int i = 0; i < kRim; ++i) {
            const Real phi = 2 * std::numbers::pi * i / kRim;
            v_G.push(b.X_GS * (shape.radius() * (std::cos(phi) * u_B + std::sin(phi) * w_B) +
                               Vec3(0, 0, s * shape.halfLength())));
          }
        const Real circleOverPolygon = 2 * std::numbers::pi / (kRim * std::sin(2 * std::numbers::pi / kRim));
        emitPolytope(hs, b, n_G, n_G.dot(o_G), v_G, prismEdges().data(), 3 * kRim, circleOverPolygon, margin, out);
        return;
      }
      const Vec3 axis_G = R_GB.col(2);
      for (Real s : {-1.0, 1.0}) {
        const Vec3 p_G = b.X_GS * (shape.radius() * u_B + Vec3(0, 0, s * shape.halfLength()));
        emit(hs, b, n_G, p_G, heightOf(p_G), cylinderSideCurvature(shape.radius(), axis_G, -n_G), margin, out);
      }
      return;
    }
    default: return;
  }
}

}  // namespace articula
