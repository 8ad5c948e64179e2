// The "models" list of a scenario (see ScenarioModels.h).
#include "ScenarioModels.h"

#include <filesystem>

#include "ReadHelpers.h"
#include "articula/model/ModelFile.h"

namespace articula::model {

namespace {

struct Placement {
  std::string prefix;
  Transform X_GP;                  // the model's Ground frame in the scenario's Ground
  std::optional<Vec3> velocity_G;  // initial linear velocity of its root bodies
  std::string material;            // given to shapes without one ("" = none)
  std::optional<bool> selfContact;
};

std::string prefixed(const Placement& p, const std::string& name) { return name == "ground" ? name : p.prefix + name; }

bool sameMaterial(const ContactMaterialSpec& a, const ContactMaterialSpec& b) {
  return a.type == b.type && a.parameters == b.parameters && a.forceCurve == b.forceCurve &&
         a.unloadCurve == b.unloadCurve;
}

// Contact materials share one namespace: the same name must mean the same material.
void mergeMaterials(const ModelSpec& part, ModelSpec& m, const JsonNode& entry) {
  for (const ContactMaterialSpec& c : part.contactMaterials) {
    const ContactMaterialSpec* have = nullptr;
    for (const auto& x : m.contactMaterials)
      if (x.name == c.name) have = &x;
    if (!have) m.contactMaterials.push_back(c);
    else if (!sameMaterial(*have, c))
      entry.at("file").fail("contact material \"" + c.name + "\" differs from the one of that name already defined");
  }
}

// The root joint's velocity: free joints take u = (w, v) with v in the joint frame F.
void setRootVelocity(const Placement& p, const BodySpec& b, ModelSpec& m, const JsonNode& entry) {
  if (b.joint.type != JointType::Free || b.joint.euler)
    entry.at("velocity")
        .fail("\"velocity\" needs a free (quaternion) root joint, and \"" + b.joint.name + "\" is " +
              nameOf(b.joint.type));
  const Rotation R_GF = p.X_GP.R() * b.joint.parentFrame.orientation.toRotation();
  const Vec3 v_F = R_GF.transpose() * *p.velocity_G;
  const std::string j = prefixed(p, b.joint.name);
  m.initialState.u[j + ".vx"] = v_F[0];
  m.initialState.u[j + ".vy"] = v_F[1];
  m.initialState.u[j + ".vz"] = v_F[2];
}

// `folder`: the included file's folder relative to the scenario's, so a mesh path written back
// into the scenario still names the same file.
void mergeBodies(const Placement& p, const ModelSpec& part, ModelSpec& m, const JsonNode& entry,
                 const std::filesystem::path& folder) {
  for (BodySpec b : part.bodies) {
    const bool root = b.joint.parent == "ground";
    if (root && p.velocity_G) setRootVelocity(p, b, m, entry);
    if (root) {  // X_GF' = X_GP X_PF
      const Transform X_GF = p.X_GP * b.joint.parentFrame.transform();
      b.joint.parentFrame.position = X_GF.p();
      b.joint.parentFrame.orientation = X_GF.R().toQuaternion();
    }
    b.name = prefixed(p, b.name);
    b.joint.name = prefixed(p, b.joint.name);
    b.joint.parent = prefixed(p, b.joint.parent);
    for (GeometrySpec& g : b.geometry)
      if (g.material.empty() && g.forceCurve.empty()) g.material = p.material;
    for (GeometrySpec& g : b.geometry)
      if (g.type == GeometryType::Mesh) g.meshFile = (folder / g.meshFile).lexically_normal().generic_string();
    if (m.findBody(b.name) >= 0)
      entry.fail("body \"" + b.name + "\" exists already: give this model a different \"prefix\"");
    m.bodies.push_back(std::move(b));
  }
}

void mergeForces(const Placement& p, const ModelSpec& part, ModelSpec& m) {
  for (ForceSpec f : part.forces) {
    f.name = prefixed(p, f.name);
    for (auto& [role, body] : f.bodies) body = prefixed(p, body);
    std::map<std::string, Real> damping;
    for (const auto& [body, c] : f.bodyDamping) damping[prefixed(p, body)] = c;
    f.bodyDamping = damping;
    for (std::string& j : f.joints) j = prefixed(p, j);
    m.forces.push_back(std::move(f));
  }
}

void mergeContact(const Placement& p, const ModelSpec& part, ModelSpec& m) {
  const ContactSpec& c = part.contact;
  for (const auto& pair : c.excludedBodyPairs)
    m.contact.excludedBodyPairs.push_back({prefixed(p, pair[0]), prefixed(p, pair[1])});
  for (const auto& clique : c.cliques) {
    std::vector<std::string> names;
    for (const auto& n : clique) names.push_back(prefixed(p, n));
    m.contact.cliques.push_back(names);
  }
  const bool self = p.selfContact.value_or(!c.enabled || c.selfContact);
  if (!self && part.bodies.size() > 1) {  // the model's own shapes never touch each other
    std::vector<std::string> names;
    for (const BodySpec& b : part.bodies) names.push_back(prefixed(p, b.name));
    m.contact.cliques.push_back(names);
  }
}

void mergeInitialState(const Placement& p, const ModelSpec& part, ModelSpec& m) {
  for (const auto& [k, v] : part.initialState.q) m.initialState.q[p.prefix + k] = v;
  for (const auto& [k, v] : part.initialState.u) m.initialState.u.try_emplace(p.prefix + k, v);
  for (const std::string& c : part.initialState.hold) m.initialState.hold.push_back(p.prefix + c);
}

// Constraint frames are in body frames, so only names change: bodies, "joint.coordinate" roles and
// the coordinate arguments of functions (time "t" stays).
void mergeConstraints(const Placement& p, const ModelSpec& part, ModelSpec& m) {
  for (ConstraintSpec c : part.constraints) {
    if (!c.name.empty()) c.name = prefixed(p, c.name);
    for (auto& [role, body] : c.bodies) body = prefixed(p, body);
    for (auto& [role, coordinate] : c.coordinates) coordinate = p.prefix + coordinate;
    for (FunctionSpec& f : c.function)
      for (std::string& a : f.args)
        if (a != "t") a = p.prefix + a;
    m.constraints.push_back(std::move(c));
  }
}

Placement readPlacement(const JsonNode& e) {
  Placement p;
  if (auto v = e.get("prefix")) p.prefix = v->string();
  FrameSpec pose;
  if (auto v = e.get("position")) pose.position = v->vec3();
  if (auto v = e.get("orientation")) pose.orientation = readOrientation(*v);
  p.X_GP = pose.transform();
  if (auto v = e.get("velocity")) p.velocity_G = v->vec3();
  if (auto v = e.get("material")) p.material = v->string();
  if (auto v = e.get("self_contact")) p.selfContact = v->boolean();
  return p;
}

}  // namespace

void includeModels(const JsonNode& list, ModelSpec& m, const std::string& file, const LoadOptions& options) {
  // A file that includes itself (directly or not) would recurse forever.
  static thread_local int depth = 0;
  if (depth >= 8) list.fail("models nested more than 8 deep (does a file include itself?)");
  struct Nesting {
    Nesting() { ++depth; }
    ~Nesting() { --depth; }
  } nesting;
  const std::filesystem::path folder = std::filesystem::path(file).parent_path();
  for (size_t i = 0; i < list.size(); ++i) {
    const JsonNode e = list[i];
    e.allowOnly({"file", "prefix", "position", "orientation", "velocity", "material", "self_contact"});
    const std::string path = (folder / e.at("file").string()).string();
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status))
      e.at("file").fail("no such file (paths are relative to the scenario's folder)");
    if (!std::filesystem::is_regular_file(status)) e.at("file").fail("not a regular file (a folder, device or pipe)");
    const ModelSpec part = loadModelFile(path, options);  // its own errors name its own file
    const Placement p = readPlacement(e);
    if (!p.material.empty()) {
      bool known = false;
      for (const auto& c : m.contactMaterials) known = known || c.name == p.material;
      for (const auto& c : part.contactMaterials) known = known || c.name == p.material;
      if (!known) e.at("material").fail("no contact material of this name");
    }
    mergeMaterials(part, m, e);
    mergeBodies(p, part, m, e, std::filesystem::path(e.at("file").string()).parent_path());
    mergeForces(p, part, m);
    mergeContact(p, part, m);
    mergeInitialState(p, part, m);
    mergeConstraints(p, part, m);
    for (const std::string& w : part.warnings) m.warnings.push_back(e.at("file").string() + ": " + w);
  }
}

}  // namespace articula::model
