// Reader of the Articula model format, version 1 (docs/model-format.md).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <unordered_set>

#include "ConstraintFields.h"
#include "EventFields.h"
#include "ForceFields.h"
#include "FunctionFields.h"
#include "GeometryFields.h"
#include "JsonNode.h"
#include "MuscleFields.h"
#include "ReadHelpers.h"
#include "ScenarioModels.h"
#include "articula/contact/MeshIO.h"
#include "articula/model/ContactMaterials.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelFile.h"
#include "articula/model/ModelValidation.h"
#include "articula/model/ScenarioLimits.h"

namespace articula::model {

namespace {

const char* const kGround = "ground";

Mat33 readInertia(const JsonNode& node) {
  Vec3 moments, products = Vec3::Zero();
  if (node.isArray()) {
    const std::vector<Real> v = node.numbers();
    if (v.size() != 6 && v.size() != 3)
      node.fail("expected [Ixx, Iyy, Izz] or [Ixx, Iyy, Izz, Ixy, Ixz, Iyz], got " + std::to_string(v.size()) +
                " numbers");
    moments = Vec3(v[0], v[1], v[2]);
    if (v.size() == 6) products = Vec3(v[3], v[4], v[5]);
  } else {
    node.allowOnly({"moments", "products"});
    moments = node.at("moments").vec3();
    if (auto p = node.get("products")) products = p->vec3();
  }
  Mat33 I;
  I << moments[0], products[0], products[1], products[0], moments[1], products[2], products[1], products[2], moments[2];
  return I;
}

void readFunctionBased(const JsonNode& node, JointSpec& j) {
  FunctionBasedSpec& f = j.functions;
  const JsonNode coords = node.at("coordinates");
  if (coords.size() < 1 || coords.size() > 6) coords.fail("a function-based joint has 1 to 6 coordinates");
  for (size_t i = 0; i < coords.size(); ++i) {
    const JsonNode c = coords[i];
    c.allowOnly({"name", "angular"});
    const std::string name = c.at("name").string();
    if (std::find(f.coordinates.begin(), f.coordinates.end(), name) != f.coordinates.end())
      c.at("name").fail("duplicate coordinate name");
    f.coordinates.push_back(name);
    f.angular.push_back(c.get("angular") ? c.at("angular").boolean() : true);
  }
  auto readAxes = [&](const char* key, std::array<Vec3, 3>& axes) {
    if (auto a = node.get(key)) {
      if (a->size() != 3) a->fail("expected 3 axes");
      for (size_t k = 0; k < 3; ++k) axes[k] = readUnitAxis((*a)[k]);
    }
  };
  readAxes("rotation_axes", f.rotationAxes);
  readAxes("translation_axes", f.translationAxes);
  auto readFns = [&](const char* key, std::array<std::optional<FunctionSpec>, 3>& fns) {
    if (auto a = node.get(key)) {
      if (a->size() != 3) a->fail("expected 3 entries (a function or null each)");
      for (size_t k = 0; k < 3; ++k)
        if (!(*a)[k].json().is_null()) fns[k] = readFunction((*a)[k], f.coordinates);
    }
  };
  readFns("rotations", f.rotations);
  readFns("translations", f.translations);
}

// Rotates F and M together so that the joint's working axis (z for pin/screw/cylinder, x for
// slider) is `axis` (given in the parent frame's axes): the pose at q = 0 is unchanged.
void applyJointAxis(const JsonNode& node, JointSpec& j) {
  const Vec3 axis = readUnitAxis(node);
  using T = JointType;
  const bool isX = j.type == T::Slider;
  if (!(isX || j.type == T::Pin || j.type == T::Screw || j.type == T::Cylinder))
    node.fail("\"axis\" applies to pin, slider, screw and cylinder joints only");
  const Rotation align = Rotation::fromOneAxis(isX ? CoordinateAxis::X : CoordinateAxis::Z,
                                               j.parentFrame.orientation.toRotation().transpose() * axis);
  // axis is in P; the working axis must be that direction: R_PF' = R_PF * align (align in F).
  j.parentFrame.orientation = (j.parentFrame.orientation.toRotation() * align).toQuaternion();
  j.childFrame.orientation = (j.childFrame.orientation.toRotation() * align).toQuaternion();
}

JointSpec readJoint(const JsonNode& node, const std::string& bodyName) {
  node.allowOnly({"name", "type", "parent", "parent_frame", "child_frame", "axis", "euler", "reverse", "pitch",
                  "semi_axes", "coordinates", "rotation_axes", "rotations", "translation_axes", "translations",
                  "motion"});
  JointSpec j;
  j.name = node.get("name") ? node.at("name").string() : bodyName;
  const JsonNode type = node.at("type");
  const auto kind = kindNamed<JointType>(type.string());
  if (!kind) type.fail("unknown joint type (known: " + kindList<JointType>() + ")");
  j.type = *kind;
  using T = JointType;
  j.parent = node.at("parent").string();
  if (auto f = node.get("parent_frame")) j.parentFrame = readFrame(*f);
  if (auto f = node.get("child_frame")) j.childFrame = readFrame(*f);
  if (auto a = node.get("axis")) applyJointAxis(*a, j);
  if (auto e = node.get("euler")) {
    j.euler = e->boolean();
    if (j.euler && j.type != T::Ball && j.type != T::Free) e->fail("\"euler\" applies to ball and free joints only");
  }
  if (auto r = node.get("reverse")) j.reverse = r->boolean();
  auto requireFor = [&](const char* key, JointType type) {
    if (node.has(key) && j.type != type)
      node.at(key).fail(std::string("\"") + key + "\" applies to " + nameOf(type) + " joints only");
    if (!node.has(key) && j.type == type) node.at(key);  // throws: missing required field
  };
  requireFor("pitch", T::Screw);
  requireFor("semi_axes", T::Ellipsoid);
  requireFor("coordinates", T::FunctionBased);
  if (j.type == T::Screw) j.pitch = node.at("pitch").number();
  if (j.type == T::Ellipsoid) {
    const JsonNode s = node.at("semi_axes");
    j.semiAxes = s.vec3();
    if (j.semiAxes.minCoeff() <= 0) s.fail("semi-axes must be positive");
  }
  if (j.type == T::FunctionBased) readFunctionBased(node, j);
  else
    for (const char* k : {"rotation_axes", "rotations", "translation_axes", "translations"})
      if (node.has(k)) node.at(k).fail("applies to function_based joints only");
  if (auto mo = node.get("motion")) j.motion = {readJointMotion(*mo, j)};
  return j;
}

// Meshes are embedded in the viewer and editor pages, so a model file may name only files of its
// own folder tree (and of folders the user allowed): no "../../home/x/.ssh/id_rsa.stl".
void checkMeshLocation(const JsonNode& file, const std::filesystem::path& path, const LoadOptions& options) {
  if (isWithin(path, std::filesystem::path(file.file()).parent_path())) return;
  for (const std::string& allowed : options.allowedPaths)
    if (isWithin(path, allowed)) return;
  file.fail(
      "outside the model file's folder (meshes are read from its folder and subfolders; allow another folder "
      "with --allow-path DIR)");
}

// A "mesh" geometry: the file (relative to the model file's folder) must exist and parse; the
// scale (one number or three, each > 0) is applied to the vertices here.
void readMeshGeometry(const JsonNode& node, GeometrySpec& g, const LoadOptions& options) {
  const JsonNode file = node.at("file");
  g.meshFile = file.string();
  g.size = Vec3::Ones();
  if (auto s = node.get("scale")) {
    if (s->isNumber()) g.size = Vec3::Constant(s->positive());
    else {
      g.size = s->vec3();
      if (!(g.size.minCoeff() > 0)) s->fail("scale factors must be positive");
    }
  }
  if (auto h = node.get("layer_thickness")) g.layerThickness = h->positive();
  std::string ext = std::filesystem::path(g.meshFile).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext != ".obj" && ext != ".stl") file.fail("unknown mesh file extension (.obj or .stl)");
  const std::filesystem::path path = std::filesystem::path(node.file()).parent_path() / g.meshFile;
  checkMeshLocation(file, path, options);
  if (!std::filesystem::is_regular_file(path))
    file.fail("no such file " + path.string() + " (mesh paths are relative to the model file's folder)");
  g.meshPath = path.string();
  std::shared_ptr<TriangleMesh> raw;
  try {
    raw = readMesh(path.string());
  } catch (const std::exception& e) {
    file.fail(std::string("cannot read the mesh: ") + e.what());
  }
  std::vector<Vec3> v = raw->vertices();
  for (Vec3& x : v) x = x.cwiseProduct(g.size);
  try {
    g.mesh = std::make_shared<const TriangleMesh>(std::move(v), raw->faces(), g.meshFile);
  } catch (const std::exception& e) {
    node.at("scale").fail(std::string("the scaled mesh is invalid: ") + e.what());
  }
}

}  // namespace

