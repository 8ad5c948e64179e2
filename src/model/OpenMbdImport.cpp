// OpenMBD model import (see OpenMbdImport.h and reference/openmbd.md).
#include "articula/model/OpenMbdImport.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>

#include "BodyTree.h"
#include "JsonNode.h"
#include "JsonText.h"
#include "ReadHelpers.h"
#include "articula/Error.h"
#include "articula/model/ModelValidation.h"

namespace articula::model {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// OpenMBD's range-of-motion table, degrees in the order Z | Y | X, then k (N m/rad), c (N m s/rad).
// The knee's and ankle's Y (flexion) ranges are corrected: in the shipped frames knee +Y is
// hyperextension and ankle +Y dorsiflexion (reference/openmbd.md §2, [BUG, sign]), so OpenMBD's
// 0..140 and -20..45 become -140..0 and -45..20.
struct RomEntry {
  const char* key;
  Real z[2], y[2], x[2], k, c;
};
const RomEntry kRomTable[] = {
    {"hipl", {-30, 45}, {-30, 130}, {-50, 50}, 60, 3},
    {"hipr", {-45, 30}, {-30, 130}, {-50, 50}, 60, 3},
    {"kneel", {-10, 10}, {-140, 0}, {-10, 10}, 120, 5},
    {"kneer", {-10, 10}, {-140, 0}, {-10, 10}, 120, 5},
    {"anklel", {-20, 35}, {-45, 20}, {-15, 15}, 40, 2},
    {"ankler", {-35, 20}, {-45, 20}, {-15, 15}, 40, 2},
    {"shoulderl", {-130, 30}, {-60, 180}, {-90, 90}, 25, 1.5},
    {"shoulderr", {-30, 130}, {-60, 180}, {-90, 90}, 25, 1.5},
    {"elbow", {-10, 10}, {0, 145}, {-90, 90}, 80, 3},
    {"wrist", {-30, 20}, {-75, 75}, {-20, 20}, 20, 1},
    {"lowerback", {-30, 30}, {-45, 25}, {-40, 40}, 35, 2},
    {"upperbackjnt", {-25, 25}, {-30, 20}, {-35, 35}, 35, 2},
    {"neck", {-45, 45}, {-70, 60}, {-80, 80}, 15, 1},
    {"head", {-20, 20}, {-30, 30}, {-40, 40}, 10, 0.5},
};
constexpr Real kPassiveDamping = 40;  // N m s/rad, OpenMBD's default on every non-root mobility

Transform readTransform44(const JsonNode& node) {
  const size_t rows = node.size();
  if (rows != 4 && rows != 3) node.fail("expected a 4x4 (or 3x3) matrix");
  Mat33 R;
  Vec3 p = Vec3::Zero();
  for (int r = 0; r < 3; ++r) {
    const std::vector<Real> row = node[r].numbers();
    if (row.size() != rows) node[r].fail("expected a row of " + std::to_string(rows) + " numbers");
    for (int c = 0; c < 3; ++c) R(r, c) = row[c];
    if (rows == 4) p[r] = row[3];
  }
  return Transform(readRotationMatrix(node, R), p);
}

FrameSpec toFrame(const Transform& X) { return FrameSpec{X.p(), X.R().toQuaternion()}; }

// What the importer substitutes, and where it says so.
struct Substitutions {
  bool allowed;  // LoadOptions::openMbdCompat
  std::vector<std::string>& warnings;
};

Mat33 readOpenMbdInertia(const JsonNode& node, const std::string& body, Substitutions& subs) {
  const std::vector<Real> v = node.numbers();
  if (v.size() != 6 && !(v.size() < 6 && subs.allowed))
    node.fail("expected 6 values [Ixx, Iyy, Izz, Ixy, Iyz, Ixz], got " + std::to_string(v.size()) +
              (v.size() < 6 ? " (--openmbd-compat substitutes OpenMBD's default, as OpenMBD does)" : ""));
  if (v.size() < 6) {
    subs.warnings.push_back("body \"" + body +
                            "\": fewer than 6 inertia values, OpenMBD's default [.01, .01, .005] used");
    return Vec3(0.01, 0.01, 0.005).asDiagonal();
  }
  Mat33 I;  // OpenMBD order [Ixx, Iyy, Izz, Ixy, Iyz, Ixz], products of inertia with the minus sign
  I << v[0], -v[3], -v[5], -v[3], v[1], -v[4], -v[5], -v[4], v[2];
  Eigen::SelfAdjointEigenSolver<Mat33> eig(I);
  Vec3 lambda = eig.eigenvalues();
  if (lambda.minCoeff() < 1e-6 && subs.allowed) {
    subs.warnings.push_back("body \"" + body +
                            "\": principal moment below 1e-6 kg m^2 raised to 1e-6 (as OpenMBD does)");
    lambda = lambda.cwiseMax(1e-6);
    I = eig.eigenvectors() * lambda.asDiagonal() * eig.eigenvectors().transpose();
  }
  return I;
}

GeometrySpec readEllipsoid(const JsonNode& e, size_t index) {
  GeometrySpec g;
  g.type = GeometryType::Ellipsoid;
  g.name = e.get("name") ? e.at("name").string() : "ellipsoid" + std::to_string(index);
  const JsonNode dims = e.at("dimensions");
  g.size = dims.vec3();
  if (g.size.minCoeff() <= 0) dims.fail("semi-axes must be positive");
  Transform X;
  if (auto o = e.get("local_orientation")) X = readTransform44(*o);
  g.pose = FrameSpec{e.get("local_position") ? e.at("local_position").vec3() : X.p(), X.R().toQuaternion()};
  if (auto c = e.get("force_curve")) g.forceCurve = readCurve(*c);
  else g.forceCurve = {{{0, 0}}, {{0.01, 1e4}}};  // OpenMBD's default
  if (auto c = e.get("unload_curve")) g.unloadCurve = readCurve(*c);
  return g;
}

BodySpec readBody(const JsonNode& node, const std::string& name, Substitutions& subs) {
  BodySpec b;
  b.name = name;
  b.source = node.path();
  const JsonNode mass = node.at("mass");
  b.mass = subs.allowed ? mass.number() : mass.positive();
  if (b.mass < 0.001 && subs.allowed) {
    subs.warnings.push_back("body \"" + name + "\": mass " + formatValue(b.mass) +
                            " kg raised to 0.001 kg (as OpenMBD does)");
    b.mass = 0.001;
  }
  b.inertia = readOpenMbdInertia(node.at("inertia"), name, subs);
  b.massCenter = node.at("center_of_mass").vec3();
  if (auto list = node.get("ellipsoids")) {
    std::set<std::string> names;
    for (size_t i = 0; i < list->size(); ++i) {
      b.geometry.push_back(readEllipsoid((*list)[i], i));
      if (!names.insert(b.geometry.back().name).second)
        subs.warnings.push_back("body \"" + name + "\": two ellipsoids named \"" + b.geometry.back().name + "\"");
    }
  }
  return b;
}

bool isGround(const std::string& s) { return lower(s) == "ground"; }

// Fills b.joint from OpenMBD joint i; returns false for a root (GROUND parent).
void readJoint(const JsonNode& node, BodySpec& b, std::vector<std::string>& warnings) {
  JointSpec& j = b.joint;
  j.source = node.path();
  j.name = node.get("name") ? node.at("name").string() : b.name + "_joint";
  const std::string type = node.get("type") ? node.at("type").string() : "fixed";
  const std::string parent = node.at("parent").string();
  if (isGround(parent)) {
    if (type != "free")
      warnings.push_back("joint \"" + j.name + "\": a " + type +
                         " joint to GROUND becomes a free root (as OpenMBD does)");
    j.type = JointType::Free;
    j.parent = "ground";
    return;  // OpenMBD ignores a root's T1 and T2
  }
  j.parent = parent;
  if (type == "spherical") j.type = JointType::Ball;
  else if (type == "revolute") j.type = JointType::Pin;  // about T1's z column: Pin's axis is F's z
  else if (type == "fixed") j.type = JointType::Weld;
  else if (type == "free") j.type = JointType::Free;
  else node.at("type").fail("unknown OpenMBD joint type (fixed, revolute, spherical, free)");
  const Transform T1 = readTransform44(node.at("T1")), T2 = readTransform44(node.at("T2"));
  j.parentFrame = toFrame(T1);
  j.childFrame = toFrame(T2);
  if (auto inv = node.get("T2_inv")) {
    const Transform T2inv = readTransform44(*inv);
    if (!(T2 * T2inv).isSameTransform(Transform(), 1e-6))
      warnings.push_back("joint \"" + j.name +
                         "\": T2_inv is not the inverse of T2 (OpenMBD trusts it; Articula uses T2)");
  }
}

// Range-of-motion limits and passive damping, as OpenMBD applies them.
void addOpenMbdForces(ModelSpec& m) {
  for (const BodySpec& b : m.bodies) {
    const JointSpec& j = b.joint;
    if (j.parent == "ground" || (j.type != JointType::Ball && j.type != JointType::Pin)) continue;
    const std::string key = lower(j.name);
    const RomEntry* e = nullptr;
    for (const RomEntry& r : kRomTable)
      if (key.find(r.key) != std::string::npos) {
        e = &r;
        break;
      }
    if (!e) continue;
    ForceSpec f;
    f.type = ForceType::RangeOfMotionLimit;
    f.name = j.name + " range of motion";
    f.bodies["body"] = b.name;
    if (j.type == JointType::Pin) {  // OpenMBD uses the table's first (Z) entry for hinges
      f.coordinate = "angle";
      f.numbers = {
          {"lower", {e->z[0] * kDegree}}, {"upper", {e->z[1] * kDegree}}, {"stiffness", {e->k}}, {"damping", {e->c}}};
    } else {
      f.twistAxis = CoordinateAxis::Z;
      f.numbers["axes.lower"] = {e->x[0] * kDegree, e->y[0] * kDegree, e->z[0] * kDegree};
      f.numbers["axes.upper"] = {e->x[1] * kDegree, e->y[1] * kDegree, e->z[1] * kDegree};
      f.numbers["axes.stiffness"] = {e->k, e->k, e->k};
      f.numbers["axes.damping"] = {e->c, e->c, e->c};
    }
    m.forces.push_back(f);
  }
  ForceSpec d;
  d.type = ForceType::PassiveJointDamping;
  d.name = "passive joint damping";
  d.numbers = {{"damping", {kPassiveDamping}}, {"damp_root_joints", {0}}};
  m.forces.push_back(d);
}

// Body poses at q = 0 with the roots at the origin, then the height that puts the lowest
// ellipsoid point on z = 0 (support height of an ellipsoid along z: sqrt(sum (R_2k a_k)^2)).
Real groundClearanceLift(const ModelSpec& m) {
  std::vector<Transform> X_GB(m.bodies.size());
  Real lowest = INFINITY;
  const BodyTree tree = makeBodyTree(m);  // checked: every body is in the order
  for (const int i : tree.order) {
    const JointSpec& j = m.bodies[i].joint;
    const int p = tree.parent[i];
    X_GB[i] = p >= 0 ? X_GB[p] * j.parentFrame.transform() * j.childFrame.transform().inverse() : Transform();
    for (const GeometrySpec& g : m.bodies[i].geometry) {
      const Transform X_GE = X_GB[i] * g.pose.transform();
      const Mat33& R = X_GE.R().matrix();
      const Real h = std::sqrt(std::pow(R(2, 0) * g.size[0], 2) + std::pow(R(2, 1) * g.size[1], 2) +
                               std::pow(R(2, 2) * g.size[2], 2));
      lowest = std::min(lowest, X_GE.p()[2] - h);
    }
  }
  return std::isfinite(lowest) ? -lowest : 0;
}

}  // namespace

