// Writer of the Articula model format: the exact inverse of the reader (round-trip tested), in SI
// units and radians, with orientations as quaternions; the initial state's angles in degrees when
// the file gave them in degrees (InitialStateSpec::degrees, which chooses the output columns' unit).
#include <cmath>

#include "ConstraintFields.h"
#include "EventFields.h"
#include "ForceFields.h"
#include "FunctionFields.h"
#include "JsonText.h"
#include "MuscleFields.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelFile.h"

namespace articula::model {

using nlohmann::json;

namespace {

json vec(const Vec3& v) { return json::array({v[0], v[1], v[2]}); }

json frame(const FrameSpec& f) {
  const Vec4 q = f.orientation.asVec4();
  return json{{"position", vec(f.position)}, {"orientation", {{"quaternion", {q[0], q[1], q[2], q[3]}}}}};
}

json curve(const std::vector<std::array<Real, 2>>& c) {
  json a = json::array();
  for (const auto& p : c) a.push_back({p[0], p[1]});
  return a;
}

json joint(const JointSpec& s) {
  json j{{"name", s.name},
         {"type", nameOf(s.type)},
         {"parent", s.parent},
         {"parent_frame", frame(s.parentFrame)},
         {"child_frame", frame(s.childFrame)}};
  if (s.euler) j["euler"] = true;
  if (s.reverse) j["reverse"] = true;
  if (s.type == JointType::Screw) j["pitch"] = s.pitch;
  if (s.type == JointType::Ellipsoid) j["semi_axes"] = vec(s.semiAxes);
  if (s.type == JointType::FunctionBased) {
    const FunctionBasedSpec& f = s.functions;
    json coords = json::array();
    for (size_t i = 0; i < f.coordinates.size(); ++i)
      coords.push_back({{"name", f.coordinates[i]}, {"angular", bool(f.angular[i])}});
    j["coordinates"] = coords;
    json ra = json::array(), ta = json::array(), r = json::array(), t = json::array();
    for (int k = 0; k < 3; ++k) {
      ra.push_back(vec(f.rotationAxes[k]));
      ta.push_back(vec(f.translationAxes[k]));
      r.push_back(f.rotations[k] ? writeFunction(*f.rotations[k]) : json(nullptr));
      t.push_back(f.translations[k] ? writeFunction(*f.translations[k]) : json(nullptr));
    }
    j["rotation_axes"] = ra;
    j["rotations"] = r;
    j["translation_axes"] = ta;
    j["translations"] = t;
  }
  if (!s.motion.empty()) j["motion"] = writeJointMotion(s.motion.front());
  return j;
}

json geometry(const GeometrySpec& g) {
  json j{{"name", g.name}, {"type", nameOf(g.type)}};
  switch (g.type) {
    case GeometryType::Sphere: j["radius"] = g.size[0]; break;
    case GeometryType::Ellipsoid: j["semi_axes"] = vec(g.size); break;
    case GeometryType::Box: j["half_lengths"] = vec(g.size); break;
    case GeometryType::Cylinder:
    case GeometryType::Capsule:
      j["radius"] = g.size[0];
      j["half_length"] = g.size[1];
      break;
    case GeometryType::Mesh:
      j["file"] = g.meshFile;
      if (g.size != Vec3::Ones()) j["scale"] = g.size.minCoeff() == g.size.maxCoeff() ? json(g.size[0]) : vec(g.size);
      if (g.layerThickness > 0) j["layer_thickness"] = g.layerThickness;
      break;
  }
  const json f = frame(g.pose);
  j["position"] = f["position"];
  j["orientation"] = f["orientation"];
  if (g.color) j["color"] = vec(*g.color);
  if (!g.material.empty()) j["material"] = g.material;
  if (!g.forceCurve.empty()) j["force_curve"] = curve(g.forceCurve);
  if (!g.unloadCurve.empty()) j["unload_curve"] = curve(g.unloadCurve);
  return j;
}

json body(const BodySpec& b) {
  const Mat33& I = b.inertia;
  json j{{"name", b.name},
         {"mass", b.mass},
         {"mass_center", vec(b.massCenter)},
         {"inertia", {{"moments", {I(0, 0), I(1, 1), I(2, 2)}}, {"products", {I(0, 1), I(0, 2), I(1, 2)}}}}};
  if (b.color) j["color"] = vec(*b.color);
  j["joint"] = joint(b.joint);
  if (!b.geometry.empty()) {
    j["geometry"] = json::array();
    for (const auto& g : b.geometry) j["geometry"].push_back(geometry(g));
  }
  return j;
}

json force(const ForceSpec& f) {
  json j{{"type", nameOf(f.type)}, {"name", f.name}};
  for (const FieldInfo& fi : forceTypeInfo(f.type).fields) {
    const std::string key = fi.name;
    const auto num = f.numbers.find(key);
    switch (fi.kind) {
      case FieldKind::Body:
        if (f.bodies.count(key)) j[key] = f.bodies.at(key);
        break;
      case FieldKind::Coordinate:
        if (f.coordinate) j[key] = *f.coordinate;
        break;
      case FieldKind::Axis:
        if (f.twistAxis) j[key] = nameOf(*f.twistAxis);
        break;
      case FieldKind::PulseMode:
        if (f.mode) j[key] = nameOf(*f.mode);
        break;
      case FieldKind::Scalar:
      case FieldKind::Angle:
        if (num != f.numbers.end() && std::isfinite(num->second[0])) j[key] = num->second[0];
        break;
      case FieldKind::Bool:
        if (num != f.numbers.end()) j[key] = num->second[0] != 0;
        break;
      case FieldKind::Vec3:
      case FieldKind::Vec6:
      case FieldKind::Numbers:
        if (num != f.numbers.end()) j[key] = num->second;
        break;
      case FieldKind::Frame:
        if (f.numbers.count(key + ".position"))
          j[key] = {{"position", f.numbers.at(key + ".position")},
                    {"orientation", {{"quaternion", f.numbers.at(key + ".orientation")}}}};
        break;
      case FieldKind::BodyMap:
        if (!f.bodyDamping.empty()) j[key] = f.bodyDamping;
        break;
      case FieldKind::Function:
        if (f.function) j[key] = writeFunction(*f.function);
        break;
      case FieldKind::Target:  // a function, a number, or absent (hold the initial value)
        if (f.function) j[key] = writeFunction(*f.function);
        else if (num != f.numbers.end()) j[key] = num->second[0];
        break;
      case FieldKind::Joints:
        if (!f.joints.empty()) j[key] = f.joints;
        break;
      case FieldKind::Axes:
        if (f.numbers.count("axes.lower")) {
          json axes = json::array();
          for (int i = 0; i < 3; ++i) {
            json a{{"stiffness", f.numbers.at("axes.stiffness")[i]}, {"damping", f.numbers.at("axes.damping")[i]}};
            if (std::isfinite(f.numbers.at("axes.lower")[i])) a["lower"] = f.numbers.at("axes.lower")[i];
            if (std::isfinite(f.numbers.at("axes.upper")[i])) a["upper"] = f.numbers.at("axes.upper")[i];
            axes.push_back(a);
          }
          j["axes"] = axes;
        }
        break;
    }
  }
  return j;
}

json material(const ContactMaterialSpec& c) {
  json j{{"type", nameOf(c.type)}};
  for (const auto& [k, v] : c.parameters) j[k] = v;
  if (!c.forceCurve.empty()) j["force_curve"] = curve(c.forceCurve);
  if (!c.unloadCurve.empty()) j["unload_curve"] = curve(c.unloadCurve);
  return j;
}

json contact(const ContactSpec& c) {
  json j{{"self_contact", c.selfContact}, {"excluded_joint_distance", c.excludedJointDistance}};
  if (c.ground) {
    j["ground"] = {{"height", c.groundHeight}, {"normal", vec(c.groundNormal)}};
    if (!c.groundMaterial.empty()) j["ground"]["material"] = c.groundMaterial;
  }
  if (!c.excludedBodyPairs.empty()) j["exclude"] = c.excludedBodyPairs;
  if (!c.cliques.empty()) j["cliques"] = c.cliques;
  if (c.transitionSpeed) j["transition_speed"] = *c.transitionSpeed;
  if (c.recoverySpeed) j["recovery_speed"] = *c.recoverySpeed;
  return j;
}

bool isAngular(const ModelSpec& m, const std::string& key, bool isU) {
  const size_t dot = key.rfind('.');
  for (const BodySpec& b : m.bodies)
    if (dot != std::string::npos && b.joint.name == key.substr(0, dot)) {
      const JointCoordinates jc = jointCoordinates(b.joint);
      for (const CoordinateName& c : isU ? jc.u : jc.q)
        if (c.name == key.substr(dot + 1)) return c.angular;
    }
  return false;
}

// "q" and "u" in SI units; with degrees, the angles under "q_deg" and "u_deg" (each the shortest
// decimal that reads back to the same radians; an angle without one stays in radians). "q_deg" is
// written even when empty: it is what marks the file as giving degrees.
json initialState(const ModelSpec& m) {
  const InitialStateSpec& s = m.initialState;
  json j = json::object();
  for (const bool isU : {false, true}) {
    json si = json::object(), deg = json::object();
    for (const auto& [key, x] : isU ? s.u : s.q) {
      const std::optional<double> d = s.degrees && isAngular(m, key, isU) ? exactDegrees(x) : std::nullopt;
      if (d) deg[key] = *d;
      else si[key] = x;
    }
    j[isU ? "u" : "q"] = si;
    if (s.degrees && (!deg.empty() || !isU)) j[isU ? "u_deg" : "q_deg"] = deg;
  }
  if (!s.hold.empty()) j["hold"] = s.hold;
  return j;
}

}  // namespace

json writeArticulaModel(const ModelSpec& m) {
  json j{{"format", "articula-model"}, {"version", 1}, {"name", m.name}};
  if (!m.description.empty()) j["description"] = m.description;
  j["gravity"] = vec(m.gravity);
  if (!m.contactMaterials.empty()) {
    json mats = json::object();
    for (const auto& c : m.contactMaterials) mats[c.name] = material(c);
    j["contact_materials"] = mats;
  }
  if (m.contact.enabled) j["contact"] = contact(m.contact);
  j["bodies"] = json::array();
  for (const auto& b : m.bodies) j["bodies"].push_back(body(b));
  j["forces"] = json::array();
  for (const auto& f : m.forces) j["forces"].push_back(force(f));
  if (!m.constraints.empty()) {
    j["constraints"] = json::array();
    for (const auto& c : m.constraints) j["constraints"].push_back(writeConstraint(c));
  }
  if (!m.markers.empty()) {
    j["markers"] = json::array();
    for (const MarkerSpec& k : m.markers)
      j["markers"].push_back({{"name", k.name}, {"body", k.body}, {"location", vec(k.location)}});
  }
  if (!m.muscles.empty()) j["muscles"] = writeMuscles(m.muscles);
  j["initial_state"] = initialState(m);
  const ScenarioSpec& s = m.scenario;
  std::vector<std::string> outputs;
  for (const OutputKind o : s.outputs) outputs.push_back(nameOf(o));
  j["scenario"] = {{"duration", s.duration},
                   {"integrator", nameOf(s.integrator)},
                   {"accuracy", s.accuracy},
                   {"report_interval", s.reportInterval},
                   {"outputs", outputs}};
  const OutputSelection& c = s.columns;
  if (!c.groups.empty() || !c.bodies.empty() || c.digits != kDefaultDigits || c.angles != AngleUnit::AsFile) {
    json o{{"files", outputs}};
    if (!c.groups.empty()) {
      o["columns"] = json::array();
      for (const ColumnGroup g : c.groups) o["columns"].push_back(nameOf(g));
    }
    if (!c.bodies.empty()) o["bodies"] = c.bodies;
    if (c.digits != kDefaultDigits) o["digits"] = c.digits;
    if (c.angles != AngleUnit::AsFile) o["angles"] = nameOf(c.angles);
    j["scenario"]["outputs"] = o;
  }
  if (s.fixedStep > 0) j["scenario"]["fixed_step"] = s.fixedStep;
  if (s.maxSteps != kDefaultMaxSteps) j["scenario"]["max_steps"] = s.maxSteps;
  if (!s.headBody.empty()) j["scenario"]["head_body"] = s.headBody;
  if (!s.events.empty()) {  // only when there are: files without events are written as before
    j["scenario"]["events"] = json::array();
    for (const EventSpec& e : s.events) j["scenario"]["events"].push_back(writeEvent(e));
  }
  return j;
}

}  // namespace articula::model