GeometrySpec readGeometry(const JsonNode& node, size_t index, const LoadOptions& options) {
  node.allowOnly({"name", "type", "radius", "semi_axes", "half_lengths", "half_length", "file", "scale",
                  "layer_thickness", "position", "orientation", "color", "material", "force_curve", "unload_curve"});
  GeometrySpec g;
  g.name = node.get("name") ? node.at("name").string() : "geometry" + std::to_string(index);
  const JsonNode type = node.at("type");
  const auto kind = kindNamed<GeometryType>(type.string());
  if (!kind) type.fail("unknown geometry type (" + kindList<GeometryType>() + ")");
  g.type = *kind;
  auto positive3 = [](const JsonNode& n) {
    const Vec3 v = n.vec3();
    if (v.minCoeff() <= 0) n.fail("sizes must be positive");
    return v;
  };
  switch (g.type) {
    case GeometryType::Sphere: g.size = Vec3(node.at("radius").positive(), 0, 0); break;
    case GeometryType::Ellipsoid: g.size = positive3(node.at("semi_axes")); break;
    case GeometryType::Box: g.size = positive3(node.at("half_lengths")); break;
    case GeometryType::Cylinder:
    case GeometryType::Capsule:
      g.size = Vec3(node.at("radius").positive(), node.at("half_length").positive(), 0);
      break;
    case GeometryType::Mesh: readMeshGeometry(node, g, options); break;
  }
  const std::vector<std::string>& own = geometryTypeInfo(g.type).sizeFields;
  for (const std::string& k : allGeometrySizeFields())
    if (node.has(k) && std::find(own.begin(), own.end(), k) == own.end())
      node.at(k).fail("not a size field of a " + nameOf(g.type));
  if (auto p = node.get("position")) g.pose.position = p->vec3();
  if (auto o = node.get("orientation")) g.pose.orientation = readOrientation(*o);
  if (auto c = node.get("color")) g.color = readColor(*c);
  if (auto m = node.get("material")) g.material = m->string();
  if (auto c = node.get("force_curve")) g.forceCurve = readCurve(*c);
  if (auto c = node.get("unload_curve")) g.unloadCurve = readCurve(*c);
  return g;
}