bool looksLikeOpenMbd(const nlohmann::json& d) {
  return d.is_object() && d.contains("bodies") && d["bodies"].is_object() && d.contains("joints") &&
         d["joints"].is_array();
}

ModelSpec importOpenMbd(const nlohmann::json& document, const std::string& file, const LoadOptions& options) {
  const JsonNode root(document, file);
  ModelSpec m;
  Substitutions subs{options.openMbdCompat, m.warnings};
  m.sourceFormat = SourceFormat::OpenMbd;
  m.name = root.get("name") && root.at("name").isString() ? root.at("name").string()
                                                          : validUtf8(std::filesystem::path(file).stem().string());
  if (auto d = root.get("description"); d && d->isString()) m.description = d->json().get<std::string>();
  const JsonNode bodies = root.at("bodies"), joints = root.at("joints");
  // Bodies in joint order (the JSON object's own order is not kept by the parser).
  std::set<std::string> seen;
  for (size_t i = 0; i < joints.size(); ++i) {
    const JsonNode jn = joints[i];
    const std::string child = jn.at("child").string();
    if (!bodies.has(child)) jn.at("child").fail("no body of this name in \"bodies\"");
    if (!seen.insert(child).second) jn.at("child").fail("body already has a joint (OpenMBD models are trees)");
    const std::string parent = jn.at("parent").string();
    if (!isGround(parent) && !bodies.has(parent))
      jn.at("parent").fail("no body of this name in \"bodies\" (nor GROUND)");
    BodySpec b = readBody(bodies.at(child), child, subs);
    readJoint(jn, b, m.warnings);
    m.bodies.push_back(std::move(b));
  }
  // Bodies without a joint: OpenMBD's root rule picks one ("pelvis", else the first); give each a free joint.
  for (const std::string& name : bodies.keys()) {
    if (seen.count(name)) continue;
    BodySpec b = readBody(bodies.at(name), name, subs);
    b.joint.name = name + "_root";
    b.joint.source = b.source;
    b.joint.type = JointType::Free;
    b.joint.parent = "ground";
    m.warnings.push_back("body \"" + name + "\" has no joint: it becomes a free root");
    m.bodies.push_back(std::move(b));
  }
  if (m.bodies.empty()) bodies.fail("a model needs at least one body");
  checkModelStructure(m, file);
  addOpenMbdForces(m);
  // OpenMBD: the floor z = 0; no self-contact by default (enable_self_contact = False), and with it
  // on, parent/child, grandparent and sibling pairs excluded (joint distance 2).
  m.contact.enabled = true;
  m.contact.ground = true;
  m.contact.selfContact = false;
  m.contact.excludedJointDistance = 2;
  // Stand the model on the ground plane.
  const Real lift = groundClearanceLift(m);
  for (const BodySpec& b : m.bodies)
    if (b.joint.parent == "ground" && lift != 0) m.initialState.q[b.joint.name + ".z"] = lift;
  // The car's root carries an initial velocity in OpenMBD's files (ignored by OpenMBD itself).
  for (size_t i = 0; i < joints.size(); ++i)
    if (auto v = joints[i].get("initial_velocity"); v && isGround(joints[i].at("parent").string())) {
      const Vec3 vel = v->vec3();
      const std::string jn = joints[i].get("name") ? joints[i].at("name").string() : "";
      for (const BodySpec& b : m.bodies)
        if (b.joint.name == jn) {
          m.initialState.u[jn + ".vx"] = vel[0];
          m.initialState.u[jn + ".vy"] = vel[1];
          m.initialState.u[jn + ".vz"] = vel[2];
        }
    }
  // OpenMBD's 40 N m s/rad on light distal joints (the hand's roll: inertia 8.3e-4 kg m^2) is stiff:
  // explicit methods need ~2e-5 s steps (0.2x real time). The linearly implicit W3 with analytic
  // damper and contact Jacobians ran 1 s of the male in 0.2 s CPU, 7x less than CVODE BDF.
  m.scenario.integrator = IntegratorMethod::RosenbrockW3;
  checkModelPhysics(m, file);
  return m;
}

