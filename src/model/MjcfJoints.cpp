// MJCF joints into mobilizers and forces (MjcfJoints.h).
#include "MjcfJoints.h"

#include <cmath>
#include <map>

namespace articula::model::mjcf {
namespace {

constexpr Real kLimitStiffness = 1000, kLimitDamping = 10;  // as URDF's --urdf-limits (docs/mjcf.md)

MjJointType jointType(Context& c, const XMLElement* el, const std::string& cls) {
  const char* t = c.at.get(el, cls, "type");
  const std::string type = t ? t : "hinge";
  static const std::map<std::string, MjJointType> kinds{{"hinge", MjJointType::Hinge},
                                                        {"slide", MjJointType::Slide},
                                                        {"ball", MjJointType::Ball},
                                                        {"free", MjJointType::Free}};
  const auto it = kinds.find(type);
  if (it == kinds.end()) c.xml.fail(el, describe(el) + " type", type, "unknown joint type (hinge, slide, ball, free)");
  return it->second;
}

// Anchor and axis in the body frame.
void readPlacement(Context& c, const XMLElement* el, const std::string& cls, const MjBody& b, MjJoint& j) {
  j.pos = c.at.vec3(el, cls, "pos", Vec3::Zero());
  j.axis = c.at.vec3(el, cls, "axis", Vec3::UnitZ());
  if (!(j.axis.norm() > 1e-15))
    c.xml.fail(el, describe(el) + " axis", c.at.get(el, cls, "axis"), "the axis must not be zero");
  j.axis.normalize();
  if (c.compiler.global) {
    j.pos = b.X_WB.inverse() * j.pos;
    j.axis = b.X_WB.R().inverse() * j.axis;
  }
}

void readSpring(Context& c, const XMLElement* el, const std::string& cls, MjJoint& j) {
  const std::string who = describe(el);
  j.damping = c.at.scalar(el, cls, "damping", 0);
  j.stiffness = c.at.scalar(el, cls, "stiffness", 0);
  if (j.damping < 0) c.xml.fail(el, who + " damping", c.at.get(el, cls, "damping"), "must not be negative");
  if (j.stiffness < 0) c.xml.fail(el, who + " stiffness", c.at.get(el, cls, "stiffness"), "must not be negative");
  const Real s = j.type == MjJointType::Hinge && c.compiler.degree ? c.compiler.angle(1) : 1;
  j.ref = c.at.scalar(el, cls, "ref", 0) * s;
  j.springref = c.at.scalar(el, cls, "springref", 0) * s;
}

// limited true/false/auto and range; a range without limited needs autolimits (as MuJoCo 2.2.2).
void readRange(Context& c, const XMLElement* el, const std::string& cls, MjJoint& j) {
  const std::string who = describe(el);
  const char* limited = c.at.get(el, cls, "limited");
  const bool hasRange = c.at.get(el, cls, "range") != nullptr;
  if (limited && std::string(limited) != "auto") j.limited = c.at.flag(el, cls, "limited", false);
  else if (hasRange && !c.compiler.autolimits && !limited)
    c.xml.fail(el, who + " range", c.at.get(el, cls, "range"),
               "a range without limited=\"true\" (MuJoCo 2.2.2 refuses it too: set limited, or <compiler "
               "autolimits=\"true\">)");
  else j.limited = hasRange;
  if (!j.limited) return;
  const std::vector<Real> r = c.at.numbers(el, cls, "range", 2, 2);
  const bool rotational = j.type == MjJointType::Hinge || j.type == MjJointType::Ball;
  j.lower = rotational ? c.compiler.angle(r[0]) : r[0];
  j.upper = rotational ? c.compiler.angle(r[1]) : r[1];
  if (!(j.lower < j.upper)) c.xml.fail(el, who + " range", c.at.get(el, cls, "range"), "lower must be below upper");
}

}  // namespace

MjJoint readJoint(Context& c, const XMLElement* el, const std::string& cls, const MjBody& b) {
  MjJoint j;
  j.el = el;
  if (std::string(el->Name()) == "freejoint") {
    c.report.unknownAttributes(el, {"name"});
    j.type = MjJointType::Free;
  } else {
    c.report.unknownAttributes(
        el, {"name", "class", "type", "pos", "axis", "range", "limited", "damping", "stiffness", "springref", "ref"});
    for (const char* k : {"armature", "frictionloss", "margin", "solreflimit", "solimplimit", "solreffriction",
                          "solimpfriction", "group", "user"})
      if (!el->Attribute(k) && c.at.get(el, cls, k))  // from the class: noted once per joint
        c.report.note(std::string("joint ") + k + " (from class " + cls + ")", el);
    j.type = jointType(c, el, cls);
    readPlacement(c, el, cls, b, j);
    readSpring(c, el, cls, j);
    readRange(c, el, cls, j);
  }
  const char* n = el->Attribute("name");
  j.name = n ? n : b.name + "_joint" + std::to_string(b.joints.size());
  return j;
}

// ---- composition ----

namespace {

bool distinctAxes(const std::vector<const MjJoint*>& joints) {
  for (size_t k = 0; k < joints.size(); ++k)
    for (size_t l = 0; l < k; ++l)
      if (joints[k]->axis.cross(joints[l]->axis).norm() < 1e-8) return false;
  return true;
}

bool consecutiveAxesDiffer(const std::vector<const MjJoint*>& hinges) {
  for (size_t k = 1; k < hinges.size(); ++k)
    if (hinges[k]->axis.cross(hinges[k - 1]->axis).norm() < 1e-8) return false;
  return true;
}

// q -> q - ref: Articula's coordinate is MuJoCo's qpos; the rest pose is at ref.
FunctionSpec fromRef(const MjJoint& j) {
  FunctionSpec fn;
  fn.type = FunctionType::Linear;
  fn.coefficients = {1, -j.ref};
  fn.args = {j.name};
  return fn;
}

// The second anchor seen from the first, turned by the first hinge: R(n, θ) d = (d·n) n +
// cos θ (d - (d·n) n) + sin θ (n × d), θ = q - ref, a sinusoid per component.
void addOffset(FunctionBasedSpec& f, const Vec3& d, const MjJoint& hinge) {
  const Vec3 n = hinge.axis, along = d.dot(n) * n, alpha = d - along, beta = n.cross(d);
  for (int i = 0; i < 3; ++i) {
    FunctionSpec fn;
    fn.type = FunctionType::Sinusoid;
    fn.coefficients = {std::hypot(alpha[i], beta[i]), 1, std::atan2(alpha[i], beta[i]) - hinge.ref, along[i]};
    fn.args = {hinge.name};
    f.translationAxes[static_cast<size_t>(i)] = Vec3::Unit(i);
    f.translations[static_cast<size_t>(i)] = fn;
  }
}

FunctionBasedSpec functionsOf(const MjBody& b, const Composition& k) {
  FunctionBasedSpec f;
  for (const MjJoint& j : b.joints) {
    f.coordinates.push_back(j.name);
    f.angular.push_back(j.type == MjJointType::Hinge);
  }
  for (size_t i = 0; i < k.hinges.size(); ++i) {
    f.rotationAxes[i] = k.hinges[i]->axis;
    f.rotations[i] = fromRef(*k.hinges[i]);
  }
  for (size_t i = 0; i < k.slides.size(); ++i) {
    f.translationAxes[i] = k.slides[i]->axis;
    f.translations[i] = fromRef(*k.slides[i]);
  }
  if ((k.a2 - k.a1).norm() > 1e-12) addOffset(f, k.a2 - k.a1, *k.hinges[0]);
  return f;
}

// The body turns by R1 about a1, then by R2 R3 about a2: F at a1 and M at a2, p_FM = R1 (a2 - a1).
void addComposed(Context& c, MjBody& b, const Composition& k, BodySpec s, const std::string& parent,
                 const Transform& X0) {
  JointSpec& js = s.joint;
  js.name = b.name;
  js.type = JointType::FunctionBased;
  js.parent = parent;
  js.parentFrame = frameOf(X0 * Transform(Rotation(), k.a1));
  js.childFrame = frameOf(Transform(Rotation(), k.a2));
  js.functions = functionsOf(b, k);
  js.source = s.source;
  c.m.bodies.push_back(s);
  for (MjJoint& j : b.joints) {
    j.body = b.name;
    j.joint = b.name;
    j.coordinate = j.name;
    if (j.ref != 0) c.m.initialState.q[j.joint + "." + j.coordinate] = j.ref;  // MuJoCo's qpos0
  }
}

// Turns F and M so that the mobilizer's working axis (z for a pin, x for a slider) is `axis`.
Transform aligned(JointType t, const Vec3& axis) {
  return Transform(Rotation::fromOneAxis(t == JointType::Slider ? CoordinateAxis::X : CoordinateAxis::Z, axis));
}

// A hinge or slide: at the Articula coordinate q (= MuJoCo's qpos) the body is turned (moved) by
// q - ref from the rest pose.
void setHingeOrSlide(Context& c, MjJoint& j, JointSpec& lj, const Transform& X_PF0) {
  lj.type = j.type == MjJointType::Hinge ? JointType::Pin : JointType::Slider;
  const Transform anchor(Rotation(), j.pos), A = aligned(lj.type, j.axis);
  const Transform back = lj.type == JointType::Pin ? Transform(Rotation::aboutZ(-j.ref), Vec3::Zero())
                                                   : Transform(Rotation(), Vec3(-j.ref, 0, 0));
  lj.parentFrame = frameOf(X_PF0 * anchor * A * back);
  lj.childFrame = frameOf(anchor * A);
  j.coordinate = lj.type == JointType::Pin ? "angle" : "x";
  if (j.ref != 0) c.m.initialState.q[j.name + "." + j.coordinate] = j.ref;
}

// A free joint's q is the body's pose in the world, as MuJoCo's qpos.
void setFree(Context& c, const MjBody& b, const MjJoint& j, JointSpec& lj) {
  lj.type = JointType::Free;
  const Vec3 angles = b.X_WB.R().toBodyFixedXYZ();
  const char* names[] = {"x", "y", "z", "rx", "ry", "rz"};
  for (int i = 0; i < 6; ++i) {
    const Real v = i < 3 ? b.X_WB.p()[i] : angles[i - 3];
    if (v != 0) c.m.initialState.q[j.name + "." + names[i]] = v;
  }
}

// One joint per Articula body: massless intermediate bodies "<body>/<joint>" at the body's frame,
// the last joint carrying `s`.
void addChain(Context& c, MjBody& b, const BodySpec& s, std::string parent, Transform X_PF0) {
  for (size_t k = 0; k < b.joints.size(); ++k) {
    MjJoint& j = b.joints[k];
    BodySpec link = k + 1 == b.joints.size() ? s : BodySpec{};
    if (k + 1 < b.joints.size()) {
      link.name = b.name + "/" + j.name;
      link.source = s.source;
    }
    JointSpec& lj = link.joint;
    lj.name = j.name;
    lj.parent = parent;
    lj.source = lineOf(j.el);
    if (j.type == MjJointType::Hinge || j.type == MjJointType::Slide) {
      setHingeOrSlide(c, j, lj, X_PF0);
    } else if (j.type == MjJointType::Ball) {
      lj.type = JointType::Ball;
      lj.parentFrame = frameOf(X_PF0 * Transform(Rotation(), j.pos));
      lj.childFrame = frameOf(Transform(Rotation(), j.pos));
    } else {
      setFree(c, b, j, lj);
    }
    j.body = link.name;
    j.joint = j.name;
    c.m.bodies.push_back(link);
    parent = link.name;
    X_PF0 = Transform();
  }
}

}  // namespace

std::optional<Composition> compositionOf(const MjBody& b) {
  Composition k;
  for (const MjJoint& j : b.joints) {
    if (j.type == MjJointType::Slide && k.hinges.empty()) k.slides.push_back(&j);
    else if (j.type == MjJointType::Hinge) k.hinges.push_back(&j);
    else return std::nullopt;  // a ball, a free joint, or a slide after a hinge
  }
  if (k.slides.size() > 3 || k.hinges.size() > 3) return std::nullopt;
  for (size_t i = 2; i < k.hinges.size(); ++i)
    if ((k.hinges[i]->pos - k.hinges[1]->pos).norm() > 1e-12) return std::nullopt;
  k.a1 = k.hinges.empty() ? Vec3::Zero() : k.hinges[0]->pos;
  k.a2 = k.hinges.size() > 1 ? k.hinges[1]->pos : k.a1;
  if ((k.a2 - k.a1).norm() > 1e-12 && !k.slides.empty()) return std::nullopt;
  if (!consecutiveAxesDiffer(k.hinges) || !distinctAxes(k.slides)) return std::nullopt;
  return k;
}

void addJoints(Context& c, MjBody& b, const BodySpec& s, const std::string& parent, const Transform& X0) {
  for (const MjJoint& j : b.joints)
    if (j.type == MjJointType::Free) {
      if (b.joints.size() > 1) c.xml.fail(j.el, describe(j.el), j.name, "a free joint must be its body's only joint");
      if (b.parent >= 0)
        c.xml.fail(j.el, describe(j.el), j.name, "a free joint only in a body whose parent is the world (as MuJoCo)");
    }
  if (b.joints.size() > 1)
    if (const std::optional<Composition> k = compositionOf(b)) return addComposed(c, b, *k, s, parent, X0);
  addChain(c, b, s, parent, X0);
}

// ---- forces ----

namespace {

ForceSpec jointForce(const MjJoint& j, ForceType t, const std::string& name, const std::string& coordinate) {
  ForceSpec f;
  f.type = t;
  f.name = name;
  f.bodies["body"] = j.body;
  f.coordinate = coordinate;
  return f;
}

void addDamping(Context& c, const MjJoint& j) {
  const bool one = j.type == MjJointType::Hinge || j.type == MjJointType::Slide;
  std::vector<std::string> us{j.coordinate};
  if (j.type == MjJointType::Ball) us = {"wx", "wy", "wz"};
  if (j.type == MjJointType::Free) us = {"wx", "wy", "wz", "vx", "vy", "vz"};
  for (const std::string& u : us) {
    ForceSpec f = jointForce(j, ForceType::MobilityLinearDamper, j.name + " damping" + (one ? "" : " " + u), u);
    f.numbers["damping"] = {j.damping};
    c.m.forces.push_back(f);
  }
}

void addStiffness(Context& c, const MjJoint& j) {
  ForceSpec f = jointForce(j, ForceType::MobilityLinearSpring, j.name + " stiffness", j.coordinate);
  f.numbers["stiffness"] = {j.stiffness};
  f.numbers["rest"] = {j.springref};
  c.m.forces.push_back(f);
}

void addLimit(Context& c, const MjJoint& j) {
  ForceSpec f = jointForce(j, ForceType::RangeOfMotionLimit, j.name + " limit", j.coordinate);
  f.numbers["lower"] = {j.lower};
  f.numbers["upper"] = {j.upper};
  f.numbers["stiffness"] = {kLimitStiffness};
  f.numbers["damping"] = {kLimitDamping};
  c.m.forces.push_back(f);
}

}  // namespace

void addJointForces(Context& c, const MjJoint& j) {
  const bool one = j.type == MjJointType::Hinge || j.type == MjJointType::Slide;
  if (j.damping > 0) addDamping(c, j);
  if (j.stiffness > 0) {
    if (one) addStiffness(c, j);
    else c.report.skip(j.el, "joint stiffness of a ball or free joint");
  }
  if (j.limited) {
    if (one) addLimit(c, j);
    else c.report.skip(j.el, "joint range of a ball joint");
  }
}

}  // namespace articula::model::mjcf