namespace {

BodySpec readBody(const JsonNode& node, const LoadOptions& options) {
  node.allowOnly({"name", "mass", "mass_center", "inertia", "color", "joint", "geometry", "description"});
  BodySpec b;
  const JsonNode name = node.at("name");
  b.name = name.string();
  if (b.name == kGround) name.fail("\"ground\" is reserved for the fixed world frame");
  b.mass = node.at("mass").positive();
  if (auto c = node.get("mass_center")) b.massCenter = c->vec3();
  b.inertia = readInertia(node.at("inertia"));
  if (auto c = node.get("color")) b.color = readColor(*c);
  b.joint = readJoint(node.at("joint"), b.name);
  b.source = node.path();
  b.joint.source = node.path() + "/joint";
  if (auto g = node.get("geometry"))
    for (size_t i = 0; i < g->size(); ++i) b.geometry.push_back(readGeometry((*g)[i], i, options));
  return b;
}

// ---- forces ----

const CoordinateName* findCoordinate(const std::vector<CoordinateName>& names, const std::string& name) {
  for (const auto& c : names)
    if (c.name == name) return &c;
  return nullptr;
}

std::string bodyOrGround(const JsonNode& node, const ModelSpec& m) {
  const std::string b = node.string();
  if (b != kGround && m.findBody(b) < 0) node.fail("no body of this name");
  return b;
}

void readAxes(const JsonNode& node, ForceSpec& f) {
  if (node.size() != 3) node.fail("expected 3 axis limits (x, y, z)");
  std::vector<Real> lo(3), hi(3), k(3), c(3);
  for (size_t i = 0; i < 3; ++i) {
    const JsonNode a = node[i];
    a.allowOnly({"lower", "upper", "lower_deg", "upper_deg", "stiffness", "damping"});
    lo[i] = a.get("lower")       ? a.at("lower").number()
            : a.get("lower_deg") ? a.at("lower_deg").number() * kDegree
                                 : -INFINITY;
    hi[i] = a.get("upper")       ? a.at("upper").number()
            : a.get("upper_deg") ? a.at("upper_deg").number() * kDegree
                                 : INFINITY;
    if (lo[i] > hi[i]) a.fail("lower bound above upper bound");
    k[i] = a.get("stiffness") ? a.at("stiffness").nonNegative() : 0;
    c[i] = a.get("damping") ? a.at("damping").nonNegative() : 0;
  }
  f.numbers["axes.lower"] = lo;
  f.numbers["axes.upper"] = hi;
  f.numbers["axes.stiffness"] = k;
  f.numbers["axes.damping"] = c;
}

Real signedScalar(const JsonNode& n, Sign sign) {
  return sign == Sign::Positive ? n.positive() : sign == Sign::NonNegative ? n.nonNegative() : n.number();
}

// A function of time: its args are ["t"].
FunctionSpec readTimeFunction(const JsonNode& node) {
  node.requireObject();
  const JsonNode args = node.at("args");
  for (size_t k = 0; k < args.size(); ++k)
    if (args[k].string() != "t") args[k].fail("a function of time: its args are [\"t\"]");
  return readFunction(node, {"t"});
}

// A pd_servo's target: a number (SI, or degrees as "<key>_deg") or a function of time.
void readTarget(const JsonNode& node, const std::string& key, ForceSpec& f) {
  const auto si = node.get(key), deg = node.get(key + "_deg");
  if (si && deg) deg->fail("give \"" + key + "\" or \"" + key + "_deg\", not both");
  if (deg) f.numbers[key] = {deg->number() * kDegree};
  else if (si && si->isObject()) f.function = readTimeFunction(*si);
  else if (si) f.numbers[key] = {si->number()};
}

void readJointNames(const JsonNode& node, const ModelSpec& m, ForceSpec& f) {
  if (!node.isArray()) node.fail("expected an array of joint names");
  for (size_t i = 0; i < node.size(); ++i) {
    const std::string name = node[i].string();
    const bool found = std::any_of(m.bodies.begin(), m.bodies.end(),
                                   [&](const BodySpec& b) { return b.joint.name == name; });
    if (!found) node[i].fail("no joint named \"" + name + "\"");
    if (std::find(f.joints.begin(), f.joints.end(), name) != f.joints.end()) node[i].fail("joint listed twice");
    f.joints.push_back(name);
  }
}

void readField(const JsonNode& node, const FieldInfo& fi, const ModelSpec& m, ForceSpec& f) {
  const std::string key = fi.name;
  if (fi.kind == FieldKind::Target) return readTarget(node, key, f);
  if (fi.kind == FieldKind::Angle) {
    const auto si = node.get(key), deg = node.get(key + "_deg");
    if (si && deg) deg->fail("give \"" + key + "\" or \"" + key + "_deg\", not both");
    if (si) f.numbers[key] = {si->number()};
    else if (deg) f.numbers[key] = {deg->number() * kDegree};
    else if (fi.required) node.at(key);
    else f.numbers[key] = {fi.defaultValue};
    return;
  }
  const auto v = node.get(key);
  if (!v) {
    if (fi.required) node.at(key);  // throws: missing
    if (fi.kind == FieldKind::Scalar || fi.kind == FieldKind::Bool) f.numbers[key] = {fi.defaultValue};
    if (fi.kind == FieldKind::Vec3) f.numbers[key] = {0, 0, 0};
    if (fi.kind == FieldKind::Vec6) f.numbers[key] = std::vector<Real>(6, 0.0);
    if (fi.kind == FieldKind::Frame) {
      f.numbers[key + ".position"] = {0, 0, 0};
      f.numbers[key + ".orientation"] = {1, 0, 0, 0};
    }
    return;
  }
  switch (fi.kind) {
    case FieldKind::Body: f.bodies[key] = bodyOrGround(*v, m); break;
    case FieldKind::Coordinate: f.coordinate = v->string(); break;
    case FieldKind::Axis: f.twistAxis = readKindName<CoordinateAxis>(*v); break;
    case FieldKind::PulseMode: f.mode = readKindName<TorquePulseMode>(*v); break;
    case FieldKind::Scalar: f.numbers[key] = {signedScalar(*v, fi.sign)}; break;
    case FieldKind::Vec3: {
      const Vec3 x = v->vec3();
      f.numbers[key] = {x[0], x[1], x[2]};
      break;
    }
    case FieldKind::Vec6: {
      const std::vector<Real> x = v->numbers();
      if (x.size() != 6) v->fail("expected 6 numbers [rx, ry, rz, x, y, z]");
      for (size_t i = 0; i < 6; ++i) signedScalar((*v)[i], fi.sign);
      f.numbers[key] = x;
      break;
    }
    case FieldKind::Numbers: f.numbers[key] = v->numbers(1); break;
    case FieldKind::Frame: {
      const FrameSpec fr = readFrame(*v);
      const Vec4 q = fr.orientation.asVec4();
      f.numbers[key + ".position"] = {fr.position[0], fr.position[1], fr.position[2]};
      f.numbers[key + ".orientation"] = {q[0], q[1], q[2], q[3]};
      break;
    }
    case FieldKind::Bool: f.numbers[key] = {v->boolean() ? 1.0 : 0.0}; break;
    case FieldKind::BodyMap:
      for (const std::string& b : v->keys()) {
        const JsonNode c = v->at(b);
        if (m.findBody(b) < 0) c.fail("no body named \"" + b + "\"");
        f.bodyDamping[b] = c.nonNegative();
      }
      break;
    case FieldKind::Axes: readAxes(*v, f); break;
    case FieldKind::Function: f.function = readTimeFunction(*v); break;
    case FieldKind::Joints: readJointNames(*v, m, f); break;
    case FieldKind::Angle:
    case FieldKind::Target: break;
  }
}

// Coordinate names and degree fields need the joint of the force's body.
void checkCoordinate(const JsonNode& node, const ModelSpec& m, ForceSpec& f) {
  if (!f.coordinate) return;
  const std::string& body = f.bodies.at("body");
  if (body == kGround) node.at("body").fail("a coordinate force needs a mobilized body, not ground");
  const JointCoordinates jc = jointCoordinates(m.bodies[m.findBody(body)].joint);
  const bool usesU = f.type == ForceType::MobilityConstantForce || f.type == ForceType::MobilityLinearDamper ||
                     f.type == ForceType::JointActuator;
  const auto& names = usesU ? jc.u : jc.q;
  const CoordinateName* c = findCoordinate(names, *f.coordinate);
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n.name;
  if (!c)
    node.at("coordinate")
        .fail("not a coordinate of body \"" + body + "\"'s " + nameOf(m.bodies[m.findBody(body)].joint.type) +
              " joint (" + (list.empty() ? std::string("it has none") : list) + ")");
  if (!usesU && jc.quaternion && f.type == ForceType::PdServo)
    node.at("coordinate")
        .fail(
            "the joint's orientation is a quaternion: a pd_servo drives one scalar coordinate; hold a quaternion joint "
            "with muscle_tone");
  if (!usesU && jc.quaternion)
    node.at("coordinate").fail("the joint's orientation is a quaternion; limit it with twist_axis and axes instead");
  for (const char* k : {"rest_deg", "lower_deg", "upper_deg", "target_deg", "transition_deg"})
    if (node.has(k) && !c->angular)
      node.at(k).fail("coordinate \"" + c->name + "\" is not an angle: give it in SI units without _deg");
}

ForceSpec readForce(const JsonNode& node, const ModelSpec& m, size_t index) {
  node.requireObject();
  const JsonNode type = node.at("type");
  const auto kind = kindNamed<ForceType>(type.string());
  if (!kind) type.fail("unknown force type (known: " + kindList<ForceType>() + ")");
  const ForceTypeInfo* info = &forceTypeInfo(*kind);
  ForceSpec f;
  f.type = *kind;
  f.name = node.get("name") ? node.at("name").string() : nameOf(f.type) + std::to_string(index);
  for (const std::string& key : node.keys()) {
    if (key == "type" || key == "name") continue;
    const bool known = std::any_of(info->fields.begin(), info->fields.end(), [&](const FieldInfo& fi) {
      const bool degrees = fi.kind == FieldKind::Angle || fi.kind == FieldKind::Target;
      return key == fi.name || (degrees && key == std::string(fi.name) + "_deg");
    });
    if (!known) node.at(key).fail("unknown field \"" + key + "\" for a " + nameOf(f.type) + " force");
  }
  for (const FieldInfo& fi : info->fields) readField(node, fi, m, f);
  checkCoordinate(node, m, f);
  if (f.numbers.count("lower") && f.numbers.count("upper") && f.numbers["lower"][0] > f.numbers["upper"][0])
    node.fail("lower bound above upper bound");
  if (f.type == ForceType::RangeOfMotionLimit) {
    const bool coord = f.coordinate.has_value(), orient = f.twistAxis || node.has("axes");
    if (coord == orient)
      node.fail("a range_of_motion_limit needs either \"coordinate\" or \"twist_axis\" with \"axes\"");
    if (orient && !(f.twistAxis && node.has("axes")))
      node.fail("an orientation limit needs both \"twist_axis\" and \"axes\"");
  }
  return f;
}

// ---- initial state, scenario, materials ----

void readCoordinateValues(const JsonNode& node, const ModelSpec& m, bool isU, bool degrees,
                          std::map<std::string, Real>& out) {
  for (const std::string& key : node.keys()) {
    const JsonNode v = node.at(key);
    const size_t dot = key.rfind('.');
    if (dot == std::string::npos) v.fail("coordinate names are \"joint.coordinate\"");
    const std::string joint = key.substr(0, dot), coord = key.substr(dot + 1);
    const BodySpec* body = nullptr;
    for (const auto& b : m.bodies)
      if (b.joint.name == joint) body = &b;
    if (!body) v.fail("no joint named \"" + joint + "\"");
    const JointCoordinates jc = jointCoordinates(body->joint);
    const CoordinateName* c = findCoordinate(isU ? jc.u : jc.q, coord);
    if (!c)
      v.fail("joint \"" + joint + "\" (" + nameOf(body->joint.type) + ") has no " + (isU ? "speed" : "coordinate") +
             " \"" + coord + "\"");
    if (degrees && !c->angular)
      v.fail("\"" + coord + "\" is not an angle: give it under \"" + (isU ? "u" : "q") + "\" in SI units");
    if (out.count(key)) v.fail("given twice (in degrees and in SI units)");
    out[key] = v.number() * (degrees ? kDegree : 1.0);
  }
}

void readContact(const JsonNode& node, ModelSpec& m) {
  node.allowOnly({"ground", "self_contact", "excluded_joint_distance", "exclude", "cliques", "transition_speed",
                  "recovery_speed"});
  ContactSpec& c = m.contact;
  c.enabled = true;
  if (auto g = node.get("ground")) {
    g->allowOnly({"height", "normal", "material"});
    c.ground = true;
    if (auto h = g->get("height")) c.groundHeight = h->number();
    if (auto n = g->get("normal")) c.groundNormal = readUnitAxis(*n);
    if (auto mat = g->get("material")) {
      c.groundMaterial = mat->string();
      const bool found = std::any_of(m.contactMaterials.begin(), m.contactMaterials.end(),
                                     [&](const auto& x) { return x.name == c.groundMaterial; });
      if (!found) mat->fail("no contact material of this name");
    }
  }
  if (auto v = node.get("self_contact")) c.selfContact = v->boolean();
  if (auto v = node.get("excluded_joint_distance")) {
    c.excludedJointDistance = v->integer();
    if (c.excludedJointDistance < 0) v->fail("must not be negative");
  }
  if (auto list = node.get("exclude"))
    for (size_t i = 0; i < list->size(); ++i) {
      const JsonNode pair = (*list)[i];
      if (pair.size() != 2) pair.fail("expected a pair of body names");
      std::array<std::string, 2> names;
      for (size_t k = 0; k < 2; ++k) {
        names[k] = pair[k].string();
        if (m.findBody(names[k]) < 0) pair[k].fail("no body of this name");
      }
      c.excludedBodyPairs.push_back(names);
    }
  if (auto list = node.get("cliques"))
    for (size_t i = 0; i < list->size(); ++i) {
      const JsonNode group = (*list)[i];
      if (group.size() < 2) group.fail("a clique lists at least two body names");
      std::vector<std::string> names;
      for (size_t k = 0; k < group.size(); ++k) {
        names.push_back(group[k].string());
        if (m.findBody(names.back()) < 0) group[k].fail("no body of this name");
      }
      c.cliques.push_back(names);
    }
  if (auto v = node.get("transition_speed")) c.transitionSpeed = v->positive();
  if (auto v = node.get("recovery_speed")) c.recoverySpeed = v->positive();
}

void readInitialState(const JsonNode& node, ModelSpec& m) {
  node.allowOnly({"q", "q_deg", "u", "u_deg", "hold"});
  if (auto v = node.get("q")) readCoordinateValues(*v, m, false, false, m.initialState.q);
  if (auto v = node.get("q_deg")) readCoordinateValues(*v, m, false, true, m.initialState.q);
  m.initialState.degrees = node.has("q_deg") || node.has("u_deg");
  if (auto v = node.get("u")) readCoordinateValues(*v, m, true, false, m.initialState.u);
  if (auto v = node.get("u_deg")) readCoordinateValues(*v, m, true, true, m.initialState.u);
  if (auto h = node.get("hold")) m.initialState.hold = readHeldCoordinates(*h, m);
}

// Materials are checked by the contact layer's own validate() so file and library agree.
void readMaterials(const JsonNode& node, ModelSpec& m) {
  for (const std::string& name : node.keys()) {
    const JsonNode n = node.at(name);
    ContactMaterialSpec c;
    c.name = name;
    const JsonNode type = n.at("type");
    const auto kind = kindNamed<ContactMaterialType>(type.string());
    if (!kind) type.fail("unknown contact material type (" + kindList<ContactMaterialType>() + ")");
    c.type = *kind;
    if (c.type == ContactMaterialType::Hertz) {
      n.allowOnly({"type", "youngs_modulus", "poisson_ratio", "dissipation", "static_friction", "dynamic_friction",
                   "viscous_friction"});
      c.parameters["youngs_modulus"] = n.at("youngs_modulus").positive();
      for (const char* k : {"poisson_ratio", "dissipation", "static_friction", "dynamic_friction", "viscous_friction"})
        if (auto v = n.get(k)) c.parameters[k] = v->number();
    } else {
      n.allowOnly({"type", "force_curve", "unload_curve", "unloading_energy_fraction", "damping", "rate_c1", "rate_c2",
                   "rate_c3", "rate_c4", "friction", "friction_ramp_speed"});
      c.forceCurve = readCurve(n.at("force_curve"));
      if (auto u = n.get("unload_curve")) c.unloadCurve = readCurve(*u);
      for (const char* k : {"unloading_energy_fraction", "damping", "rate_c1", "rate_c2", "rate_c3", "rate_c4",
                            "friction", "friction_ramp_speed"})
        if (auto v = n.get(k)) c.parameters[k] = v->number();
    }
    try {
      validateContactMaterial(c);
    } catch (const std::exception& e) {
      n.fail(e.what());
    }
    m.contactMaterials.push_back(c);
  }
}

// A number of the scenario, also within the limits shared with the command line (ScenarioLimits.h).
Real scenarioNumber(const JsonNode& v, const std::string& field) {
  const Real x = v.number();
  const std::string problem = checkScenarioValue(field, x);
  if (!problem.empty()) v.fail(problem);
  return x;
}

void readOutputFiles(const JsonNode& v, ScenarioSpec& s) {
  s.outputs.clear();
  for (size_t i = 0; i < v.size(); ++i) {
    const auto o = kindNamed<OutputKind>(v[i].string());
    if (!o) v[i].fail("unknown output (" + kindList<OutputKind>() + ")");
    s.outputs.push_back(*o);
  }
}

// "outputs": the files (an array), or {"files": [...], "columns": [...], "bodies": [...], "digits": n,
// "angles": unit}: the same items as --outputs.
void readOutputs(const JsonNode& v, ScenarioSpec& s) {
  if (v.isArray()) return readOutputFiles(v, s);
  v.requireObject();
  v.allowOnly({"files", "columns", "bodies", "digits", "angles"});
  if (auto f = v.get("files")) readOutputFiles(*f, s);
  auto apply = [&](const JsonNode& node, const std::string& item) {
    const std::string problem = applyOutputItem(item, s.columns);
    if (!problem.empty()) node.fail(problem);
  };
  if (auto c = v.get("columns"))
    for (size_t i = 0; i < c->size(); ++i) apply((*c)[i], (*c)[i].string());
  if (auto b = v.get("bodies"))
    for (size_t i = 0; i < b->size(); ++i) s.columns.bodies.push_back((*b)[i].string());  // may hold commas
  if (auto d = v.get("digits")) apply(*d, "digits:" + std::to_string(d->integer()));
  if (auto a = v.get("angles")) apply(*a, "angles:" + a->string());
}

void readScenario(const JsonNode& node, ScenarioSpec& s) {
  node.allowOnly({"duration", "integrator", "accuracy", "fixed_step", "report_interval", "max_steps", "outputs",
                  "head_body", "events"});
  if (auto v = node.get("duration")) s.duration = scenarioNumber(*v, "duration");
  if (auto v = node.get("integrator")) {
    const auto method = kindNamed<IntegratorMethod>(v->string());
    if (!method) v->fail("unknown integrator (known: " + kindList<IntegratorMethod>() + ")");
    s.integrator = *method;
  }
  if (auto v = node.get("accuracy")) s.accuracy = scenarioNumber(*v, "accuracy");
  if (auto v = node.get("fixed_step")) s.fixedStep = scenarioNumber(*v, "fixed_step");
  if (auto v = node.get("report_interval")) s.reportInterval = scenarioNumber(*v, "report_interval");
  if (auto v = node.get("max_steps")) s.maxSteps = static_cast<int64_t>(scenarioNumber(*v, "max_steps"));
  if (auto v = node.get("outputs")) readOutputs(*v, s);
  if (auto v = node.get("head_body")) s.headBody = v->string();
  std::vector<std::string> given;
  for (const char* k : {"duration", "fixed_step", "report_interval", "max_steps"})
    if (node.has(k)) given.push_back(k);
  if (const auto p = checkScenario(s, given)) {
    if (node.has(p->field)) node.at(p->field).fail(p->problem);
    node.fail(p->problem);  // only defaults involved (cannot happen with the shipped defaults)
  }
}

// "markers": [{"name", "body", "location"}]: names unique, bodies known (or ground).
void readMarkers(const JsonNode& list, ModelSpec& m) {
  std::unordered_set<std::string> names;
  for (size_t i = 0; i < list.size(); ++i) {
    const JsonNode node = list[i];
    node.requireObject();
    node.allowOnly({"name", "body", "location"});
    MarkerSpec k{node.at("name").string(), node.at("body").string(), node.at("location").vec3()};
    if (!names.insert(k.name).second) node.at("name").fail("duplicate marker name");
    if (k.body != "ground" && m.findBody(k.body) < 0) node.at("body").fail("no body of that name");
    m.markers.push_back(std::move(k));
  }
}

}  // namespace

