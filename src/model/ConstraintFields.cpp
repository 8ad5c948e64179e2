// Constraint types of the model format: field table, reader and writer (ConstraintFields.h).
#include "ConstraintFields.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "FunctionFields.h"
#include "ReadHelpers.h"
#include "articula/model/JointTypes.h"

namespace articula::model {

using nlohmann::json;

const std::vector<ConstraintTypeInfo>& constraintTypes() {
  using K = ConstraintField;
  const double halfPi = 1.57079632679489661923;
  static const std::vector<ConstraintTypeInfo> types{
      {ConstraintType::Rod,
       "rod",
       {{"body1", K::Body, true},
        {"station1", K::Station, false},
        {"body2", K::Body, true},
        {"station2", K::Station, false},
        {"length", K::Length, true}}},
      {ConstraintType::Ball,
       "ball",
       {{"body1", K::Body, true},
        {"station1", K::Station, false},
        {"body2", K::Body, true},
        {"station2", K::Station, false}}},
      {ConstraintType::Weld,
       "weld",
       {{"body1", K::Body, true}, {"frame1", K::Frame, false}, {"body2", K::Body, true}, {"frame2", K::Frame, false}}},
      {ConstraintType::ConstantOrientation,
       "constant_orientation",
       {{"body1", K::Body, true}, {"frame1", K::Frame, false}, {"body2", K::Body, true}, {"frame2", K::Frame, false}}},
      {ConstraintType::PointInPlane,
       "point_in_plane",
       {{"plane_body", K::Body, true},
        {"normal", K::Direction, true},
        {"height", K::Scalar, false},
        {"follower_body", K::Body, true},
        {"station", K::Station, false}}},
      {ConstraintType::PointOnLine,
       "point_on_line",
       {{"line_body", K::Body, true},
        {"direction", K::Direction, true},
        {"point", K::Station, false},
        {"follower_body", K::Body, true},
        {"station", K::Station, false}}},
      {ConstraintType::ConstantAngle,
       "constant_angle",
       {{"body1", K::Body, true},
        {"axis1", K::Direction, true},
        {"body2", K::Body, true},
        {"axis2", K::Direction, true},
        {"angle", K::Angle, false, halfPi}}},
      {ConstraintType::ConstantSpeed,
       "constant_speed",
       {{"coordinate", K::UCoordinate, true}, {"speed", K::Scalar, true}}},
      {ConstraintType::ConstantAcceleration,
       "constant_acceleration",
       {{"coordinate", K::UCoordinate, true}, {"acceleration", K::Scalar, true}}},
      {ConstraintType::CoordinateCoupler, "coordinate_coupler", {{"function", K::QFunction, true}}},
      {ConstraintType::SpeedCoupler, "speed_coupler", {{"function", K::UFunction, true}}},
      {ConstraintType::PrescribedMotion,
       "prescribed_motion",
       {{"coordinate", K::QCoordinate, true}, {"function", K::TimeFunction, true}}},
      {ConstraintType::NoSlip1D,
       "no_slip_1d",
       {{"case_body", K::Body, true},
        {"point", K::Station, false},
        {"direction", K::Direction, true},
        {"body1", K::Body, true},
        {"body2", K::Body, true}}},
      {ConstraintType::SphereOnPlane,
       "sphere_on_plane",
       {{"plane_body", K::Body, true},
        {"plane_frame", K::Frame, false},
        {"sphere_body", K::Body, true},
        {"center", K::Station, false},
        {"radius", K::Length, true},
        {"no_slip", K::Bool, false}}},
      {ConstraintType::SphereOnSphere,
       "sphere_on_sphere",
       {{"body1", K::Body, true},
        {"center1", K::Station, false},
        {"radius1", K::Length, true},
        {"body2", K::Body, true},
        {"center2", K::Station, false},
        {"radius2", K::Length, true},
        {"no_slip", K::Bool, false}}},
      {ConstraintType::DiskOnPlane,
       "disk_on_plane",
       {{"plane_body", K::Body, true},
        {"plane_frame", K::Frame, false},
        {"disk_body", K::Body, true},
        {"center", K::Station, false},
        {"axle", K::Direction, true},
        {"radius", K::Length, true},
        {"no_slip", K::Bool, false}}},
      {ConstraintType::LineOnLine,
       "line_on_line",
       {{"body1", K::Body, true},
        {"point1", K::Station, false},
        {"direction1", K::Direction, true},
        {"body2", K::Body, true},
        {"point2", K::Station, false},
        {"direction2", K::Direction, true}}},
  };
  return types;
}

const ConstraintTypeInfo& constraintTypeInfo(ConstraintType type) {
  for (const auto& t : constraintTypes())
    if (t.type == type) return t;
  throw std::logic_error("a constraint type without an entry in constraintTypes()");
}

template <>
const std::vector<KindName<ConstraintType>>& kindTable<ConstraintType>() {
  static const std::vector<KindName<ConstraintType>> table = [] {
    std::vector<KindName<ConstraintType>> t;
    for (const auto& c : constraintTypes()) t.push_back({c.type, c.name});
    return t;
  }();
  return table;
}

bool resolveCoordinate(const ModelSpec& m, const std::string& name, bool isU, int& body, int& index,
                       std::string& problem) {
  const size_t dot = name.rfind('.');
  if (dot == std::string::npos) {
    problem = "coordinate names are \"joint.coordinate\"";
    return false;
  }
  const std::string joint = name.substr(0, dot), coord = name.substr(dot + 1);
  body = -1;
  for (size_t i = 0; i < m.bodies.size(); ++i)
    if (m.bodies[i].joint.name == joint) body = static_cast<int>(i);
  if (body < 0) {
    problem = "no joint named \"" + joint + "\"";
    return false;
  }
  const JointSpec& j = m.bodies[body].joint;
  const JointCoordinates jc = jointCoordinates(j);
  const auto& names = isU ? jc.u : jc.q;
  std::string list;
  index = -1;
  for (size_t k = 0; k < names.size(); ++k) {
    list += (list.empty() ? "" : ", ") + names[k].name;
    if (names[k].name == coord) index = static_cast<int>(k);
  }
  if (index < 0) {
    problem = "joint \"" + joint + "\" (" + nameOf(j.type) + ") has no " + (isU ? "speed" : "coordinate") + " \"" +
              coord + "\"" + (list.empty() ? " (it has none)" : " (" + list + ")");
    return false;
  }
  if (!isU && jc.quaternion) {
    if (index < 3) {
      problem = "joint \"" + joint + "\"'s orientation is a quaternion: \"" + coord +
                "\" is not a coordinate a constraint can use";
      return false;
    }
    index += 1;  // after the 4 quaternion entries
  }
  return true;
}

namespace {

const char* const kGround = "ground";

std::vector<std::string> allCoordinateNames(const ModelSpec& m, bool isU) {
  std::vector<std::string> names;
  for (const BodySpec& b : m.bodies) {
    const JointCoordinates jc = jointCoordinates(b.joint);
    for (const auto& c : isU ? jc.u : jc.q) names.push_back(b.joint.name + "." + c.name);
  }
  return names;
}

void readCoordinateField(const JsonNode& v, const ModelSpec& m, bool isU) {
  int body = -1, index = -1;
  std::string problem;
  if (!resolveCoordinate(m, v.string(), isU, body, index, problem)) v.fail(problem);
}

FunctionSpec readConstraintFunction(const JsonNode& node, const ModelSpec& m, ConstraintField kind) {
  node.requireObject();
  const JsonNode args = node.at("args");
  for (size_t i = 0; i < args.size(); ++i) {
    const JsonNode a = args[i];
    if (kind == ConstraintField::TimeFunction) {
      if (a.string() != "t") a.fail("a prescribed motion is a function of time: its args are [\"t\"]");
    } else {
      readCoordinateField(a, m, kind == ConstraintField::UFunction);
    }
  }
  std::vector<std::string> allowed{"t"};
  if (kind != ConstraintField::TimeFunction) allowed = allCoordinateNames(m, kind == ConstraintField::UFunction);
  return readFunction(node, allowed);
}

void readValue(const JsonNode& node, const ConstraintFieldInfo& fi, const ModelSpec& m, ConstraintSpec& c) {
  using K = ConstraintField;
  const std::string key = fi.name;
  if (fi.kind == K::Angle) {
    const auto si = node.get(key), deg = node.get(key + "_deg");
    if (si && deg) deg->fail("give \"" + key + "\" or \"" + key + "_deg\", not both");
    c.numbers[key] = {si ? si->number() : deg ? deg->number() * kDegree : fi.defaultValue};
    if (!(c.numbers[key][0] > 0 && c.numbers[key][0] < 3.14159265358979323846))
      (si ? *si : *deg).fail("the angle must lie strictly between 0 and 180 degrees");
    return;
  }
  const auto v = node.get(key);
  if (!v) {
    if (fi.required) node.at(key);  // throws: missing required field
    if (fi.kind == K::Station) c.numbers[key] = {0, 0, 0};
    if (fi.kind == K::Scalar || fi.kind == K::Bool) c.numbers[key] = {fi.defaultValue};
    if (fi.kind == K::Frame) {
      c.numbers[key + ".position"] = {0, 0, 0};
      c.numbers[key + ".orientation"] = {1, 0, 0, 0};
    }
    return;
  }
  switch (fi.kind) {
    case K::Body: {
      const std::string b = v->string();
      if (b != kGround && m.findBody(b) < 0) v->fail("no body of this name (nor \"ground\")");
      c.bodies[key] = b;
      break;
    }
    case K::Station: {
      const Vec3 x = v->vec3();
      c.numbers[key] = {x[0], x[1], x[2]};
      break;
    }
    case K::Direction: {
      const Vec3 x = readUnitAxis(*v);
      c.numbers[key] = {x[0], x[1], x[2]};
      break;
    }
    case K::Frame: {
      const FrameSpec f = readFrame(*v);
      const Vec4 q = f.orientation.asVec4();
      c.numbers[key + ".position"] = {f.position[0], f.position[1], f.position[2]};
      c.numbers[key + ".orientation"] = {q[0], q[1], q[2], q[3]};
      break;
    }
    case K::Length: c.numbers[key] = {v->positive()}; break;
    case K::Scalar: c.numbers[key] = {v->number()}; break;
    case K::Bool: c.numbers[key] = {v->boolean() ? 1.0 : 0.0}; break;
    case K::QCoordinate:
    case K::UCoordinate:
      readCoordinateField(*v, m, fi.kind == K::UCoordinate);
      c.coordinates[key] = v->string();
      break;
    case K::QFunction:
    case K::UFunction:
    case K::TimeFunction: c.function = {readConstraintFunction(*v, m, fi.kind)}; break;
    case K::Angle: break;
  }
}

}  // namespace

ConstraintSpec readConstraint(const JsonNode& node, const ModelSpec& m, size_t index) {
  node.requireObject();
  const JsonNode type = node.at("type");
  const auto kind = kindNamed<ConstraintType>(type.string());
  if (!kind) type.fail("unknown constraint type (known: " + kindList<ConstraintType>() + ")");
  const ConstraintTypeInfo* info = &constraintTypeInfo(*kind);
  ConstraintSpec c;
  c.type = *kind;
  c.name = node.get("name") ? node.at("name").string() : nameOf(c.type) + std::to_string(index);
  for (const std::string& key : node.keys()) {
    if (key == "type" || key == "name") continue;
    const bool known = std::any_of(info->fields.begin(), info->fields.end(), [&](const ConstraintFieldInfo& fi) {
      return key == fi.name || (fi.kind == ConstraintField::Angle && key == std::string(fi.name) + "_deg");
    });
    if (!known) node.at(key).fail("unknown field \"" + key + "\" for a " + nameOf(c.type) + " constraint");
  }
  for (const ConstraintFieldInfo& fi : info->fields) readValue(node, fi, m, c);
  // Two roles on one body constrain nothing (or everything): the library refuses it too.
  std::vector<std::string> bodies;
  for (const auto& [role, b] : c.bodies) bodies.push_back(b);
  std::sort(bodies.begin(), bodies.end());
  if (c.type != ConstraintType::NoSlip1D && std::adjacent_find(bodies.begin(), bodies.end()) != bodies.end())
    node.fail("a " + nameOf(c.type) + " constraint needs two different bodies");
  return c;
}

json writeConstraint(const ConstraintSpec& c) {
  using K = ConstraintField;
  json j{{"type", nameOf(c.type)}, {"name", c.name}};
  for (const ConstraintFieldInfo& fi : constraintTypeInfo(c.type).fields) {
    const std::string key = fi.name;
    const auto num = c.numbers.find(key);
    switch (fi.kind) {
      case K::Body: j[key] = c.bodies.at(key); break;
      case K::Station:
      case K::Direction: j[key] = num->second; break;
      case K::Frame:
        j[key] = {{"position", c.numbers.at(key + ".position")},
                  {"orientation", {{"quaternion", c.numbers.at(key + ".orientation")}}}};
        break;
      case K::Length:
      case K::Scalar:
      case K::Angle: j[key] = num->second[0]; break;
      case K::Bool: j[key] = num->second[0] != 0; break;
      case K::QCoordinate:
      case K::UCoordinate: j[key] = c.coordinates.at(key); break;
      case K::QFunction:
      case K::UFunction:
      case K::TimeFunction: j[key] = writeFunction(c.function.at(0)); break;
    }
  }
  return j;
}

std::vector<std::string> readHeldCoordinates(const JsonNode& node, const ModelSpec& m) {
  std::vector<std::string> names;
  for (size_t i = 0; i < node.size(); ++i) {
    readCoordinateField(node[i], m, false);
    names.push_back(node[i].string());
  }
  return names;
}

MotionSpec readJointMotion(const JsonNode& node, const JointSpec& joint) {
  node.allowOnly({"level", "functions"});
  MotionSpec s;
  if (auto l = node.get("level")) s.level = readKindName<MotionLevel>(*l);
  const JointCoordinates jc = jointCoordinates(joint);
  const JsonNode fns = node.at("functions");
  if (fns.size() != jc.u.size())
    fns.fail("needs one function of time per mobility of the " + nameOf(joint.type) + " joint (" +
             std::to_string(jc.u.size()) + ")");
  if (s.level == MotionLevel::Position && jc.quaternion)
    node.fail("a quaternion joint's orientation cannot be prescribed at position level (use velocity or acceleration)");
  for (size_t i = 0; i < fns.size(); ++i) {
    const JsonNode args = fns[i].at("args");
    for (size_t k = 0; k < args.size(); ++k)
      if (args[k].string() != "t") args[k].fail("a prescribed motion is a function of time: its args are [\"t\"]");
    s.functions.push_back(readFunction(fns[i], {"t"}));
  }
  return s;
}

json writeJointMotion(const MotionSpec& motion) {
  json fns = json::array();
  for (const auto& f : motion.functions) fns.push_back(writeFunction(f));
  return json{{"level", nameOf(motion.level)}, {"functions", fns}};
}

template <>
const std::vector<KindName<MotionLevel>>& kindTable<MotionLevel>() {
  static const std::vector<KindName<MotionLevel>> table{{MotionLevel::Position, "position"},
                                                        {MotionLevel::Velocity, "velocity"},
                                                        {MotionLevel::Acceleration, "acceleration"}};
  return table;
}

}  // namespace articula::model
