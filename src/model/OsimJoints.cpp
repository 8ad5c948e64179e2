// OpenSim joints and their coordinates (OsimJoints.h).
#include "OsimJoints.h"

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "OsimFrames.h"
#include "OsimFunctions.h"

namespace articula::model::osim {
namespace {

Coordinate readCoordinate(Context& c, const XMLElement* el, const std::string& joint) {
  Coordinate k;
  k.el = el;
  k.name = nameOf(c, el);
  k.joint = joint;
  if (c.coordinates.count(k.name)) c.xml.fail(el, describe(el), k.name, "a second coordinate of this name");
  k.value = scalar(c, el, "default_value", 0);
  k.speed = scalar(c, el, "default_speed_value", 0);
  const std::vector<Real> range = numbers(c, el, "range", 2, 2, {-1e300, 1e300});
  k.lower = range[0];
  k.upper = range[1];
  if (!(k.lower <= k.upper)) failAt(c, el, "range", "the lower end must not exceed the upper");
  k.clamped = flag(c, el, "clamped", false);
  k.locked = flag(c, el, "locked", false);
  k.prescribed = flag(c, el, "prescribed", false);
  return k;
}

std::vector<Coordinate> readCoordinates(Context& c, const XMLElement* joint, const std::string& name) {
  std::vector<Coordinate> list;
  const XMLElement* set = c.opensim3() ? child(joint, "CoordinateSet") : nullptr;  // OpenSim 3
  const XMLElement* holder = set ? child(set, "objects") : child(joint, "coordinates");
  for (const XMLElement* e = holder ? holder->FirstChildElement() : nullptr; e; e = e->NextSiblingElement()) {
    if (std::string(e->Name()) != "Coordinate") c.xml.fail(e, describe(e), e->Name(), "expected <Coordinate>");
    list.push_back(readCoordinate(c, e, name));
  }
  return list;
}

FunctionSpec identity(const std::string& coordinate) {
  FunctionSpec f;
  f.type = FunctionType::Linear;
  f.coefficients = {1, 0};
  f.args = {coordinate};
  return f;
}

// One TransformAxis: which slot (0-2 rotations, 3-5 translations), its axis and function.
void readTransformAxis(const Context& c, const XMLElement* ta, const std::vector<Coordinate>& coords,
                       FunctionBasedSpec& f) {
  static const char* slots[] = {"rotation1", "rotation2", "rotation3", "translation1", "translation2", "translation3"};
  const std::string name = ta->Attribute("name") ? ta->Attribute("name") : "";
  int slot = -1;
  for (int i = 0; i < 6; ++i)
    if (name == slots[i]) slot = i;
  if (slot < 0) c.xml.fail(ta, describe(ta), name, "expected rotation1..3 or translation1..3");
  Vec3 axis = vec3(c, ta, "axis", Vec3::Zero());
  if (!(axis.norm() > 1e-12)) failAt(c, ta, "axis", "the axis must not be zero");
  axis.normalize();
  std::istringstream in(text(ta, "coordinates"));
  std::vector<std::string> args;
  for (std::string w; in >> w;) args.push_back(w);
  if (args.size() > 1) failAt(c, ta, "coordinates", "a function of several coordinates is not supported yet");
  for (const std::string& a : args) {
    bool found = false;
    for (const Coordinate& k : coords) found = found || k.name == a;
    if (!found) failAt(c, ta, "coordinates", "not a coordinate of this joint");
  }
  const XMLElement* fn = functionElement(ta);
  std::optional<FunctionSpec> spec;
  if (fn) spec = readFunction(c, fn, args.empty() ? (coords.empty() ? "" : coords[0].name) : args[0]);
  if (spec && args.empty() && spec->type != FunctionType::Constant)
    c.xml.fail(fn, describe(fn), fn->Name(), "a function of no coordinate must be a Constant");
  if (spec && isZero(*spec)) spec.reset();
  if (slot < 3) {
    f.rotationAxes[static_cast<size_t>(slot)] = axis;
    f.rotations[static_cast<size_t>(slot)] = spec;
  } else {
    f.translationAxes[static_cast<size_t>(slot - 3)] = axis;
    f.translations[static_cast<size_t>(slot - 3)] = spec;
  }
}

FunctionBasedSpec customFunctions(const Context& c, const XMLElement* joint, const std::vector<Coordinate>& coords) {
  const XMLElement* st = child(joint, "SpatialTransform");
  if (!st) c.xml.fail(joint, describe(joint), "", "a CustomJoint needs a <SpatialTransform>");
  FunctionBasedSpec f;
  for (const XMLElement* ta = st->FirstChildElement("TransformAxis"); ta; ta = ta->NextSiblingElement("TransformAxis"))
    readTransformAxis(c, ta, coords, f);
  return f;
}

// A standard joint's motions: {rotation?, axis index x=0 y=1 z=2} per coordinate, in order.
struct Motion {
  bool rotation;
  int axis;
};

const std::vector<Motion>* standardMotions(const std::string& tag) {
  static const std::map<std::string, std::vector<Motion>> table{
      {"PinJoint", {{true, 2}}},
      {"SliderJoint", {{false, 0}}},
      {"UniversalJoint", {{true, 0}, {true, 1}}},
      {"GimbalJoint", {{true, 0}, {true, 1}, {true, 2}}},
      {"BallJoint", {{true, 0}, {true, 1}, {true, 2}}},
      {"FreeJoint", {{true, 0}, {true, 1}, {true, 2}, {false, 0}, {false, 1}, {false, 2}}},
      {"PlanarJoint", {{true, 2}, {false, 0}, {false, 1}}}};
  const auto it = table.find(tag);
  return it == table.end() ? nullptr : &it->second;
}

FunctionBasedSpec standardFunctions(const Context& c, const XMLElement* joint, const std::vector<Motion>& motions,
                                    const std::vector<Coordinate>& coords) {
  if (coords.size() != motions.size())
    c.xml.fail(joint, describe(joint), std::to_string(coords.size()) + " coordinates",
               "a " + std::string(joint->Name()) + " has " + std::to_string(motions.size()) + " coordinates");
  FunctionBasedSpec f;
  size_t rotations = 0, translations = 0;
  for (size_t i = 0; i < motions.size(); ++i) {
    const size_t slot = motions[i].rotation ? rotations++ : translations++;
    auto& axes = motions[i].rotation ? f.rotationAxes : f.translationAxes;
    auto& fns = motions[i].rotation ? f.rotations : f.translations;
    axes[slot] = Vec3::Unit(motions[i].axis);
    fns[slot] = identity(coords[i].name);
  }
  return f;
}

FunctionSpec sines(FunctionType type, std::vector<Real> k, std::vector<std::string> args) {
  FunctionSpec f;
  f.type = type;
  f.coefficients = std::move(k);
  f.args = std::move(args);
  return f;
}

// Simbody's MobilizedBody::Ellipsoid with Euler angles (as OpenSim builds it): R_FM = body-fixed
// x-y-z rotations by q0, q1, q2, and M's origin at diag(radii) times M's z axis in F,
// (a sin q1, -b sin q0 cos q1, c cos q0 cos q1) — sines and products of sines, exact.
FunctionBasedSpec ellipsoidFunctions(const Context& c, const XMLElement* joint, const std::vector<Coordinate>& coords) {
  const std::vector<Motion> rotations{{true, 0}, {true, 1}, {true, 2}};
  FunctionBasedSpec f = standardFunctions(c, joint, rotations, coords);
  const Vec3 r = vec3(c, joint, "radii_x_y_z", Vec3::Zero());
  if (!child(joint, "radii_x_y_z")) failAt(c, joint, "radii_x_y_z", "an EllipsoidJoint needs its radii");
  const std::string& q0 = coords[0].name;
  const std::string& q1 = coords[1].name;
  const Real halfPi = std::acos(Real(-1)) / 2;
  f.translations[0] = sines(FunctionType::Sinusoid, {r[0], 1, 0, 0}, {q1});
  f.translations[1] = sines(FunctionType::SineProduct, {-r[1], 1, 0, 1, halfPi}, {q0, q1});
  f.translations[2] = sines(FunctionType::SineProduct, {r[2], 1, halfPi, 1, halfPi}, {q0, q1});
  return f;
}

// The coordinate list and which are angles (used by a rotation).
void setCoordinates(FunctionBasedSpec& f, const std::vector<Coordinate>& coords) {
  for (const Coordinate& k : coords) {
    f.coordinates.push_back(k.name);
    bool angular = false;
    for (const auto& r : f.rotations) angular = angular || (r && r->args.size() == 1 && r->args[0] == k.name);
    f.angular.push_back(angular);
  }
}

}  // namespace

namespace {

// An OpenSim 3 joint's frames: X_PF on parent_body by location_in_parent and orientation_in_parent,
// X_BM on the body holding the joint by location and orientation (body-fixed X-Y-Z angles).
std::pair<PlacedFrame, PlacedFrame> opensim3Frames(Context& c, const XMLElement* el, const std::string& body) {
  if (body.empty()) c.xml.fail(el, describe(el), "", "an OpenSim 3 joint belongs inside its child <Body>");
  if (flag(c, el, "reverse", false))
    failAt(c, el, "reverse", "a reversed joint (child to parent) is not supported yet");
  std::string parent = text(el, "parent_body");
  if (parent.empty()) failAt(c, el, "parent_body", "missing <parent_body>");
  if (parent != "ground" && !c.bodies.count(parent)) failAt(c, el, "parent_body", "names no body of the BodySet");
  const auto frame = [&](const char* location, const char* orientation) {
    return Transform(Rotation::bodyFixedXYZ(vec3(c, el, orientation, Vec3::Zero())),
                     vec3(c, el, location, Vec3::Zero()));
  };
  static const std::set<std::string> read{"parent_body", "location_in_parent", "orientation_in_parent", "location",
                                          "orientation", "CoordinateSet",      "SpatialTransform",      "reverse",
                                          "radii_x_y_z"};
  for (const XMLElement* e = el->FirstChildElement(); e; e = e->NextSiblingElement())
    if (!read.count(e->Name())) c.report.note(std::string("<") + e->Name() + "> (OpenSim 3 joint property)", e);
  return {{parent, frame("location_in_parent", "orientation_in_parent")}, {body, frame("location", "orientation")}};
}

}  // namespace

void readJoint(Context& c, const XMLElement* el, const std::string& opensim3Body) {
  const std::string name = nameOf(c, el), tag = el->Name();
  const auto [parent, child] = c.opensim3() ? opensim3Frames(c, el, opensim3Body)
                                            : std::pair{socketFrame(c, el, el, "socket_parent_frame"),
                                                        socketFrame(c, el, el, "socket_child_frame")};
  if (child.body == "ground")
    failAt(c, el, "socket_child_frame", "a joint whose child is the ground (reversed) is not supported yet");
  BodySpec& b = c.bodies.at(child.body);
  if (!b.joint.parent.empty())
    failAt(c, el, "socket_child_frame", "body '" + child.body + "' already has a joint (a closed loop)");
  if (parent.body == child.body) failAt(c, el, "socket_parent_frame", "the parent and child are the same body");
  const std::vector<Coordinate> coords = readCoordinates(c, el, name);
  JointSpec& j = b.joint;
  j.name = name;
  j.parent = parent.body;
  j.parentFrame = frameOf(parent.X_BF);
  j.childFrame = frameOf(child.X_BF);
  j.source = "line " + std::to_string(el->GetLineNum());
  if (tag == "WeldJoint") {
    if (!coords.empty()) c.xml.fail(el, describe(el), std::to_string(coords.size()), "a WeldJoint has no coordinates");
    j.type = JointType::Weld;
  } else {
    const std::vector<Motion>* motions = standardMotions(tag);
    if (tag != "CustomJoint" && tag != "EllipsoidJoint" && !motions)
      c.xml.fail(el, describe(el), tag,
                 "joint type not supported yet (CustomJoint, PinJoint, SliderJoint, UniversalJoint, GimbalJoint, "
                 "BallJoint, EllipsoidJoint, FreeJoint, PlanarJoint, WeldJoint)");
    if (coords.empty()) c.xml.fail(el, describe(el), "", "a joint with motion needs at least one <Coordinate>");
    j.type = JointType::FunctionBased;
    j.functions = motions                ? standardFunctions(c, el, *motions, coords)
                  : tag == "CustomJoint" ? customFunctions(c, el, coords)
                                         : ellipsoidFunctions(c, el, coords);
    setCoordinates(j.functions, coords);
  }
  for (const Coordinate& k : coords) {
    c.coordinates[k.name] = k;
    c.coordinateOrder.push_back(k.name);
  }
}

}  // namespace articula::model::osim
