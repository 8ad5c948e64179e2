// Generated display shapes (see DisplayGeometry.h).
#include "articula/run/DisplayGeometry.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

namespace articula::run {

namespace {

constexpr Real kPi = 3.14159265358979323846;
constexpr Real kDensity = 1000;      // kg/m^3: water, near the body's own
constexpr Real kShortest = 1e-4;     // m: a child joint closer than this to the joint centre draws nothing
constexpr Real kSmallRadius = 0.01;  // m: massless bodies

struct Segment {
  std::string child;
  Vec3 from, to;  // in the body frame
};

// A capsule along z from `a` to `b` (the caps reach beyond them by the radius).
model::GeometrySpec capsule(const std::string& name, const Vec3& a, const Vec3& b, Real radius) {
  model::GeometrySpec g;
  g.name = name;
  g.type = model::GeometryType::Capsule;
  const Vec3 d = b - a;
  g.size = Vec3(radius, std::max(0.0, d.norm() / 2 - radius), 0);
  g.pose.position = (a + b) / 2;
  g.pose.orientation = Rotation::fromOneAxis(CoordinateAxis::Z, d).toQuaternion();
  return g;
}

// The solid ellipsoid of uniform density with mass m and central inertia I (principal moments
// I1 = m (b² + c²) / 5 ...): a² = 5 (I2 + I3 − I1) / (2 m).
model::GeometrySpec inertiaEllipsoid(const model::BodySpec& b) {
  model::GeometrySpec g;
  g.name = "inertia_ellipsoid";
  g.type = model::GeometryType::Ellipsoid;
  g.pose.position = b.massCenter;
  const Eigen::SelfAdjointEigenSolver<Mat33> eig(0.5 * (b.inertia + b.inertia.transpose()));
  const Vec3 I = eig.eigenvalues();
  const Real total = I.sum();
  if (b.mass <= 0 || total <= 0 || eig.info() != Eigen::Success) {
    g.type = model::GeometryType::Sphere;
    g.size = Vec3(kSmallRadius, 0, 0);
    return g;
  }
  for (int k = 0; k < 3; ++k) g.size[k] = std::sqrt(std::max(0.0, 5 * (total - 2 * I[k]) / (2 * b.mass)));
  g.size = g.size.cwiseMax(0.05 * g.size.maxCoeff());  // a flat inertia still draws as a solid
  Mat33 R = eig.eigenvectors();
  if (R.determinant() < 0) R.col(2) = -R.col(2);
  g.pose.orientation = Rotation::nearest(R).toQuaternion();
  return g;
}

// Each body's joint centre and its children's, in its frame, at the initial state.
std::vector<std::vector<Segment>> segmentsOf(const model::ModelSpec& m, const model::BuiltModel& built) {
  const State& s = built.initialState;
  const MatterSubsystem& matter = built.system->getMatter();
  std::vector<std::vector<Segment>> out(m.bodies.size());
  for (size_t c = 0; c < m.bodies.size(); ++c) {
    const model::BodySpec& child = m.bodies[c];
    const int p = m.findBody(child.joint.parent);
    if (p < 0) continue;  // on ground
    const Transform X_GP = matter.getBodyTransform(s, built.mobodOfBody[p]);
    const Transform X_GC = matter.getBodyTransform(s, built.mobodOfBody[c]);
    const Vec3 centre = X_GP.inverse() * (X_GC * child.joint.childFrame.position);
    out[p].push_back({child.name, m.bodies[p].joint.childFrame.position, centre});
  }
  return out;
}

std::vector<model::GeometrySpec> segmentShapes(const model::BodySpec& b, const std::vector<Segment>& segments) {
  Real total = 0, longest = 0;
  for (const Segment& s : segments) {
    const Real length = (s.to - s.from).norm();
    if (length < kShortest) continue;
    total += length;
    longest = std::max(longest, length);
  }
  if (total == 0) return {};
  Real radius = b.mass > 0 ? std::sqrt(b.mass / (kDensity * kPi * total)) : kSmallRadius;
  radius = std::min(radius, 0.4 * longest);
  std::vector<model::GeometrySpec> shapes;
  for (const Segment& s : segments)
    if ((s.to - s.from).norm() >= kShortest) shapes.push_back(capsule("segment_" + s.child, s.from, s.to, radius));
  return shapes;
}

}  // namespace

std::vector<std::vector<model::GeometrySpec>> displayGeometry(const model::ModelSpec& m,
                                                              const model::BuiltModel& built) {
  const std::vector<std::vector<Segment>> segments = segmentsOf(m, built);
  std::vector<std::vector<model::GeometrySpec>> out(m.bodies.size());
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    if (!m.bodies[i].geometry.empty()) continue;
    out[i] = segmentShapes(m.bodies[i], segments[i]);
    if (out[i].empty()) out[i].push_back(inertiaEllipsoid(m.bodies[i]));
  }
  return out;
}

}  // namespace articula::run
