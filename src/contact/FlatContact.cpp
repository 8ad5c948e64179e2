// Flat-punch law for flat and sharp contacts, and the polygon helpers it needs.
#include "articula/contact/FlatContact.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "articula/contact/ShapeCurvature.h"

namespace articula {

SurfaceCurvature flatPatchCurvature(Real area, Real depth, Real depthSum, const Vec3& n_G) {
  if (!(depth > 0 && area > 0 && depthSum > 0)) return planeCurvature(n_G);
  const Real aSquared = area / std::numbers::pi;
  const Real k = 4 * depthSum * depthSum / (9 * aSquared * depth);  // 1 / R_i
  return SurfaceCurvature{k, k, perpendicularTo(n_G)};
}

Real convexPolygonArea(const PointList& points, const Vec3& n) {
  const int m = points.n;
  if (m < 3) return 0;
  Vec3 centre = Vec3::Zero();
  for (int i = 0; i < m; ++i) centre += points[i];
  centre /= static_cast<Real>(m);
  const Vec3 u = perpendicularTo(n), v = n.cross(u);
  // Sort by angle about the centroid in the plane; then a fan of triangles.
  std::array<std::pair<Real, Eigen::Vector2d>, PointList::kCapacity> ring;
  for (int i = 0; i < m; ++i) {
    const Eigen::Vector2d q((points[i] - centre).dot(u), (points[i] - centre).dot(v));
    ring[i] = {std::atan2(q.y(), q.x()), q};
  }
  std::sort(ring.begin(), ring.begin() + m, [](const auto& x, const auto& y) { return x.first < y.first; });
  Real twiceArea = 0;
  for (int i = 0; i < m; ++i) {
    const Eigen::Vector2d& p = ring[i].second;
    const Eigen::Vector2d& q = ring[(i + 1) % m].second;
    twiceArea += p.x() * q.y() - p.y() * q.x();
  }
  return 0.5 * std::abs(twiceArea);
}

void planeSection(const PointList& vertices, const std::pair<int, int>* edges, int numEdges, const Vec3& n, Real c,
                  PointList& section) {
  for (int e = 0; e < numEdges; ++e) {
    const auto [i, j] = edges[e];
    const Real hi = n.dot(vertices[i]) - c, hj = n.dot(vertices[j]) - c;
    if ((hi < 0) == (hj < 0)) continue;  // both on one side (a vertex on the plane counts once per side)
    const Real t = hi / (hi - hj);
    section.push(vertices[i] + t * (vertices[j] - vertices[i]));
  }
}

}  // namespace articula
