#include "articula/io/ModelValidation.h"

#include <Eigen/Eigenvalues>
#include <cstdio>
#include <set>

#include "articula/io/ModelError.h"

namespace articula::io {

namespace {
std::string bodyPath(size_t i, const char* field) { return "/bodies/" + std::to_string(i) + "/" + field; }

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
  std::set<std::string> jointNames;
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const JointSpec& j = m.bodies[i].joint;
    if (!jointNames.insert(j.name).second)
      throw ModelError(file, bodyPath(i, "joint/name"), "\"" + j.name + "\"", "duplicate joint name");
    if (j.parent == m.bodies[i].name)
      throw ModelError(file, bodyPath(i, "joint/parent"), "\"" + j.parent + "\"", "a body cannot be its own parent");
    if (j.parent != "ground" && m.findBody(j.parent) < 0)
      throw ModelError(file, bodyPath(i, "joint/parent"), "\"" + j.parent + "\"", "no body of this name (nor \"ground\")");
  }
  // Walk each body's chain towards ground; more steps than bodies means a loop.
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    int b = static_cast<int>(i);
    for (size_t steps = 0; b >= 0; ++steps) {
      if (steps > m.bodies.size())
        throw ModelError(file, bodyPath(i, "joint/parent"), "\"" + m.bodies[i].joint.parent + "\"",
                         "the joints form a loop that never reaches ground (a tree is required; close loops with constraints)");
      const std::string& p = m.bodies[b].joint.parent;
      b = p == "ground" ? -1 : m.findBody(p);
    }
  }
}

void checkModelPhysics(ModelSpec& m, const std::string& file) {
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    const BodySpec& b = m.bodies[i];
    const Vec3 pm = principalMoments(b.inertia);
    const std::string value = fmt(b.inertia(0, 0)) + ", " + fmt(b.inertia(1, 1)) + ", " + fmt(b.inertia(2, 2));
    if (!(pm[0] > 0))
      throw ModelError(file, bodyPath(i, "inertia"), value,
                       "not positive definite (principal moments " + fmt(pm[0]) + ", " + fmt(pm[1]) + ", " + fmt(pm[2]) + " kg m^2)");
    if (pm[0] + pm[1] < pm[2] * (1 - 1e-9))
      throw ModelError(file, bodyPath(i, "inertia"), value,
                       "principal moments " + fmt(pm[0]) + ", " + fmt(pm[1]) + ", " + fmt(pm[2]) +
                           " violate the triangle inequality (" + fmt(pm[0]) + " + " + fmt(pm[1]) + " < " + fmt(pm[2]) + ")");
    // A radius of gyration far from the body's size hints at a unit mistake (g instead of kg, mm instead of m).
    const Real gyration = std::sqrt(pm[2] / b.mass);
    if (gyration > 10 || gyration < 1e-4)
      m.warnings.push_back("body \"" + b.name + "\": radius of gyration " + fmt(gyration) + " m looks wrong (units?)");
    if (b.massCenter.norm() > 10)
      m.warnings.push_back("body \"" + b.name + "\": mass centre " + fmt(b.massCenter.norm()) + " m from the body origin (units?)");
  }
  bool contactShapes = false;
  for (const BodySpec& b : m.bodies)
    for (const GeometrySpec& g : b.geometry) contactShapes = contactShapes || !g.material.empty() || !g.forceCurve.empty();
  if (!m.contact.enabled && contactShapes)
    m.warnings.push_back("shapes have contact materials but the model has no \"contact\" block: nothing touches");
  const Real g = m.gravity.norm();
  if (g > 0 && (g < 1 || g > 30)) m.warnings.push_back("gravity of " + fmt(g) + " m/s^2: is that intended?");
}

}  // namespace articula::io
