// describeModel / checkModelFile: `articula info` and `articula validate` as library functions.
#include "articula/model/ModelDescription.h"

#include <cmath>
#include <cstdio>
#include <set>
#include <string_view>
#include <unordered_map>

#include "articula/Counted.h"
#include "articula/Error.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelEvents.h"
#include "articula/model/ModelFile.h"

namespace articula::model {

namespace {


// printf into a string (GCC 12 has no std::format).
template <class... A>
void appendf(std::string& out, const char* format, A... args) {
  const int n = std::snprintf(nullptr, 0, format, args...);
  if (n <= 0) return;
  const std::size_t at = out.size();
  out.resize(at + static_cast<std::size_t>(n) + 1);
  std::snprintf(out.data() + at, static_cast<std::size_t>(n) + 1, format, args...);
  out.pop_back();  // snprintf's terminating zero
}

Real totalMass(const ModelSpec& m) {
  Real mass = 0;
  for (const auto& b : m.bodies) mass += b.mass;
  return mass;
}

std::string coordinateList(const JointSpec& j) {
  std::string s;
  for (const auto& c : jointCoordinates(j).q) s += (s.empty() ? "" : " ") + c.name;
  return s;
}

void appendBody(std::string& out, const BodySpec& b, std::size_t depth) {
  const std::string coords = coordinateList(b.joint);
  // Indented up to 16 levels; deeper, the level is written out (a 10^5-body chain stays 10^5 lines).
  const std::string indent = depth <= 16 ? std::string(2 * depth, ' ')
                                         : std::string(32, ' ') + "(" + std::to_string(depth) + ") ";
  const std::string geometry = b.geometry.empty() ? "" : "  " + std::to_string(b.geometry.size()) + " geometry";
  appendf(out, "  %s%s  %.4g kg  [%s \"%s\"%s%s]%s\n", indent.c_str(), b.name.c_str(), b.mass,
          nameOf(b.joint.type).c_str(), b.joint.name.c_str(), coords.empty() ? "" : ": ", coords.c_str(),
          geometry.c_str());
}

// Depth first in file order, without recursion (trees may be 10^5 deep).
void appendTree(std::string& out, const ModelSpec& m) {
  std::unordered_map<std::string_view, std::vector<std::size_t>> children;
  for (std::size_t i = 0; i < m.bodies.size(); ++i) children[m.bodies[i].joint.parent].push_back(i);
  out += "Tree (body, mass, [joint type \"name\": coordinates]):\n  ground\n";
  std::vector<std::pair<std::size_t, std::size_t>> stack;  // body, depth
  const auto pushChildren = [&](std::string_view parent, std::size_t depth) {
    const auto it = children.find(parent);
    if (it == children.end()) return;
    for (auto c = it->second.rbegin(); c != it->second.rend(); ++c) stack.push_back({*c, depth});
  };
  pushChildren("ground", 1);
  while (!stack.empty()) {
    const auto [i, depth] = stack.back();
    stack.pop_back();
    appendBody(out, m.bodies[i], depth);
    pushChildren(m.bodies[i].name, depth + 1);
  }
}

void appendHeader(std::string& out, const ModelSpec& m, const BuiltModel& built, const std::string& file) {
  const auto& matter = built.system->getMatter();
  std::size_t geometry = 0;
  for (const auto& b : m.bodies) geometry += b.geometry.size();
  appendf(out, "Model %s (%s, %s format)\n", m.name.c_str(), file.c_str(), nameOf(m.sourceFormat).c_str());
  if (!m.description.empty()) appendf(out, "  %s\n", m.description.c_str());
  appendf(out, "  %s, %s (%s), total mass %.4g kg, %s\n", counted(m.bodies.size(), "body", "bodies").c_str(),
          counted(matter.getNU(), "degree of freedom", "degrees of freedom").c_str(),
          counted(matter.getNQ(), "coordinate", "coordinates").c_str(), totalMass(m),
          counted(geometry, "geometry shape", "geometry shapes").c_str());
  appendf(out, "  gravity [%g, %g, %g] m/s^2, %s, %s\n", m.gravity[0], m.gravity[1], m.gravity[2],
          counted(m.forces.size(), "force element", "force elements").c_str(),
          counted(m.contactMaterials.size(), "contact material", "contact materials").c_str());
  if (built.contact)
    appendf(out, "  contact: %s (%s), self-contact %s, excluded joint distance %d\n",
            counted(built.contact->getNumSurfaces(), "surface", "surfaces").c_str(),
            m.contact.ground ? "with the floor" : "no floor", m.contact.selfContact ? "on" : "off",
            m.contact.excludedJointDistance);
}

void appendConstraints(std::string& out, const ModelSpec& m, const BuiltModel& built) {
  for (const auto& b : m.bodies)
    if (!b.joint.motion.empty())
      appendf(out, "Prescribed motion: joint \"%s\" (%s level)\n", b.joint.name.c_str(),
              nameOf(b.joint.motion.front().level).c_str());
  if (m.constraints.empty()) return;
  appendf(out,
          "Constraints (%zu, %s, %d independent: %s left; initial state assembled in %s, q moved by at most "
          "%.3g):\n",
          m.constraints.size(), counted(built.constraintEquations, "equation", "equations").c_str(),
          built.independentConstraintEquations,
          counted(built.system->getMatter().getNU() - built.independentConstraintEquations, "degree of freedom",
                  "degrees of freedom")
              .c_str(),
          counted(built.assemblyIterations, "iteration", "iterations").c_str(), built.assemblyChange);
  for (const auto& c : m.constraints) appendf(out, "  %s \"%s\"\n", nameOf(c.type).c_str(), c.name.c_str());
}

void appendMarkers(std::string& out, const ModelSpec& m) {
  if (m.markers.empty()) return;
  std::set<std::string> bodies;
  for (const MarkerSpec& k : m.markers) bodies.insert(k.body);
  appendf(out, "Markers: %zu on %s\n", m.markers.size(), counted(bodies.size(), "body", "bodies").c_str());
}

void appendMuscles(std::string& out, const ModelSpec& m) {
  if (m.muscles.empty()) return;
  size_t points = 0;
  for (const MuscleSpec& k : m.muscles) points += k.path.size();
  appendf(out, "Muscles: %zu paths of %s (geometry only: length, speed, moment arms; not simulated)\n",
          m.muscles.size(), counted(static_cast<long long>(points), "point", "points").c_str());
}

std::string functionText(const FunctionSpec& f) {
  std::string s = nameOf(f.type) + "(t)";
  if (hasKnots(f.type)) {
    appendf(s, " through %zu knots, t %g..%g s", f.x.size(), f.x.front(), f.x.back());
    return s;
  }
  s += " [";
  for (size_t i = 0; i < f.coefficients.size(); ++i) appendf(s, "%s%g", i ? ", " : "", f.coefficients[i]);
  return s + "]";
}

std::string limitText(const ForceSpec& f) {
  const Real limit = f.numbers.at("limit").at(0);
  std::string s;
  if (std::isfinite(limit)) appendf(s, ", |tau| <= %g", limit);
  return s;
}

// The parameters of an actuator (ForceClass::Actuator) or a coordinate limit force; "" for other forces.
std::string actuatorText(const ForceSpec& f) {
  std::string s;
  auto n = [&](const char* k) { return f.numbers.at(k).at(0); };
  switch (f.type) {
    case ForceType::JointActuator:
      appendf(s, ": body \"%s\" u %s, tau = %g * %s%s", f.bodies.at("body").c_str(), f.coordinate->c_str(), n("scale"),
              functionText(f.function.value()).c_str(), limitText(f).c_str());
      break;
    case ForceType::PdServo: {
      std::string target = "hold the initial value";
      if (f.function) target = functionText(*f.function);
      else if (f.numbers.count("target")) target = formatValue(n("target"));
      appendf(s, ": body \"%s\" q %s, kp %g, kd %g, target %s%s", f.bodies.at("body").c_str(), f.coordinate->c_str(),
              n("kp"), n("kd"), target.c_str(), limitText(f).c_str());
      break;
    }
    case ForceType::MuscleTone: {
      std::string joints;
      for (const auto& j : f.joints) joints += (joints.empty() ? "" : ", ") + j;
      appendf(s, ": stiffness %g, damping %g towards the initial posture, joints %s", n("stiffness"), n("damping"),
              joints.empty() ? "all but the roots" : joints.c_str());
      break;
    }
    case ForceType::CoordinateLimitForce:
      appendf(s, ": body \"%s\" q %s in [%g, %g], stiffness %g below / %g above, damping %g, transition %g",
              f.bodies.at("body").c_str(), f.coordinate->c_str(), n("lower"), n("upper"), n("lower_stiffness"),
              n("upper_stiffness"), n("damping"), n("transition"));
      break;
    default: break;
  }
  return s;
}

void appendScenario(std::string& out, const ScenarioSpec& s) {
  appendf(out, "Scenario: %g s, %s, %s %g, reports every %g s\n", s.duration, nameOf(s.integrator).c_str(),
          s.fixedStep > 0 ? "fixed step" : "accuracy", s.fixedStep > 0 ? s.fixedStep : s.accuracy, s.reportInterval);
  for (const auto& e : s.events) appendf(out, "  event \"%s\": %s\n", e.name.c_str(), describeEvent(e).c_str());
}

}  // namespace

std::string describeModel(const ModelSpec& m, const BuiltModel& built, const std::string& file) {
  std::string out;
  appendHeader(out, m, built, file);
  appendTree(out, m);
  if (!m.forces.empty()) out += "Forces:\n";
  for (const auto& f : m.forces)
    appendf(out, "  %s \"%s\"%s\n", nameOf(f.type).c_str(), f.name.c_str(), actuatorText(f).c_str());
  appendConstraints(out, m, built);
  appendMarkers(out, m);
  appendMuscles(out, m);
  appendScenario(out, m.scenario);
  for (const auto& w : m.warnings) appendf(out, "warning: %s\n", w.c_str());
  return out;
}

std::string describeModelFile(const std::string& file, const LoadOptions& load) {
  const ModelSpec m = loadModelFile(file, load);
  return describeModel(m, buildModel(m, file), file);
}

ModelCheck checkModel(const ModelSpec& m, const BuiltModel& built) {
  ModelCheck c;
  c.bodies = m.bodies.size();
  c.constraints = m.constraints.size();
  c.degreesOfFreedom = built.system->getMatter().getNU();
  c.constraintEquations = built.constraintEquations;
  c.mass = totalMass(m);
  c.warnings = m.warnings;
  return c;
}

ModelCheck checkModelFile(const std::string& file, const LoadOptions& load) {
  const ModelSpec m = loadModelFile(file, load);
  return checkModel(m, buildModel(m, file));
}

}  // namespace articula::model
