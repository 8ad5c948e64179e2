// tessellateShape: latitude-longitude spheres and ellipsoids, faceted boxes, capped cylinders
// and capsules (a cylinder with two hemispheres), meshes with normals averaged over faces within a 40° crease angle.
#include "articula/render/ShapeTessellation.h"

#include <cmath>
#include <numbers>

#include "articula/Error.h"

namespace articula::render {
namespace {

using Eigen::Vector3d;

// A surface of revolution about z from a profile (radius r(k), height z(k), normal angle) —
// the rings are joined into quads; rings of zero radius become poles.
struct ProfilePoint {
  double r, z, nr, nz;
};

void addRevolution(TriangleMesh& m, const std::vector<ProfilePoint>& profile, int segments,
                   const Vector3d& scale = Vector3d::Ones(), bool ellipsoidNormals = false) {
  const int base = int(m.positions.size());
  for (const ProfilePoint& p : profile) {
    for (int s = 0; s < segments; ++s) {
      const double phi = 2 * std::numbers::pi * s / segments;
      Vector3d pos(p.r * std::cos(phi), p.r * std::sin(phi), p.z);
      Vector3d n(p.nr * std::cos(phi), p.nr * std::sin(phi), p.nz);
      if (ellipsoidNormals) n = n.cwiseQuotient(scale);
      m.positions.push_back(pos.cwiseProduct(scale));
      m.normals.push_back(n.normalized());
    }
  }
  for (int k = 0; k + 1 < int(profile.size()); ++k) {
    for (int s = 0; s < segments; ++s) {
      const int s1 = (s + 1) % segments;
      const int a = base + k * segments + s, b = base + k * segments + s1;
      const int c = base + (k + 1) * segments + s, d = base + (k + 1) * segments + s1;
      // profile runs from bottom (z < 0) to top, so (a, b, d) faces outward.
      if (profile[k].r > 0) m.triangles.push_back({a, b, d});
      if (profile[k + 1].r > 0) m.triangles.push_back({a, d, c});
    }
  }
}

std::vector<ProfilePoint> sphereProfile(int rings, double radius, double zOffsetBottom, double zOffsetTop,
                                        int firstRing, int lastRing) {
  std::vector<ProfilePoint> out;
  for (int k = firstRing; k <= lastRing; ++k) {
    const double theta = std::numbers::pi * k / rings;  // from the south pole
    const double nr = std::sin(theta), nz = -std::cos(theta);
    const double z = radius * nz + (nz < 0 || (nz == 0 && k * 2 < rings) ? zOffsetBottom : zOffsetTop);
    out.push_back({radius * nr, z, nr, nz});
  }
  return out;
}

void addBox(TriangleMesh& m, const Vector3d& h) {
  for (int axis = 0; axis < 3; ++axis) {
    for (int sign = -1; sign <= 1; sign += 2) {
      Vector3d n = Vector3d::Zero();
      n[axis] = sign;
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      const int base = int(m.positions.size());
      const double corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
      for (const auto& c : corners) {
        Vector3d p;
        p[axis] = sign * h[axis];
        p[u] = c[0] * h[u];
        p[v] = c[1] * h[v];
        m.positions.push_back(p);
        m.normals.push_back(n);
      }
      if (sign > 0) {
        m.triangles.push_back({base, base + 1, base + 2});
        m.triangles.push_back({base, base + 2, base + 3});
      } else {
        m.triangles.push_back({base, base + 2, base + 1});
        m.triangles.push_back({base, base + 3, base + 2});
      }
    }
  }
}

void addDisc(TriangleMesh& m, double r, double z, int segments, bool up) {
  const int centre = int(m.positions.size());
  const Vector3d n(0, 0, up ? 1 : -1);
  m.positions.emplace_back(0, 0, z);
  m.normals.push_back(n);
  for (int s = 0; s < segments; ++s) {
    const double phi = 2 * std::numbers::pi * s / segments;
    m.positions.emplace_back(r * std::cos(phi), r * std::sin(phi), z);
    m.normals.push_back(n);
  }
  for (int s = 0; s < segments; ++s) {
    const int a = centre + 1 + s, b = centre + 1 + (s + 1) % segments;
    if (up) m.triangles.push_back({centre, a, b});
    else m.triangles.push_back({centre, b, a});
  }
}

// A given mesh with its own corners per triangle: each corner's normal averages (area-weighted) the
// faces around its vertex that bend less than the crease angle (40°) from the triangle's own, so
// flat faces meeting at sharp edges stay sharp and finely curved surfaces stay smooth.
void addCreasedMesh(TriangleMesh& m, const run::TrajectoryShape& shape, const Vector3d& scale) {
  const double cosCrease = std::cos(40.0 * M_PI / 180.0);
  std::vector<Vector3d> p;
  p.reserve(shape.vertices.size());
  for (const Vector3d& v : shape.vertices) p.push_back(v.cwiseProduct(scale));
  std::vector<Vector3d> area(shape.faces.size()), unit(shape.faces.size());  // area-weighted and unit normals
  std::vector<std::vector<int>> around(p.size());
  for (std::size_t f = 0; f < shape.faces.size(); ++f) {
    const auto& t = shape.faces[f];
    area[f] = 0.5 * (p[t[1]] - p[t[0]]).cross(p[t[2]] - p[t[0]]);
    unit[f] = area[f].norm() > 0 ? Vector3d(area[f].normalized()) : Vector3d::UnitZ();
    for (int k = 0; k < 3; ++k) around[t[k]].push_back(int(f));
  }
  m.positions.reserve(3 * shape.faces.size());
  m.normals.reserve(3 * shape.faces.size());
  for (std::size_t f = 0; f < shape.faces.size(); ++f) {
    const auto& t = shape.faces[f];
    const int base = int(m.positions.size());
    for (int k = 0; k < 3; ++k) {
      Vector3d n = Vector3d::Zero();
      for (int g : around[t[k]])
        if (unit[g].dot(unit[f]) >= cosCrease) n += area[g];
      m.positions.push_back(p[t[k]]);
      m.normals.push_back(n.norm() > 0 ? Vector3d(n.normalized()) : unit[f]);
    }
    m.triangles.push_back({base, base + 1, base + 2});
  }
}

// Rings of the lower hemisphere, the equator twice (bottom and top of the cylinder), upper hemisphere.
void addCapsule(TriangleMesh& m, const Vector3d& d, int rings, int segments) {
  const int half = rings / 2;
  auto lower = sphereProfile(2 * half, d.x(), -d.z(), d.z(), 0, half);
  auto upper = sphereProfile(2 * half, d.x(), -d.z(), d.z(), half, 2 * half);
  lower.back().z = -d.z();
  upper.front().z = d.z();
  lower.insert(lower.end(), upper.begin(), upper.end());
  addRevolution(m, lower, segments);
}

}  // namespace

TriangleMesh tessellateShape(const run::TrajectoryShape& shape, int segments) {
  if (segments < 6) throw Error("tessellateShape: segments = " + std::to_string(segments) + ": must be at least 6");
  TriangleMesh m;
  const int rings = segments / 2;
  const Vector3d& d = shape.dims;
  using T = model::GeometryType;
  switch (shape.type) {
    case T::Sphere:
    case T::Ellipsoid: addRevolution(m, sphereProfile(rings, 1.0, 0, 0, 0, rings), segments, d, true); break;
    case T::Box: addBox(m, d); break;
    case T::Cylinder:
      addRevolution(m, {{d.x(), -d.z(), 1, 0}, {d.x(), d.z(), 1, 0}}, segments);
      addDisc(m, d.x(), -d.z(), segments, false);
      addDisc(m, d.x(), d.z(), segments, true);
      break;
    case T::Capsule: addCapsule(m, d, rings, segments); break;
    case T::Mesh: addCreasedMesh(m, shape, d); break;
  }
  return m;
}

}  // namespace articula::render
