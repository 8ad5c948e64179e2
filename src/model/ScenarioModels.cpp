// The "models" list of a scenario (see ScenarioModels.h).
#include "ScenarioModels.h"

#include <algorithm>
#include <filesystem>

#include "ReadHelpers.h"
#include "articula/model/ModelFile.h"
#include "articula/model/UrdfImport.h"

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

// The load options of one entry: the scenario's, with a URDF file's own import options
// ("floating_base", "urdf_limits", "package_paths"; docs/urdf.md) where the entry gives them.
LoadOptions entryOptions(const JsonNode& e, const std::string& path, LoadOptions options) {
  const bool urdf = hasUrdfExtension(path);
  for (const char* key : {"floating_base", "urdf_limits", "package_paths"})
    if (e.has(key) && !urdf) e.at(key).fail("an import option of URDF files, and this file is not one (.urdf)");
  if (auto v = e.get("floating_base")) options.floatingBase = v->boolean();
  if (auto v = e.get("urdf_limits")) options.urdfLimits = v->boolean();
  if (auto v = e.get("package_paths")) {
    const std::filesystem::path folder = std::filesystem::path(e.file()).parent_path();
    for (size_t i = 0; i < v->size(); ++i) options.packagePaths.push_back((folder / (*v)[i].string()).string());
  }
  return options;
}

// "geometry": {"body": [shapes]}: shapes added to the included model's bodies, in their frames (a
// URDF whose meshes are absent gets display and contact shapes without editing the robot file).
void addGeometry(const JsonNode& map, const Placement& p, const ModelSpec& part, ModelSpec& m,
                 const LoadOptions& options) {
  map.requireObject();
  for (const std::string& body : map.keys()) {
    if (part.findBody(body) < 0) map.at(body).fail("no body \"" + body + "\" in this model");
    const int b = m.findBody(prefixed(p, body));
    const JsonNode shapes = map.at(body);
    std::vector<GeometrySpec>& list = m.bodies[b].geometry;
    for (size_t i = 0; i < shapes.size(); ++i) {
      GeometrySpec g = readGeometry(shapes[i], list.size(), options);
      if (g.material.empty() && g.forceCurve.empty()) g.material = p.material;
      const bool known = std::any_of(m.contactMaterials.begin(), m.contactMaterials.end(),
                                     [&](const ContactMaterialSpec& c) { return c.name == g.material; });
      if (!g.material.empty() && !known) shapes[i].at("material").fail("no contact material of this name");
      for (const GeometrySpec& have : list)
        if (have.name == g.name) shapes[i].fail("body \"" + body + "\" has a shape named \"" + g.name + "\" already");
      list.push_back(std::move(g));
    }
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
    e.allowOnly({"file", "prefix", "position", "orientation", "velocity", "material", "self_contact", "floating_base",
                 "urdf_limits", "package_paths", "geometry"});
    const std::string path = (folder / e.at("file").string()).string();
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status))
      e.at("file").fail("no such file (paths are relative to the scenario's folder)");
    if (!std::filesystem::is_regular_file(status)) e.at("file").fail("not a regular file (a folder, device or pipe)");
    const ModelSpec part = loadModelFile(path, entryOptions(e, path, options));  // its errors name its file
    const Placement p = readPlacement(e);
    if (!p.material.empty()) {
      bool known = false;
      for (const auto& c : m.contactMaterials) known = known || c.name == p.material;
      for (const auto& c : part.contactMaterials) known = known || c.name == p.material;
      if (!known) e.at("material").fail("no contact material of this name");
    }
    mergeMaterials(part, m, e);
    mergeBodies(p, part, m, e, std::filesystem::path(e.at("file").string()).parent_path());
    if (auto g = e.get("geometry")) addGeometry(*g, p, part, m, options);
    mergeForces(p, part, m);
    mergeContact(p, part, m);
    mergeInitialState(p, part, m);
    mergeConstraints(p, part, m);
    for (const std::string& w : part.warnings) m.warnings.push_back(e.at("file").string() + ": " + w);
  }
}

}  // namespace articula::model
