// MJCF geoms, meshes and contact materials (MjcfGeoms.h).
#include "MjcfGeoms.h"

#include <cctype>
#include <filesystem>
#include <sstream>

#include "MjcfFrames.h"
#include "articula/contact/ContactMaterial.h"
#include "articula/contact/MeshIO.h"

namespace articula::model::mjcf {

namespace fs = std::filesystem;

namespace {

const std::map<std::string, GeometryType>& geomKinds() {
  static const std::map<std::string, GeometryType> kinds{
      {"sphere", GeometryType::Sphere},     {"capsule", GeometryType::Capsule}, {"ellipsoid", GeometryType::Ellipsoid},
      {"cylinder", GeometryType::Cylinder}, {"box", GeometryType::Box},         {"mesh", GeometryType::Mesh}};
  return kinds;
}

// How many size values a primitive needs: sphere 1, capsule and cylinder 2, box and ellipsoid 3.
int sizesNeeded(GeometryType t) {
  if (t == GeometryType::Sphere) return 1;
  return t == GeometryType::Capsule || t == GeometryType::Cylinder ? 2 : 3;
}

std::string lowerExtension(const fs::path& p) {
  std::string ext = p.extension().string();
  for (char& ch : ext) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return ext;
}

}  // namespace

void Geoms::readAsset(const XMLElement* el) {
  c_.xml.forEachChild(el, [&](const XMLElement* e) {
    if (std::string(e->Name()) != "mesh") return c_.report.skip(e);
    const std::string cls = c_.at.classOf(e, "main");
    const char* file = e->Attribute("file");
    if (!file)
      c_.xml.fail(e, describe(e) + " file", "", "missing attribute \"file\" (meshes given by vertices are not read)");
    const std::string name = e->Attribute("name") ? e->Attribute("name") : fs::path(file).stem().string();
    if (meshes_.count(name)) c_.xml.fail(e, describe(e) + " name", name, "a second mesh of this name");
    meshes_[name] = {e, cls};
  });
}

std::string Geoms::materialFor(Real friction) {
  std::ostringstream key;
  key << friction;
  auto it = frictionMaterial_.find(key.str());
  if (it != frictionMaterial_.end()) return it->second;
  ContactMaterialSpec mat;
  mat.name = "mjcf_friction_" + key.str();
  mat.type = ContactMaterialType::Hertz;
  const ContactMaterial library;  // MuJoCo's soft contact has no modulus: the library's defaults, written out
  mat.parameters["youngs_modulus"] = library.youngsModulus;
  mat.parameters["poisson_ratio"] = library.poissonRatio;
  mat.parameters["dissipation"] = library.dissipation;
  mat.parameters["static_friction"] = friction;
  mat.parameters["dynamic_friction"] = friction;
  c_.m.contactMaterials.push_back(mat);
  return frictionMaterial_[key.str()] = mat.name;
}

std::optional<GeometrySpec> Geoms::readMesh(const XMLElement* el, const std::string& cls, MassBody& massInGeom,
                                            Real density, std::optional<Real> mass) {
  const std::string who = describe(el);
  const char* name = c_.at.get(el, cls, "mesh");
  if (!name) c_.xml.fail(el, who + " mesh", "", "a mesh geom needs the attribute \"mesh\"");
  const auto it = meshes_.find(name);
  if (it == meshes_.end()) c_.xml.fail(el, who + " mesh", name, "no <mesh> of this name in <asset>");
  const auto& [asset, acls] = it->second;
  const std::string file = asset->Attribute("file");
  const Vec3 scale = c_.at.vec3(asset, acls, "scale", Vec3::Ones());
  const fs::path p = fs::path(c_.xml.fileOf(asset)).parent_path() / c_.compiler.meshdir / file;
  const std::string ext = lowerExtension(p);
  const bool found = fs::is_regular_file(p), readable = ext == ".obj" || ext == ".stl";
  if (!found || !readable || !c_.xml.allowed(p)) {
    c_.m.warnings.push_back(lineOf(el) + ": " + who + ": mesh " + file +
                            (!found      ? " not found"
                             : !readable ? " is not OBJ or STL"
                                         : " is outside the model file's folder (--allow-path)") +
                            "; its geometry and mass are left out");
    return std::nullopt;
  }
  std::shared_ptr<TriangleMesh> raw;
  try {
    raw = articula::readMesh(p.string());
  } catch (const std::exception& e) {
    c_.xml.fail(asset, describe(asset) + " file", file, std::string("cannot read the mesh: ") + e.what());
  }
  std::vector<Vec3> v = raw->vertices();
  for (Vec3& x : v) x = x.cwiseProduct(scale);
  const auto scaled = std::make_shared<const TriangleMesh>(std::move(v), raw->faces(), p.string());
  const std::optional<MassBody> unit = meshMass(*scaled, 1.0);
  if (!unit)
    c_.xml.fail(asset, describe(asset) + " file", file, "the mesh encloses no volume (open, or faces inside out)");
  // MuJoCo moves a mesh into its inertial frame: the geom frame is the mesh's centroid and axes.
  const Transform X_fileInertial = meshInertialFrame(*unit);
  const Real m = mass ? *mass : density * unit->mass;
  const Mat33 R = X_fileInertial.R().matrix();
  massInGeom = MassBody{m, Vec3::Zero(), R.transpose() * unit->inertia * (m / unit->mass) * R};
  GeometrySpec g;
  g.type = GeometryType::Mesh;
  g.size = scale;
  g.meshPath = fs::absolute(p).lexically_normal().string();
  g.meshFile = g.meshPath;
  g.mesh = scaled;
  g.pose = frameOf(X_fileInertial.inverse());  // the file's vertices seen from the inertial frame
  return g;
}

void Geoms::setFloor(const Transform& X, bool contact, Real friction) {
  groundSet_ = true;
  ContactSpec& k = c_.m.contact;
  k.enabled = true;
  k.ground = true;
  k.groundNormal = X.R().matrix().col(2);
  k.groundHeight = X.p().dot(k.groundNormal);
  if (contact) k.groundMaterial = materialFor(friction);
}

// The geom frame in the body (fromto: along the segment, the half-length put into `size`).
Transform Geoms::placement(const XMLElement* el, const std::string& cls, const std::string& type, bool fromto,
                           std::vector<Real>& size, const MjBody& b) const {
  Transform X = c_.at.frame(el, cls);
  if (fromto) {
    const std::vector<Real> f = c_.at.numbers(el, cls, "fromto", 6, 6);
    const Vec3 a(f[0], f[1], f[2]), e(f[3], f[4], f[5]);
    if (!((e - a).norm() > 1e-15))
      c_.xml.fail(el, describe(el) + " fromto", c_.at.get(el, cls, "fromto"), "the two points coincide");
    X = fromTo(a, e);
    (type == "box" || type == "ellipsoid" ? size[2] : size[1]) = (e - a).norm() / 2;
  }
  return c_.compiler.global ? b.X_WB.inverse() * X : X;
}

// A primitive's sizes checked and set in `g`; its mass placed at X.
MassBody Geoms::shape(const XMLElement* el, const std::string& cls, const std::string& type, bool fromto,
                      GeometrySpec& g, const std::vector<Real>& size, Real density, std::optional<Real> mass,
                      const Transform& X) const {
  const int needed = sizesNeeded(g.type);
  for (int k = 0; k < needed; ++k)
    if (!(size[static_cast<size_t>(k)] > 0))
      c_.xml.fail(el, describe(el) + " size", c_.at.get(el, cls, "size") ? c_.at.get(el, cls, "size") : "",
                  "a " + type + " needs " + std::to_string(needed) + " positive size values" +
                      (fromto ? " (fromto gives the length)" : ""));
  g.size = Vec3(size[0], needed > 1 ? size[1] : 0, needed > 2 ? size[2] : 0);
  return placed(shapeMass(g.type, g.size, mass ? *mass : density * shapeVolume(g.type, g.size)), X);
}

Geoms::Properties Geoms::properties(const XMLElement* el, const std::string& cls) const {
  Properties k;
  if (c_.at.get(el, cls, "mass")) {
    k.mass = c_.at.scalar(el, cls, "mass", 0);
    if (*k.mass < 0) c_.xml.fail(el, describe(el) + " mass", c_.at.get(el, cls, "mass"), "must not be negative");
  }
  k.density = c_.at.scalar(el, cls, "density", 1000);
  if (k.density < 0) c_.xml.fail(el, describe(el) + " density", c_.at.get(el, cls, "density"), "must not be negative");
  const int group = static_cast<int>(c_.at.scalar(el, cls, "group", 0));
  k.countsForMass = group >= c_.compiler.groupRange[0] && group <= c_.compiler.groupRange[1];
  k.contact = c_.at.scalar(el, cls, "contype", 1) != 0 || c_.at.scalar(el, cls, "conaffinity", 1) != 0;
  k.friction = c_.at.get(el, cls, "friction") ? c_.at.numbers(el, cls, "friction", 1, 3)[0] : 1.0;
  return k;
}

void Geoms::noteClassOnly(const XMLElement* el, const std::string& cls) {
  for (const char* k : {"condim", "solref", "solimp", "solmix", "margin", "gap", "material", "priority", "fluidshape",
                        "fluidcoef", "user", "hfield"})
    if (!el->Attribute(k) && c_.at.get(el, cls, k))
      c_.report.note(std::string("geom ") + k + " (from class " + cls + ")", el);
}

void Geoms::read(const XMLElement* el, const std::string& cls, MjBody& b, MassBody& fromGeoms) {
  c_.report.unknownAttributes(el, {"name", "class", "type", "size", "fromto", "pos", "quat", "axisangle", "euler",
                                   "xyaxes", "zaxis", "mass", "density", "contype", "conaffinity", "rgba", "mesh",
                                   "friction", "group"});
  noteClassOnly(el, cls);
  const char* t = c_.at.get(el, cls, "type");
  const std::string type = t ? t : "sphere";
  if (type != "plane" && !geomKinds().count(type))
    c_.xml.fail(el, describe(el) + " type", type,
                "unknown or unsupported geom type (plane, sphere, capsule, ellipsoid, cylinder, box, mesh)");
  const Properties k = properties(el, cls);
  std::vector<Real> size = c_.at.get(el, cls, "size") ? c_.at.numbers(el, cls, "size", 1, 3) : std::vector<Real>{};
  size.resize(3, 0);
  const bool fromto = c_.at.get(el, cls, "fromto") && type != "plane" && type != "sphere" && type != "mesh";
  Transform X = placement(el, cls, type, fromto, size, b);
  if (type == "plane") {
    if (b.el) return c_.report.skip(el, "geom plane on a moving body (only the world's plane is the floor)");
    if (groundSet_) return c_.report.skip(el, "geom plane besides the first (the floor)");
    return setFloor(X, k.contact, k.friction);
  }
  GeometrySpec g;
  g.type = geomKinds().at(type);
  MassBody own;
  if (g.type == GeometryType::Mesh) {
    const auto mesh = readMesh(el, cls, own, k.density, k.mass);
    if (!mesh) return;
    g = *mesh;
    own = placed(own, X);  // X is the mesh's inertial frame in the body
    X = X * g.pose.transform();
  } else {
    own = shape(el, cls, type, fromto, g, size, k.density, k.mass, X);
  }
  if (k.countsForMass) fromGeoms = combined(fromGeoms, own);
  g.pose = frameOf(X);
  const char* n = el->Attribute("name");
  g.name = n ? n : b.name + "/geom" + std::to_string(b.geometry.size());
  if (c_.at.get(el, cls, "rgba")) {
    const std::vector<Real> rgba = c_.at.numbers(el, cls, "rgba", 4, 4);
    g.color = Vec3(rgba[0], rgba[1], rgba[2]).cwiseMax(0).cwiseMin(1);
  }
  if (k.contact) g.material = materialFor(k.friction);
  if (!b.el)
    return c_.report.skip(el, "geom on the world body (static obstacles are not represented; planes are the floor)");
  b.geometry.push_back(g);
}

}  // namespace articula::model::mjcf
