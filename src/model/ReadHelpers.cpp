#include "ReadHelpers.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>

namespace articula::model {

Rotation readRotationMatrix(const JsonNode& node, const Mat33& m) {
  const Real err = (m.transpose() * m - Mat33::Identity()).norm();
  if (err > 1e-6) node.fail("not a rotation matrix (|R^T R - I| = " + std::to_string(err) + ")");
  if (m.determinant() < 0) node.fail("not a rotation matrix (determinant -1: a reflection)");
  return Rotation::nearest(m);
}

Vec3 readUnitAxis(const JsonNode& node) {
  const Vec3 a = node.vec3();
  const Real n = a.norm();
  if (n == 0) node.fail("axis must not be zero");
  if (std::abs(n - 1) > 1e-3) node.fail("axis must be a unit vector (length " + std::to_string(n) + ")");
  return a / n;
}

Quaternion readOrientation(const JsonNode& node) {
  node.allowOnly({"quaternion", "matrix", "xyz_deg", "axis", "angle_deg"});
  const auto keys = node.keys();
  if (auto q = node.get("quaternion")) {
    if (keys.size() != 1) node.fail("give exactly one of quaternion, matrix, xyz_deg or axis + angle_deg");
    const std::vector<Real> v = q->numbers();
    if (v.size() != 4) q->fail("expected 4 numbers [w, x, y, z], got " + std::to_string(v.size()));
    const Vec4 w(v[0], v[1], v[2], v[3]);
    if (std::abs(w.norm() - 1) > 1e-6)
      q->fail("quaternion must have unit length (length " + std::to_string(w.norm()) + ")");
    return Quaternion::fromUnnormalized(w);
  }
  if (keys.size() != 1 && !(node.has("axis") && node.has("angle_deg") && keys.size() == 2))
    node.fail("give exactly one of quaternion, matrix, xyz_deg or axis + angle_deg");
  if (auto m = node.get("matrix")) return readRotationMatrix(*m, m->mat33()).toQuaternion();
  if (auto e = node.get("xyz_deg")) return Rotation::bodyFixedXYZ(e->vec3() * kDegree).toQuaternion();
  const Vec3 axis = readUnitAxis(node.at("axis"));
  return Rotation::aboutAxis(node.at("angle_deg").number() * kDegree, axis).toQuaternion();
}

FrameSpec readFrame(const JsonNode& node) {
  node.allowOnly({"position", "orientation"});
  FrameSpec f;
  if (auto p = node.get("position")) f.position = p->vec3();
  if (auto o = node.get("orientation")) f.orientation = readOrientation(*o);
  return f;
}

Vec3 readColor(const JsonNode& node) {
  if (node.isString()) {
    const std::string s = node.string();
    // Six hex digits exactly: sscanf's %x alone would take "#-1-1-1" (a sign) or "# 1 2 3".
    const bool hex = s.size() == 7 && s[0] == '#' && std::all_of(s.begin() + 1, s.end(), [](char c) {
                       return std::isxdigit(static_cast<unsigned char>(c));
                     });
    if (!hex) node.fail("colour must be \"#rrggbb\" (six hexadecimal digits) or [r, g, b] in 0..1");
    const auto channel = [&](int i) {
      return std::stoi(s.substr(static_cast<size_t>(1 + 2 * i), 2), nullptr, 16) / 255.0;
    };
    return Vec3(channel(0), channel(1), channel(2));
  }
  const Vec3 c = node.vec3();
  if (c.minCoeff() < 0 || c.maxCoeff() > 1) node.fail("colour components must be in 0..1");
  return c;
}

std::vector<std::array<Real, 2>> readCurve(const JsonNode& node) {
  const size_t n = node.size();
  if (n < 2) node.fail("a curve needs at least 2 points [penetration m, force N]");
  std::vector<std::array<Real, 2>> out;
  for (size_t i = 0; i < n; ++i) {
    const JsonNode p = node[i];
    const std::vector<Real> v = p.numbers();
    if (v.size() != 2) p.fail("expected a point [penetration m, force N]");
    if (v[0] < 0 || v[1] < 0) p.fail("penetration and force must not be negative");
    if (i > 0 && v[0] <= out.back()[0]) p.fail("penetrations must increase strictly");
    out.push_back({v[0], v[1]});
  }
  return out;
}

// Whether `file` lies in `folder` or below it once both are resolved (symbolic links and "..").
bool isWithin(const std::filesystem::path& file, const std::filesystem::path& folder) {
  std::error_code ec;
  const std::filesystem::path f = std::filesystem::weakly_canonical(file, ec);
  const std::filesystem::path d = std::filesystem::weakly_canonical(folder.empty() ? "." : folder, ec);
  if (ec) return false;
  const std::filesystem::path rel = f.lexically_relative(d);
  return !rel.empty() && *rel.begin() != "..";
}


}  // namespace articula::model
