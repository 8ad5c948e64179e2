#include "articula/model/ModelValidation.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cstdio>
#include <string_view>
#include <unordered_set>

#include "BodyTree.h"
#include "articula/model/ModelError.h"

namespace articula::model {

namespace {
// A field of body i (or of its joint) as the file states it; models built in code have no source.
std::string bodyPath(const ModelSpec& m, size_t i, const char* field) {
  const std::string& s = m.bodies[i].source;
  return (s.empty() ? "/bodies/" + std::to_string(i) : s) + "/" + field;
}
std::string jointPath(const ModelSpec& m, size_t i, const char* field) {
  const std::string& s = m.bodies[i].joint.source;
  return (s.empty() ? "/bodies/" + std::to_string(i) + "/joint" : s) + "/" + field;
}
std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::string fmt(Real x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", x);
  return b;
}
}  // namespace

Vec3 principalMoments(const Mat33& inertia) {
  Eigen::SelfAdjointEigenSolver<Mat33> eig(0.5 * (inertia + inertia.transpose()), Eigen::EigenvaluesOnly);
  return eig.eigenvalues();
}

void checkModelStructure(const ModelSpec& m, const std::string& file) {
  std::unordered_set<std::string_view> jointNames;
  jointNames.reserve(m.bodies.size());
  const BodyTree tree = makeBodyTree(m);
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const JointSpec& j = m.bodies[i].joint;
    if (!jointNames.insert(j.name).second)
      throw ModelError(file, jointPath(m, i, "name"), quoted(j.name), "duplicate joint name");
    if (j.parent == m.bodies[i].name)
      throw ModelError(file, jointPath(m, i, "parent"), quoted(j.parent), "a body cannot be its own parent");
    if (tree.parent[i] == BodyTree::kUnknown)
      throw ModelError(file, jointPath(m, i, "parent"), quoted(j.parent), "no body of this name (nor \"ground\")");
  }
  if (tree.order.size() == m.bodies.size()) return;
  // Every parent exists, so the bodies not reached from ground lie on a loop or below one: name the
  // first body on a loop (walking up from any unreached body ends on one within n steps).
  std::vector<bool> reached(m.bodies.size(), false);
  for (int i : tree.order) reached[i] = true;
  int b = 0;
  while (reached[b]) ++b;
  for (size_t steps = 0; steps < m.bodies.size(); ++steps) b = tree.parent[b];
  for (int k = tree.parent[b], start = b; k != start; k = tree.parent[k]) b = std::min(b, k);  // the loop's first body
  throw ModelError(
      file, jointPath(m, b, "parent"), quoted(m.bodies[b].joint.parent),
      "the joints form a loop that never reaches ground (a tree is required; close loops with constraints)");
}

void checkModelPhysics(ModelSpec& m, const std::string& file) {
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const BodySpec& b = m.bodies[i];
    const Vec3 pm = principalMoments(b.inertia);
    const std::string where = bodyPath(m, i, "inertia");
    const std::string value = fmt(b.inertia(0, 0)) + ", " + fmt(b.inertia(1, 1)) + ", " + fmt(b.inertia(2, 2));
    if (!(pm[0] > 0))
      throw ModelError(file, where, value,
                       "not positive definite (principal moments " + fmt(pm[0]) + ", " + fmt(pm[1]) + ", " +
                           fmt(pm[2]) + " kg m^2)");
    if (pm[0] + pm[1] < pm[2] * (1 - 1e-9))
      throw ModelError(file, where, value,
                       "principal moments " + fmt(pm[0]) + ", " + fmt(pm[1]) + ", " + fmt(pm[2]) +
                           " violate the triangle inequality (" + fmt(pm[0]) + " + " + fmt(pm[1]) + " < " + fmt(pm[2]) +
                           ")");
    // A radius of gyration far from the body's size hints at a unit mistake (g instead of kg, mm instead of m).
    const Real gyration = std::sqrt(pm[2] / b.mass);
    if (gyration > 10 || gyration < 1e-4)
      m.warnings.push_back("body \"" + b.name + "\": radius of gyration " + fmt(gyration) + " m looks wrong (units?)");
    if (b.massCenter.norm() > 10)
      m.warnings.push_back("body \"" + b.name + "\": mass centre " + fmt(b.massCenter.norm()) +
                           " m from the body origin (units?)");
  }
  bool contactShapes = false;
  for (const BodySpec& b : m.bodies)
    for (const GeometrySpec& g : b.geometry)
      contactShapes = contactShapes || !g.material.empty() || !g.forceCurve.empty();
  if (!m.contact.enabled && contactShapes)
    m.warnings.push_back("shapes have contact materials but the model has no \"contact\" block: nothing touches");
  const Real g = m.gravity.norm();
  if (g > 0 && (g < 1 || g > 30)) m.warnings.push_back("gravity of " + fmt(g) + " m/s^2: is that intended?");
}

}  // namespace articula::model
