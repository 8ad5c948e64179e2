// Measuring and scaling a model (ModelScaling.h): the zero pose composed from the joint frames and
// mobilizers, shape extents along up, and the length fields of every part of the spec.
#include "articula/model/ModelScaling.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>

#include "ConstraintFields.h"
#include "ForceFields.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelError.h"

namespace articula::model {

namespace {

// ---- measuring ----

Vec3 upDirection(const Vec3& gravity) {
  const Real n = gravity.norm();
  return n > 0 ? Vec3(-gravity / n) : Vec3::UnitZ();
}

// X_FM at the zero pose: the mobilizer's default q (zeros, identity quaternions).
Transform zeroPoseX_FM(const JointSpec& joint) {
  std::unique_ptr<Mobilizer> mobilizer = makeMobilizer(joint);
  if (joint.reverse) mobilizer = makeReversed(std::move(mobilizer));
  std::vector<Real> q(static_cast<size_t>(mobilizer->nq()), 0.0);
  mobilizer->setDefaultQ(q.data());
  return mobilizer->calcX_FM(q.data());
}

// X_GB of every body at the zero pose; absent for a body on a parent cycle (validation rejects
// those, a spec built in code may hold one).
std::vector<std::optional<Transform>> zeroPoses(const ModelSpec& m) {
  const size_t n = m.bodies.size();
  std::vector<std::optional<Transform>> poses(n);
  std::vector<bool> visiting(n, false);
  std::function<std::optional<Transform>(size_t)> pose = [&](size_t i) -> std::optional<Transform> {
    if (poses[i] || visiting[i]) return poses[i];
    visiting[i] = true;
    const JointSpec& j = m.bodies[i].joint;
    std::optional<Transform> X_GP = Transform();
    const int parent = m.findBody(j.parent);
    if (parent >= 0) X_GP = pose(static_cast<size_t>(parent));
    if (X_GP) poses[i] = *X_GP * j.parentFrame.transform() * zeroPoseX_FM(j) * j.childFrame.transform().inverse();
    return poses[i];
  };
  for (size_t i = 0; i < n; ++i) pose(i);
  return poses;
}

// Half the extent along unit `a` (given in the shape's axes) of a primitive shape.
Real halfExtent(const GeometrySpec& g, const Vec3& a) {
  const Vec3& d = g.size;
  switch (g.type) {
    case GeometryType::Sphere: return d[0];
    case GeometryType::Ellipsoid: return a.cwiseProduct(d).norm();
    case GeometryType::Box: return a.cwiseAbs().dot(d);
    case GeometryType::Cylinder: return std::abs(a[2]) * d[1] + d[0] * std::sqrt(std::max<Real>(0, 1 - a[2] * a[2]));
    case GeometryType::Capsule: return std::abs(a[2]) * d[1] + d[0];
    case GeometryType::Mesh: break;
  }
  return 0;
}

struct Range {
  Real lo = std::numeric_limits<Real>::infinity(), hi = -std::numeric_limits<Real>::infinity();
  void add(Real lower, Real upper) {
    lo = std::min(lo, lower);
    hi = std::max(hi, upper);
  }
};

void addShape(const GeometrySpec& g, const Transform& X_GS, const Vec3& up, Range& range) {
  if (g.type == GeometryType::Mesh) {
    if (!g.mesh) return;  // a spec made in code without its mesh read: nothing to measure
    for (const Vec3& v : g.mesh->vertices()) {
      const Real h = up.dot(X_GS * v);
      range.add(h, h);
    }
    return;
  }
  const Vec3 a = X_GS.R().matrix().transpose() * up;  // up in the shape's axes
  const Real h = up.dot(X_GS.p()), e = halfExtent(g, a);
  if (std::isfinite(h) && std::isfinite(e)) range.add(h - e, h + e);
}

// ---- scaling ----

std::string formatValue(Real x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

void requirePositive(const char* what, Real value) {
  if (!(std::isfinite(value) && value > 0))
    throw ModelError("", what, formatValue(value), std::string("the target ") + what + " must be positive and finite");
}

// The joint named `joint` (JointSpec::name, or its body's name when unnamed), null if none.
const JointSpec* findJoint(const ModelSpec& m, const std::string& joint) {
  for (const BodySpec& b : m.bodies)
    if ((b.joint.name.empty() ? b.name : b.joint.name) == joint) return &b.joint;
  return nullptr;
}

// Whether a coordinate (q) or speed (u) of a joint is a translation; unknown names are not.
bool translational(const JointSpec& joint, const std::string& coordinate, bool speed) {
  const JointCoordinates jc = jointCoordinates(joint);
  for (const CoordinateName& c : speed ? jc.u : jc.q)
    if (c.name == coordinate) return !c.angular;
  return false;
}

// The same for a "joint.coordinate" name.
bool translational(const ModelSpec& m, const std::string& qualified, bool speed) {
  const size_t dot = qualified.rfind('.');
  if (dot == std::string::npos) return false;
  const JointSpec* j = findJoint(m, qualified.substr(0, dot));
  return j && translational(*j, qualified.substr(dot + 1), speed);
}

// f becomes out * f(x / a): `out` scales the value, a[i] the i-th argument (1 past the list).
void scaleFunction(FunctionSpec& f, const std::vector<Real>& a, Real out) {
  auto arg = [&](size_t i) { return i < a.size() ? a[i] : 1.0; };
  auto& c = f.coefficients;
  if (hasKnots(f.type)) {
    for (Real& x : f.x) x *= arg(0);
    for (Real& y : f.y) y *= out;
    return;
  }
  switch (f.type) {
    case FunctionType::Constant:
      for (Real& v : c) v *= out;
      break;
    case FunctionType::Linear:  // slopes, then the intercept
      for (size_t i = 0; i < c.size(); ++i) c[i] *= i + 1 < c.size() ? out / arg(i) : out;
      break;
    case FunctionType::Polynomial:
      for (size_t i = 0; i < c.size(); ++i) c[i] *= out / std::pow(arg(0), static_cast<Real>(i));
      break;
    case FunctionType::Sinusoid:  // amplitude, frequency, phase, offset
      if (c.size() == 4) c = {c[0] * out, c[1] / arg(0), c[2], c[3] * out};
      break;
    case FunctionType::SmoothStep:  // x0, x1, y0, y1
      if (c.size() == 4) c = {c[0] * arg(0), c[1] * arg(0), c[2] * out, c[3] * out};
      break;
    case FunctionType::SineProduct:  // amplitude, then frequency and phase per argument
      if (c.size() == 5) c = {c[0] * out, c[1] / arg(0), c[2], c[3] / arg(1), c[4]};
      break;
    default: break;  // knot types: above
  }
}

// Argument scales of a function whose args are "joint.coordinate" names (q, or u when `speed`).
std::vector<Real> qualifiedArgScales(const ModelSpec& m, const FunctionSpec& f, Real s, bool speed) {
  std::vector<Real> a;
  for (const std::string& name : f.args) a.push_back(translational(m, name, speed) ? s : 1.0);
  return a;
}

void scaleFunctionBased(FunctionBasedSpec& fb, Real s) {
  std::vector<Real> a;  // the joint's coordinates, by their own names
  for (size_t i = 0; i < fb.coordinates.size(); ++i) a.push_back(i < fb.angular.size() && !fb.angular[i] ? s : 1.0);
  auto scaleAll = [&](std::array<std::optional<FunctionSpec>, 3>& fs, Real out) {
    for (auto& f : fs) {
      if (!f) continue;
      std::vector<Real> args;
      for (const std::string& name : f->args) {
        const auto at = std::find(fb.coordinates.begin(), fb.coordinates.end(), name);
        args.push_back(at == fb.coordinates.end() ? 1.0 : a[static_cast<size_t>(at - fb.coordinates.begin())]);
      }
      scaleFunction(*f, args, out);
    }
  };
  scaleAll(fb.rotations, 1.0);
  scaleAll(fb.translations, s);
}

void scaleJoint(JointSpec& j, Real s) {
  j.parentFrame.position *= s;
  j.childFrame.position *= s;
  j.semiAxes *= s;
  j.pitch *= s;
  if (j.type == JointType::FunctionBased) scaleFunctionBased(j.functions, s);
  const JointCoordinates jc = jointCoordinates(j);
  for (MotionSpec& motion : j.motion)  // one function of time per mobility (u)
    for (size_t i = 0; i < motion.functions.size() && i < jc.u.size(); ++i)
      if (!jc.u[i].angular) scaleFunction(motion.functions[i], {}, s);
}

void scaleGeometry(GeometrySpec& g, Real s) {
  g.pose.position *= s;
  g.size *= s;  // a mesh's size is its scale factors: they take s too
  g.layerThickness *= s;
  if (g.mesh) {
    std::vector<Vec3> vertices = g.mesh->vertices();
    for (Vec3& v : vertices) v *= s;
    g.mesh = std::make_shared<const TriangleMesh>(std::move(vertices), g.mesh->faces(), g.mesh->name());
  }
}

void scaleBody(BodySpec& b, Real s, Real k) {
  b.mass *= k;
  b.massCenter *= s;
  b.inertia *= k * s * s;
  scaleJoint(b.joint, s);
  for (GeometrySpec& g : b.geometry) scaleGeometry(g, s);
}

void scaleNumbers(std::map<std::string, std::vector<Real>>& numbers, const std::string& key, Real s) {
  const auto at = numbers.find(key);
  if (at != numbers.end())
    for (Real& x : at->second) x *= s;
}

// Whether a force's coordinate is a translation (its q, or its u for the forces on speeds).
bool forceOnTranslation(const ModelSpec& m, const ForceSpec& f) {
  if (!f.coordinate || !f.bodies.count("body")) return false;
  const int body = m.findBody(f.bodies.at("body"));
  if (body < 0) return false;
  const bool speed = f.type == ForceType::MobilityConstantForce || f.type == ForceType::MobilityLinearDamper ||
                     f.type == ForceType::JointActuator;
  return translational(m.bodies[static_cast<size_t>(body)].joint, *f.coordinate, speed);
}

void scaleForce(const ModelSpec& m, ForceSpec& f, Real s) {
  const bool translation = forceOnTranslation(m, f);
  for (const FieldInfo& fi : forceTypeInfo(f.type).fields) {
    const std::string name = fi.name;
    const bool lengthNamed = name.rfind("station", 0) == 0 || name == "natural_length";
    if (fi.kind == FieldKind::Frame) scaleNumbers(f.numbers, name + ".position", s);
    else if (lengthNamed || (translation && fi.kind == FieldKind::Angle)) scaleNumbers(f.numbers, name, s);
    else if (translation && fi.kind == FieldKind::Target) {
      scaleNumbers(f.numbers, name, s);
      if (f.function) scaleFunction(*f.function, {}, s);
    }
  }
}

void scaleConstraint(const ModelSpec& m, ConstraintSpec& c, Real s) {
  using K = ConstraintField;
  const auto role = c.coordinates.find("coordinate");
  const bool hasCoordinate = role != c.coordinates.end();
  const bool qTranslation = hasCoordinate && translational(m, role->second, false);
  const bool uTranslation = hasCoordinate && translational(m, role->second, true);
  for (const ConstraintFieldInfo& fi : constraintTypeInfo(c.type).fields) {
    const std::string name = fi.name;
    switch (fi.kind) {
      case K::Station:
      case K::Length: scaleNumbers(c.numbers, name, s); break;
      case K::Frame: scaleNumbers(c.numbers, name + ".position", s); break;
      case K::Scalar:  // point_in_plane's height; constant_speed/acceleration of a translation
        if (name == "height" || uTranslation) scaleNumbers(c.numbers, name, s);
        break;
      case K::TimeFunction:
        if (qTranslation)
          for (FunctionSpec& f : c.function) scaleFunction(f, {}, s);
        break;
      case K::QFunction:
      case K::UFunction:  // f(...) = 0: translational arguments scale, the value's scale is free
        for (FunctionSpec& f : c.function) scaleFunction(f, qualifiedArgScales(m, f, s, fi.kind == K::UFunction), 1.0);
        break;
      default: break;
    }
  }
}

void scaleMuscle(const ModelSpec& m, MuscleSpec& muscle, Real s) {
  for (PathPointSpec& p : muscle.path) {
    p.location *= s;
    if (p.kind == PathPointKind::Conditional && translational(m, p.coordinate, false)) {
      p.lower *= s;
      p.upper *= s;
    }
    if (p.kind == PathPointKind::Moving)
      for (FunctionSpec& f : p.moving) scaleFunction(f, qualifiedArgScales(m, f, s, false), s);
  }
}

void scaleInitialState(const ModelSpec& m, InitialStateSpec& st, Real s) {
  for (auto& [name, value] : st.q)
    if (translational(m, name, false)) value *= s;
  for (auto& [name, value] : st.u)
    if (translational(m, name, true)) value *= s;
}

}  // namespace

ModelSize measureModel(const ModelSpec& model) {
  const Vec3 up = upDirection(model.gravity);
  const std::vector<std::optional<Transform>> poses = zeroPoses(model);
  ModelSize size;
  Range range;
  for (size_t i = 0; i < model.bodies.size(); ++i) {
    const BodySpec& b = model.bodies[i];
    size.mass += b.mass;
    if (!poses[i]) continue;
    for (const GeometrySpec& g : b.geometry) addShape(g, *poses[i] * g.pose.transform(), up, range);
  }
  size.height = range.hi > range.lo ? range.hi - range.lo : 0;
  return size;
}

void scaleModel(ModelSpec& model, Real height, Real mass) {
  requirePositive("height", height);
  requirePositive("mass", mass);
  const ModelSize now = measureModel(model);
  if (!(now.height > 0))
    throw ModelError("", "/bodies", formatValue(now.height),
                     "the model has no measurable height (no geometry with an extent along up at the zero pose)");
  if (!(now.mass > 0)) throw ModelError("", "/bodies", formatValue(now.mass), "the bodies' total mass is not positive");
  const Real s = height / now.height, k = mass / now.mass;
  // Forces, constraints, muscles and the initial state look joints up by coordinate names, which
  // scaling leaves alone, so the order of these passes does not matter.
  for (BodySpec& b : model.bodies) scaleBody(b, s, k);
  for (ForceSpec& f : model.forces) scaleForce(model, f, s);
  for (ConstraintSpec& c : model.constraints) scaleConstraint(model, c, s);
  for (MarkerSpec& marker : model.markers) marker.location *= s;
  for (MuscleSpec& muscle : model.muscles) scaleMuscle(model, muscle, s);
  model.contact.groundHeight *= s;
  for (EventSpec& e : model.scenario.events) {
    if (e.station) *e.station *= s;
    if (e.trigger == EventTriggerKind::HeightBelow) e.height *= s;
  }
  scaleInitialState(model, model.initialState, s);
}

}  // namespace articula::model
