// OpenSim coordinate forces and actuators (OsimForces.h). Sources of the laws, all in
// opensim-core: OpenSim/Simulation/Model/CoordinateLimitForce.cpp (calcLimitForce),
// OpenSim/Actuators/SpringGeneralizedForce.cpp (f = −stiffness (q − rest_length) − viscosity q̇),
// OpenSim/Actuators/CoordinateActuator.cpp (f = optimal_force × control).
#include "OsimForces.h"

#include <cmath>
#include <numbers>
#include <sstream>

#include "OsimFunctions.h"

namespace articula::model::osim {
namespace {

constexpr Real kDegree = std::numbers::pi / 180;

const Coordinate& coordinateOf(const Context& c, const XMLElement* el) {
  const std::string name = text(el, "coordinate");
  const auto k = c.coordinates.find(name.substr(name.find_last_of('/') + 1));
  if (name.empty() || k == c.coordinates.end()) failAt(c, el, "coordinate", "names no coordinate of the model");
  return k->second;
}

// The body the coordinate's joint moves, and the coordinate's Articula name in that joint.
ForceSpec onCoordinate(const Context& c, const XMLElement* el, ForceType type, const Coordinate& k) {
  ForceSpec f;
  f.type = type;
  f.name = nameOf(c, el);
  for (const BodySpec& b : c.m.bodies)
    if (b.joint.name == k.joint) f.bodies["body"] = b.name;
  if (!f.bodies.count("body")) failAt(c, el, "coordinate", "its joint moves no body");
  f.coordinate = k.name;
  return f;
}

Real nonNegative(const Context& c, const XMLElement* el, const char* name, Real fallback) {
  const Real v = scalar(c, el, name, fallback);
  if (v < 0) failAt(c, el, name, "must not be negative");
  return v;
}

// Simbody's Step of OpenSim's limits is undefined for a transition of 0 and its damping divides
// by the stiffness, so both must be positive.
Real positive(const Context& c, const XMLElement* el, const char* name, Real fallback) {
  const Real v = scalar(c, el, name, fallback);
  if (!(v > 0)) failAt(c, el, name, "must be positive");
  return v;
}

void limitForce(Context& c, const XMLElement* el) {
  const Coordinate& k = coordinateOf(c, el);
  ForceSpec f = onCoordinate(c, el, ForceType::CoordinateLimitForce, k);
  // OpenSim's defaults (CoordinateLimitForce::constructProperties).
  const Real w = isRotational(c, k) ? kDegree : 1;
  const Real upper = scalar(c, el, "upper_limit", 0), lower = scalar(c, el, "lower_limit", 0);
  if (lower > upper) failAt(c, el, "lower_limit", "above upper_limit " + text(el, "upper_limit"));
  f.numbers["upper"] = {upper * w};
  f.numbers["lower"] = {lower * w};
  f.numbers["upper_stiffness"] = {positive(c, el, "upper_stiffness", 1) / w};
  f.numbers["lower_stiffness"] = {positive(c, el, "lower_stiffness", 1) / w};
  f.numbers["damping"] = {nonNegative(c, el, "damping", 0.001) / w};
  f.numbers["transition"] = {positive(c, el, "transition", 0.1) * w};
  c.m.forces.push_back(std::move(f));
}

void spring(Context& c, const XMLElement* el) {
  const Coordinate& k = coordinateOf(c, el);
  ForceSpec s = onCoordinate(c, el, ForceType::MobilityLinearSpring, k);
  s.numbers["stiffness"] = {nonNegative(c, el, "stiffness", 0)};
  s.numbers["rest"] = {scalar(c, el, "rest_length", 0)};
  const Real viscosity = nonNegative(c, el, "viscosity", 0);
  c.m.forces.push_back(s);
  if (viscosity == 0) return;
  ForceSpec d = onCoordinate(c, el, ForceType::MobilityLinearDamper, k);
  d.name += " viscosity";
  d.numbers["damping"] = {viscosity};
  c.m.forces.push_back(std::move(d));
}

void actuator(Context& c, const XMLElement* el) {
  const Coordinate& k = coordinateOf(c, el);
  ForceSpec f = onCoordinate(c, el, ForceType::JointActuator, k);
  const Real optimal = scalar(c, el, "optimal_force", 1);
  const Real lo = scalar(c, el, "min_control", -INFINITY), hi = scalar(c, el, "max_control", INFINITY);
  if (lo > hi) failAt(c, el, "min_control", "above max_control " + text(el, "max_control"));
  FunctionSpec zero;  // the control: 0 without a controller
  zero.type = FunctionType::Constant;
  zero.coefficients = {0};
  zero.args = {"t"};
  f.function = zero;
  f.numbers["scale"] = {optimal};
  f.numbers["limit"] = {INFINITY};
  c.m.forces.push_back(std::move(f));
}

// OpenSim 4.x's CustomJoint rule: an axis whose function is a LinearFunction of slope ±1 makes the
// coordinate Rotational (rotation1..3) or Translational (translation1..3), the last such axis
// deciding; any other function makes it Coupled unless an axis already decided.
bool customRotational(const XMLElement* joint, const std::string& name) {
  const XMLElement* st = child(joint, "SpatialTransform");
  enum { Undefined, Rotational, Translational, Coupled } mt = Undefined;
  int j = 0;
  for (const XMLElement* a = st ? st->FirstChildElement("TransformAxis") : nullptr; a;
       a = a->NextSiblingElement("TransformAxis"), ++j) {
    std::istringstream names(text(a, "coordinates"));
    std::string word;
    bool listed = false;
    while (names >> word) listed = listed || word == name;
    if (!listed) continue;
    const XMLElement* holder = child(a, "function");
    const XMLElement* fn = functionElement(holder ? holder : a);
    const std::string slope = fn && std::string(fn->Name()) == "LinearFunction" ? text(fn, "coefficients") : "";
    const Real s = slope.empty() ? 0 : std::strtod(slope.c_str(), nullptr);
    if (std::abs(s) == 1) mt = j < 3 ? Rotational : Translational;
    else if (mt == Undefined) mt = Coupled;
  }
  return mt == Rotational;
}

}  // namespace

bool isRotational(const Context& /*c*/, const Coordinate& k) {
  const XMLElement* holder = k.el->Parent() ? k.el->Parent()->ToElement() : nullptr;
  const XMLElement* joint = holder && holder->Parent() ? holder->Parent()->ToElement() : nullptr;
  if (!joint) return true;
  const std::string tag = joint->Name();
  int index = 0;
  for (const XMLElement* e = holder->FirstChildElement("Coordinate"); e && e != k.el;
       e = e->NextSiblingElement("Coordinate"))
    ++index;
  if (tag == "SliderJoint") return false;
  if (tag == "FreeJoint") return index < 3;
  if (tag == "PlanarJoint") return index == 0;
  if (tag == "CustomJoint") return customRotational(joint, k.name);
  return true;  // Pin, Universal, Gimbal, Ball: rotations only
}

bool readForce(Context& c, const XMLElement* el) {
  const std::string tag = el->Name();
  const bool known = tag == "CoordinateLimitForce" || tag == "SpringGeneralizedForce" || tag == "CoordinateActuator" ||
                     tag == "TorqueActuator" || tag == "PointActuator";
  if (!known) return false;
  if (!flag(c, el, "appliesForce", true)) {
    c.report.note("<" + tag + "> not applied (appliesForce false)", el);
    return true;
  }
  if (tag == "CoordinateLimitForce") limitForce(c, el);
  else if (tag == "SpringGeneralizedForce") spring(c, el);
  else if (tag == "CoordinateActuator") actuator(c, el);
  else
    c.report.note("<" + tag + "> (actuator without a controller: its control is 0, it exerts nothing; not represented)",
                  el);
  return true;
}

}  // namespace articula::model::osim