namespace {
// OpenMBD's shipped flexion ranges (degrees, about the joint frame's y), which the import corrects.
struct ShippedRange {
  const char* key;
  Real lower, upper;
};
const ShippedRange kShippedFlexion[] = {{"knee", 0, 140}, {"ankle", -20, 45}};
}  // namespace

void applyOpenMbdCompat(ModelSpec& m) {
  if (m.sourceFormat != SourceFormat::OpenMbd)
    throw Error("--openmbd-compat: model \"" + m.name +
                "\" is not an OpenMBD file (the preset reproduces OpenMBD's defaults)");
  // OpenMBD steps with explicit symplectic Euler; at 1e-4 s that is unstable under its own 40 N m s/rad
  // on the hand's roll (c h / I = 4.8 > 2; OpenMBD survives only through its qddot clamp), so the
  // preset keeps OpenMBD's step but takes it linearly implicitly.
  m.scenario.integrator = IntegratorMethod::RosenbrockW3;
  m.scenario.fixedStep = 1e-4;
  m.scenario.reportInterval = 1e-3;
  for (ForceSpec& f : m.forces) {
    if (f.type != ForceType::RangeOfMotionLimit || !f.numbers.count("axes.lower")) continue;
    const std::string name = lower(f.name);
    for (const ShippedRange& r : kShippedFlexion)
      if (name.find(r.key) != std::string::npos) {
        f.numbers["axes.lower"][1] = r.lower * kDegree;
        f.numbers["axes.upper"][1] = r.upper * kDegree;
      }
  }
}

}  // namespace articula::model