ModelSpec readArticulaModel(const nlohmann::json& document, const std::string& file, const LoadOptions& options) {
  const JsonNode root(document, file);
  root.allowOnly({"format", "version", "name", "description", "metadata", "gravity", "contact_materials", "contact",
                  "models", "bodies", "forces", "constraints", "markers", "muscles", "initial_state", "scenario"});
  const JsonNode format = root.at("format");
  if (format.string() != "articula-model") format.fail("expected \"articula-model\"");
  const JsonNode version = root.at("version");
  if (version.integer() != 1) version.fail("unsupported version (this program reads version 1)");
  ModelSpec m;
  m.name = root.get("name") ? root.at("name").string() : "model";
  if (auto d = root.get("description")) {
    if (!d->isString()) d->fail("expected a string");
    m.description = d->json().get<std::string>();
  }
  if (auto g = root.get("gravity")) m.gravity = g->vec3();
  if (auto c = root.get("contact_materials")) readMaterials(*c, m);
  if (auto list = root.get("models")) includeModels(*list, m, file, options);  // a scenario of several models
  const nlohmann::json noBodies = nlohmann::json::array();
  const JsonNode bodies = m.bodies.empty() || root.has("bodies") ? root.at("bodies")
                                                                 : JsonNode(noBodies, file, "/bodies");
  if (bodies.size() == 0 && m.bodies.empty()) bodies.fail("a model needs at least one body");
  const size_t included = m.bodies.size();
  std::unordered_set<std::string> names;  // a set, not a search per body: 10^5 bodies load in seconds
  for (const BodySpec& b : m.bodies) names.insert(b.name);
  for (size_t i = 0; i < bodies.size(); ++i) {
    BodySpec b = readBody(bodies[i], options);
    if (!names.insert(b.name).second) bodies[i].at("name").fail("duplicate body name");
    m.bodies.push_back(std::move(b));
  }
  checkModelStructure(m, file);
  for (size_t i = included; i < m.bodies.size(); ++i)
    for (size_t g = 0; g < m.bodies[i].geometry.size(); ++g) {
      const std::string& mat = m.bodies[i].geometry[g].material;
      const bool found = std::any_of(m.contactMaterials.begin(), m.contactMaterials.end(),
                                     [&](const auto& c) { return c.name == mat; });
      if (!mat.empty() && !found)
        bodies[i - included].at("geometry")[g].at("material").fail("no contact material of this name");
    }
  if (auto c = root.get("contact")) readContact(*c, m);
  if (auto c = root.get("constraints"))
    for (size_t i = 0; i < c->size(); ++i) m.constraints.push_back(readConstraint((*c)[i], m, i));
  if (auto f = root.get("forces"))
    for (size_t i = 0; i < f->size(); ++i) m.forces.push_back(readForce((*f)[i], m, i));
  if (auto k = root.get("markers")) readMarkers(*k, m);
  if (auto k = root.get("muscles")) readMuscles(*k, m);
  if (auto s = root.get("initial_state")) {  // the file's own values override the included models'
    const InitialStateSpec fromModels = m.initialState;
    m.initialState = {};
    readInitialState(*s, m);
    m.initialState.q.insert(fromModels.q.begin(), fromModels.q.end());
    m.initialState.u.insert(fromModels.u.begin(), fromModels.u.end());
    m.initialState.degrees = m.initialState.degrees || fromModels.degrees;
  }
  if (auto s = root.get("scenario")) {
    readScenario(*s, m.scenario);
    if (!m.scenario.headBody.empty() && m.findBody(m.scenario.headBody) < 0)
      s->at("head_body").fail("no body of that name");
    for (size_t i = 0; i < m.scenario.columns.bodies.size(); ++i)
      if (m.findBody(m.scenario.columns.bodies[i]) < 0) s->at("outputs").at("bodies")[i].fail("no body of that name");
    if (auto e = s->get("events")) m.scenario.events = readEvents(*e, m);  // they name bodies and forces
  }
  checkModelPhysics(m, file);
  return m;
}

}  // namespace articula::model
