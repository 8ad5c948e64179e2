// URDF import (include/articula/model/UrdfImport.h, docs/urdf.md): the XML is read with tinyxml2,
// which keeps every element's line number for the messages.
#include "articula/model/UrdfImport.h"

#include <tinyxml2.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "ReadHelpers.h"
#include "XmlSyntaxError.h"
#include "articula/contact/MeshIO.h"
#include "articula/model/ModelError.h"

namespace articula::model {
namespace {

namespace fs = std::filesystem;
using tinyxml2::XMLElement;

struct UrdfGeometry {
  GeometrySpec spec;
  bool missing = false;
};

struct UrdfLink {
  const XMLElement* el = nullptr;
  Real mass = 0;
  Vec3 com = Vec3::Zero();
  Mat33 inertia = Mat33::Zero();  // about the mass centre, in the link frame
  std::vector<GeometrySpec> geometry;
  const XMLElement* singular = nullptr;  // the <inertia> of a positive mass whose tensor is only semi-definite
  std::string singularProblem;
};

struct UrdfJoint {
  const XMLElement* el = nullptr;
  std::string name, type, parent, child;
  Transform origin;
  Vec3 axis = Vec3::UnitX();
  std::optional<Real> lower, upper, damping;
  const XMLElement* mimic = nullptr;
};

class Importer {
 public:
  Importer(const std::string& file, const LoadOptions& options) : file_(file), options_(options) {}
  ModelSpec run(const std::string& text);

 private:
  const std::string& file_;
  const LoadOptions& options_;
  ModelSpec m_;
  std::map<std::string, UrdfLink> links_;
  std::vector<std::string> linkOrder_;  // as in the file
  std::vector<UrdfJoint> joints_;

  [[noreturn]] void fail(const XMLElement* el, const std::string& what, const std::string& value,
                         const std::string& problem) const {
    throw ModelError(file_ + ":" + std::to_string(el ? el->GetLineNum() : 0), what, value, problem);
  }
  static std::string describe(const XMLElement* el) {
    std::string d = std::string("<") + el->Name();
    if (const char* n = el->Attribute("name")) d += std::string(" name=\"") + n + "\"";
    return d + ">";
  }
  std::string attribute(const XMLElement* el, const char* key, const std::string& owner) const;
  std::vector<Real> numbers(const XMLElement* el, const char* key, size_t count, const std::string& owner,
                            const char* fallback = nullptr) const;
  Real number(const XMLElement* el, const char* key, const std::string& owner) const {
    return numbers(el, key, 1, owner)[0];
  }
  Transform origin(const XMLElement* parent, const std::string& owner) const;
  void readLink(const XMLElement* el);
  void readInertial(const XMLElement* el, UrdfLink& link, const std::string& owner);
  std::optional<GeometrySpec> readGeometry(const XMLElement* shape, const std::string& linkName,
                                           const std::string& owner);
  void readJoint(const XMLElement* el);
  void build();
  void lump(const UrdfLink& link, const std::string& name, const std::string& body, const Transform& X_BL);
  std::string findPackageFile(const std::string& uri) const;
  std::vector<std::string> packageRoots() const;  // --package-path, ARTICULA_PACKAGE_PATH, --allow-path
  bool meshAllowed(const std::string& path) const;
};

Rotation urdfRpy(const Vec3& rpy) {  // fixed axes: R = Rz(yaw) Ry(pitch) Rx(roll)
  return Rotation(Rotation::aboutZ(rpy.z()).matrix() * Rotation::aboutY(rpy.y()).matrix() *
                  Rotation::aboutX(rpy.x()).matrix());
}

FrameSpec frameOf(const Transform& X) {
  FrameSpec f;
  f.position = X.p();
  f.orientation = X.R().toQuaternion();
  return f;
}

std::string Importer::attribute(const XMLElement* el, const char* key, const std::string& owner) const {
  const char* v = el->Attribute(key);
  if (!v) fail(el, owner + " " + key, "", std::string("missing attribute \"") + key + "\"");
  return v;
}

std::vector<Real> Importer::numbers(const XMLElement* el, const char* key, size_t count, const std::string& owner,
                                    const char* fallback) const {
  const char* v = el->Attribute(key);
  if (!v && !fallback) fail(el, owner + " " + key, "", std::string("missing attribute \"") + key + "\"");
  const std::string text = v ? v : fallback;
  std::istringstream in(text);
  std::vector<Real> out;
  std::string word;
  while (in >> word) {
    char* end = nullptr;
    const double x = std::strtod(word.c_str(), &end);
    if (end == word.c_str() || *end != '\0' || !std::isfinite(x))
      fail(el, owner + " " + key, "\"" + text + "\"", "\"" + word + "\" is not a finite number");
    out.push_back(x);
  }
  if (out.size() != count)
    fail(el, owner + " " + key, "\"" + text + "\"", "expected " + std::to_string(count) + " numbers");
  return out;
}

Transform Importer::origin(const XMLElement* parent, const std::string& owner) const {
  const XMLElement* o = parent->FirstChildElement("origin");
  if (!o) return Transform();
  const std::string who = owner + " <origin>";
  const std::vector<Real> xyz = numbers(o, "xyz", 3, who, "0 0 0"), rpy = numbers(o, "rpy", 3, who, "0 0 0");
  return Transform(urdfRpy(Vec3(rpy[0], rpy[1], rpy[2])), Vec3(xyz[0], xyz[1], xyz[2]));
}

void Importer::readInertial(const XMLElement* el, UrdfLink& link, const std::string& owner) {
  const std::string who = owner + " <inertial>";
  const XMLElement* mass = el->FirstChildElement("mass");
  if (!mass) fail(el, who, "", "missing <mass>");
  link.mass = number(mass, "value", who + " <mass>");
  if (link.mass < 0) fail(mass, who + " <mass> value", std::to_string(link.mass), "must not be negative");
  const Transform X = origin(el, who);
  link.com = X.p();
  const XMLElement* in = el->FirstChildElement("inertia");
  if (!in) {
    if (link.mass > 0) fail(el, who, "", "missing <inertia>");
    return;
  }
  const std::string wi = who + " <inertia>";
  const Real ixx = number(in, "ixx", wi), ixy = number(in, "ixy", wi), ixz = number(in, "ixz", wi),
             iyy = number(in, "iyy", wi), iyz = number(in, "iyz", wi), izz = number(in, "izz", wi);
  Mat33 I;
  I << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
  if (link.mass > 0) {
    const Vec3 ev = Eigen::SelfAdjointEigenSolver<Mat33>(I).eigenvalues();
    std::ostringstream v;
    v << "ixx=" << ixx << " iyy=" << iyy << " izz=" << izz << " ixy=" << ixy << " ixz=" << ixz << " iyz=" << iyz;
    std::ostringstream moments;
    moments << " (principal moments " << ev[0] << ", " << ev[1] << ", " << ev[2] << ")";
    // Eigen sorts them ascending. Indefinite is never valid; semi-definite, or a body that could not
    // exist (triangle inequality), is lumped into the parent on a fixed joint (build()).
    const Real atol = 1e-10 * I.cwiseAbs().maxCoeff();
    if (ev[0] < -atol) fail(in, wi, v.str(), "the inertia tensor is not positive definite" + moments.str());
    if (!(ev[0] > 0)) link.singularProblem = "the inertia tensor is not positive definite" + moments.str();
    else if (ev[0] + ev[1] < ev[2] - atol)
      link.singularProblem = "the principal moments violate the triangle inequality" + moments.str();
    if (!link.singularProblem.empty()) {
      link.singular = in;
      link.singularProblem = v.str() + ": " + link.singularProblem;
    }
  }
  // About the mass centre in the inertial frame's axes; the body wants the link frame's axes.
  link.inertia = X.R().matrix() * I * X.R().matrix().transpose();
  // Rounding of the rotation leaves products of 1e-18 where the file has none: clear them.
  const Real tiny = 1e-14 * link.inertia.cwiseAbs().maxCoeff();
  link.inertia = link.inertia.unaryExpr([tiny](Real x) { return std::abs(x) < tiny ? Real(0) : x; });
}

std::vector<std::string> Importer::packageRoots() const {
  std::vector<std::string> roots = options_.packagePaths;
  if (const char* env = std::getenv("ARTICULA_PACKAGE_PATH")) {
    std::istringstream in(env);
    for (std::string dir; std::getline(in, dir, ':');)
      if (!dir.empty()) roots.push_back(dir);
  }
  roots.insert(roots.end(), options_.allowedPaths.begin(), options_.allowedPaths.end());
  return roots;
}

bool Importer::meshAllowed(const std::string& path) const {
  if (isWithin(path, fs::path(file_).parent_path())) return true;
  for (const std::string& r : packageRoots())
    if (isWithin(path, r)) return true;
  return false;
}

std::string Importer::findPackageFile(const std::string& uri) const {
  const std::vector<std::string> roots = packageRoots();
  const std::string rest = uri.substr(std::string("package://").size());
  for (const std::string& r : roots) {
    const fs::path p = fs::path(r) / rest;
    if (fs::is_regular_file(p)) return p.string();
  }
  return "";
}

std::optional<GeometrySpec> Importer::readGeometry(const XMLElement* shape, const std::string& linkName,
                                                   const std::string& owner) {
  const XMLElement* g = shape->FirstChildElement("geometry");
  if (!g || !g->FirstChildElement()) fail(shape, owner, "", "missing <geometry> shape");
  const XMLElement* s = g->FirstChildElement();
  const std::string kind = s->Name(), who = owner + " <" + kind + ">";
  GeometrySpec spec;
  spec.pose = frameOf(origin(shape, owner));
  if (const char* n = shape->Attribute("name")) spec.name = n;
  if (kind == "box") {
    const std::vector<Real> size = numbers(s, "size", 3, who);
    spec.type = GeometryType::Box;
    spec.size = Vec3(size[0], size[1], size[2]) / 2;
  } else if (kind == "cylinder") {  // along z, as in Articula
    spec.type = GeometryType::Cylinder;
    spec.size = Vec3(number(s, "radius", who), number(s, "length", who) / 2, 0);
  } else if (kind == "sphere") {
    spec.type = GeometryType::Sphere;
    spec.size = Vec3(number(s, "radius", who), 0, 0);
  } else if (kind == "mesh") {
    const std::string uri = attribute(s, "filename", who);
    const std::vector<Real> scale = numbers(s, "scale", 3, who, "1 1 1");
    std::string path;
    if (uri.rfind("package://", 0) == 0) path = findPackageFile(uri);
    else {
      const std::string local = uri.rfind("file://", 0) == 0 ? uri.substr(7) : uri;
      const fs::path p = fs::path(local).is_absolute() ? fs::path(local) : fs::path(file_).parent_path() / local;
      if (fs::is_regular_file(p)) path = p.string();
    }
    std::string ext = fs::path(uri).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // Like the Articula format's meshes: only from the file's folder tree, the allowed folders and
    // the package folders the user named (meshes end up embedded in viewer pages).
    if (!path.empty() && !meshAllowed(path)) {
      m_.warnings.push_back("line " + std::to_string(s->GetLineNum()) + ": link \"" + linkName + "\": mesh " + uri +
                            " is outside the model file's folder (allow its folder with --allow-path or "
                            "--package-path); its geometry is left out");
      return std::nullopt;
    }
    if (path.empty() || (ext != ".obj" && ext != ".stl")) {
      m_.warnings.push_back("line " + std::to_string(s->GetLineNum()) + ": link \"" + linkName + "\": mesh " + uri +
                            (path.empty() ? " not found" : " is not OBJ or STL") + "; its geometry is left out");
      return std::nullopt;
    }
    spec.type = GeometryType::Mesh;
    spec.size = Vec3(scale[0], scale[1], scale[2]);
    spec.meshPath = fs::absolute(path).lexically_normal().string();
    spec.meshFile = spec.meshPath;
    std::shared_ptr<TriangleMesh> raw;
    try {
      raw = readMesh(path);
      std::vector<Vec3> v = raw->vertices();
      for (Vec3& x : v) x = x.cwiseProduct(spec.size);
      spec.mesh = std::make_shared<const TriangleMesh>(std::move(v), raw->faces(), spec.meshFile);
    } catch (const std::exception& e) {
      fail(s, who + " filename", uri, std::string("cannot read the mesh: ") + e.what());
    }
    return spec;
  } else {
    fail(s, who, "", "unknown geometry (box, cylinder, sphere or mesh)");
  }
  if (!(spec.size.maxCoeff() > 0) || spec.size.minCoeff() < 0) fail(s, who, "", "sizes must be positive");
  return spec;
}

void Importer::readLink(const XMLElement* el) {
  const std::string name = attribute(el, "name", "<link>");
  const std::string who = describe(el);
  if (links_.count(name))
    fail(el, who, name, "duplicate link name (first at line " + std::to_string(links_[name].el->GetLineNum()) + ")");
  UrdfLink link;
  link.el = el;
  if (const XMLElement* in = el->FirstChildElement("inertial")) readInertial(in, link, who);
  const char* kind = el->FirstChildElement("collision") ? "collision" : "visual";
  int index = 0;
  for (const XMLElement* c = el->FirstChildElement(kind); c; c = c->NextSiblingElement(kind), ++index)
    if (auto g = readGeometry(c, name, who + " <" + kind + ">")) {
      // Named uniquely (the writer needs a name): the link, the kind and the shape's place in it.
      g->name = name + "/" + kind + std::to_string(index) + (g->name.empty() ? "" : "/" + g->name);
      link.geometry.push_back(*g);
    }
  links_[name] = std::move(link);
  linkOrder_.push_back(name);
}

void Importer::readJoint(const XMLElement* el) {
  UrdfJoint j;
  j.el = el;
  j.name = attribute(el, "name", "<joint>");
  const std::string who = describe(el);
  for (const UrdfJoint& o : joints_)
    if (o.name == j.name)
      fail(el, who, j.name, "duplicate joint name (first at line " + std::to_string(o.el->GetLineNum()) + ")");
  j.type = attribute(el, "type", who);
  static const std::set<std::string> types{"revolute", "continuous", "prismatic", "fixed", "floating", "planar"};
  if (!types.count(j.type))
    fail(el, who + " type", j.type, "unknown joint type (revolute, continuous, prismatic, fixed, floating, planar)");
  for (const char* role : {"parent", "child"}) {
    const XMLElement* r = el->FirstChildElement(role);
    if (!r) fail(el, who, "", std::string("missing <") + role + ">");
    const std::string link = attribute(r, "link", who + " <" + role + ">");
    if (!links_.count(link)) fail(r, who + " <" + role + "> link", link, "no such link");
    (std::string(role) == "parent" ? j.parent : j.child) = link;
  }
  j.origin = origin(el, who);
  if (const XMLElement* a = el->FirstChildElement("axis")) {
    const std::vector<Real> v = numbers(a, "xyz", 3, who + " <axis>");
    const Vec3 axis(v[0], v[1], v[2]);
    if (!(axis.norm() > 1e-12)) fail(a, who + " <axis> xyz", a->Attribute("xyz"), "the axis must not be zero");
    j.axis = axis.normalized();
  }
  if (const XMLElement* l = el->FirstChildElement("limit")) {
    if (l->Attribute("lower")) j.lower = number(l, "lower", who + " <limit>");
    if (l->Attribute("upper")) j.upper = number(l, "upper", who + " <limit>");
    if (j.lower && j.upper && *j.lower > *j.upper)
      fail(l, who + " <limit>", std::to_string(*j.lower) + " > " + std::to_string(*j.upper), "lower exceeds upper");
  }
  if (const XMLElement* d = el->FirstChildElement("dynamics"))
    if (d->Attribute("damping")) {
      j.damping = number(d, "damping", who + " <dynamics>");
      if (*j.damping < 0) fail(d, who + " <dynamics> damping", std::to_string(*j.damping), "must not be negative");
    }
  j.mimic = el->FirstChildElement("mimic");
  joints_.push_back(std::move(j));
}

// A link on a fixed joint whose inertia is only semi-definite: its mass and inertia are added to the
// body it is welded to (parallel axis theorem), so the body's inertia stays positive definite.
void Importer::lump(const UrdfLink& link, const std::string& name, const std::string& body, const Transform& X_BL) {
  const std::string where = "line " + std::to_string(link.singular->GetLineNum()) + ": link \"" + name + "\"";
  if (body.empty()) {
    m_.warnings.push_back(where + ": singular inertia on the ground; its mass is left out");
    return;
  }
  BodySpec& b = m_.bodies[m_.findBody(body)];
  const Real m1 = b.mass, m2 = link.mass, m = m1 + m2;
  const Vec3 c1 = b.massCenter, c2 = X_BL * link.com, c = (m1 * c1 + m2 * c2) / m;
  const auto shift = [](Real mass, const Vec3& d) {
    return Mat33(mass * (d.squaredNorm() * Mat33::Identity() - d * d.transpose()));
  };
  const Mat33& R = X_BL.R().matrix();
  b.inertia = b.inertia + shift(m1, c1 - c) + R * link.inertia * R.transpose() + shift(m2, c2 - c);
  b.mass = m;
  b.massCenter = c;
  m_.warnings.push_back(where + ": " + link.singularProblem + "; on a fixed joint, so its mass is lumped into body \"" +
                        body + "\"");
}

// The range_of_motion_limit of a URDF <limit> (N m/rad and N m s/rad; N/m and N s/m for sliders).
constexpr Real kLimitStiffness = 1000, kLimitDamping = 10;

const char* coordinateOf(JointType t) { return t == JointType::Slider ? "x" : "angle"; }

void Importer::build() {
  std::map<std::string, const UrdfJoint*> parentJoint;
  std::map<std::string, std::vector<const UrdfJoint*>> children;
  for (const UrdfJoint& j : joints_) {
    if (parentJoint.count(j.child))
      fail(j.el->FirstChildElement("child"), describe(j.el) + " <child> link", j.child,
           "the link already has a parent joint (line " + std::to_string(parentJoint[j.child]->el->GetLineNum()) +
               "): a link has one parent");
    parentJoint[j.child] = &j;
    children[j.parent].push_back(&j);
  }
  std::vector<std::string> roots;
  for (const std::string& name : linkOrder_)
    if (!parentJoint.count(name)) roots.push_back(name);
  if (roots.empty())
    fail(joints_.empty() ? nullptr : joints_[0].el, "<robot>", "", "the joints form a cycle: no root link");
  if (roots.size() > 1)
    fail(links_[roots[1]].el, describe(links_[roots[1]].el), "",
         "a second root link (the first is \"" + roots[0] + "\"): every link but one needs a parent joint");
  // Which links carry mass in their subtree (a moving joint needs some).
  std::map<std::string, Real> subtreeMass;
  std::vector<std::string> order{roots[0]};  // breadth first: parents before children
  for (size_t i = 0; i < order.size(); ++i)
    for (const UrdfJoint* j : children[order[i]]) order.push_back(j->child);
  if (order.size() != links_.size()) {
    for (const UrdfJoint& j : joints_)
      if (std::find(order.begin(), order.end(), j.child) == order.end())
        fail(j.el, describe(j.el), j.child, "the joints form a cycle through this joint's child link");
  }
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    subtreeMass[*it] += links_[*it].mass;
    if (parentJoint.count(*it)) subtreeMass[parentJoint[*it]->parent] += subtreeMass[*it];
  }
  // With floatingBase, the link that moves freely: the root, or below a massless root the first
  // link with mass on a chain of fixed joints (the base of robots with a massless "base" frame).
  std::string floating;
  if (options_.floatingBase) {
    std::vector<std::string> group{roots[0]};  // the links welded to the root, breadth first
    for (size_t i = 0; i < group.size() && floating.empty(); ++i) {
      if (links_[group[i]].mass > 0 && !links_[group[i]].singular) floating = group[i];
      for (const UrdfJoint* c : children[group[i]])
        if (c->type == "fixed") group.push_back(c->child);
    }
    if (floating.empty())
      fail(links_[roots[0]].el, describe(links_[roots[0]].el), roots[0],
           "a floating base needs mass: the root link or a link welded to it");
  }
  // Each link: the body it belongs to ("" = ground) and its pose in that body. Geometry and mass of
  // merged links are added once every body exists (a massless floating root precedes its body).
  std::map<std::string, std::pair<std::string, Transform>> owner;
  std::vector<std::pair<std::string, GeometrySpec>> pendingGeometry;
  std::vector<std::string> pendingLumps;
  Transform X_rootFloating;  // the floating body's pose in the root link's frame
  if (!floating.empty() && floating != roots[0]) {
    std::vector<const UrdfJoint*> chain;
    for (std::string l = floating; l != roots[0]; l = parentJoint[l]->parent) chain.push_back(parentJoint[l]);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) X_rootFloating = X_rootFloating * (*it)->origin;
    owner[roots[0]] = {floating, X_rootFloating.inverse()};
    // The floating body first: links on the massless root hang from it.
    std::vector<std::string> front{roots[0]};
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) front.push_back((*it)->child);
    for (const std::string& l : order)
      if (std::find(front.begin(), front.end(), l) == front.end()) front.push_back(l);
    order = front;
  }
  for (const std::string& name : order) {
    const UrdfLink& link = links_[name];
    const UrdfJoint* j = parentJoint.count(name) ? parentJoint[name] : nullptr;
    const bool isFloating = name == floating;
    const bool moving = isFloating || (j && j->type != "fixed");
    if (moving && !(subtreeMass[name] > 0)) {
      const XMLElement* at = j ? j->el : link.el;
      fail(at, j ? describe(j->el) : describe(link.el), name, "a moving link without mass in it or below it");
    }
    if (moving && !(link.mass > 0))
      fail(link.el, describe(link.el), name, "a massless link on a moving joint (Articula bodies need mass)");
    if (moving && link.singular)
      fail(link.singular, describe(link.el) + " <inertial> <inertia>", "", link.singularProblem);
    if (!(link.mass > 0) || link.singular) {  // merged into its parent body (or the ground)
      if (j) owner[name] = {owner[j->parent].first, owner[j->parent].second * j->origin};
      else if (!owner.count(name)) owner[name] = {std::string(), Transform()};
      if (link.singular) pendingLumps.push_back(name);
      for (GeometrySpec g : link.geometry) {
        if (owner[name].first.empty()) {
          m_.warnings.push_back("link \"" + name + "\": geometry on the ground is left out");
          continue;
        }
        g.pose = frameOf(owner[name].second * g.pose.transform());
        pendingGeometry.emplace_back(owner[name].first, g);
      }
      continue;
    }
    owner[name] = {name, Transform()};
    BodySpec b;
    b.name = name;
    b.source = "line " + std::to_string(link.el->GetLineNum());
    b.mass = link.mass;
    b.massCenter = link.com;
    b.inertia = link.inertia;
    for (const GeometrySpec& g : link.geometry) b.geometry.push_back(g);
    JointSpec& js = b.joint;
    js.source = b.source;
    if (!j || isFloating) {  // the root: welded to the ground (URDF), or free
      js.name = j ? j->name : name;
      js.type = isFloating ? JointType::Free : JointType::Weld;
      js.parent = "ground";
      if (j) js.parentFrame = frameOf(X_rootFloating);  // the root link's frame on the ground
    } else {
      js.name = j->name;
      js.source = "line " + std::to_string(j->el->GetLineNum());
      const std::pair<std::string, Transform>& p = owner[j->parent];
      js.parent = p.first.empty() ? "ground" : p.first;
      Transform X_PF = p.second * j->origin, X_BM;
      static const std::map<std::string, JointType> kinds{
          {"revolute", JointType::Pin}, {"continuous", JointType::Pin}, {"prismatic", JointType::Slider},
          {"fixed", JointType::Weld},   {"floating", JointType::Free},  {"planar", JointType::Planar}};
      js.type = kinds.at(j->type);
      if (js.type == JointType::Pin || js.type == JointType::Slider || js.type == JointType::Planar) {
        // The working axis (z; x for a slider; the normal z for planar) along the URDF axis (in the
        // joint frame): F and M turn together, so the pose at q = 0 is unchanged.
        const Rotation align = Rotation::fromOneAxis(
            js.type == JointType::Slider ? CoordinateAxis::X : CoordinateAxis::Z, j->axis);
        X_PF = X_PF * Transform(align);
        X_BM = Transform(align);
      }
      js.parentFrame = frameOf(X_PF);
      js.childFrame = frameOf(X_BM);
    }
    m_.bodies.push_back(std::move(b));
  }
  for (auto& [body, g] : pendingGeometry) m_.bodies[m_.findBody(body)].geometry.push_back(std::move(g));
  for (const std::string& name : pendingLumps) lump(links_[name], name, owner[name].first, owner[name].second);
  // Forces and constraints of the moving joints.
  for (const UrdfJoint& j : joints_) {
    const bool one = j.type == "revolute" || j.type == "continuous" || j.type == "prismatic";
    const std::string coord = coordinateOf(j.type == "prismatic" ? JointType::Slider : JointType::Pin);
    if (j.damping && *j.damping > 0) {
      if (!one) {
        m_.warnings.push_back(describe(j.el) + ": <dynamics damping> of a " + j.type + " joint is left out");
      } else {
        ForceSpec f;
        f.type = ForceType::MobilityLinearDamper;
        f.name = j.name + " damping";
        f.bodies["body"] = j.child;
        f.coordinate = coord;
        f.numbers["damping"] = {*j.damping};
        m_.forces.push_back(f);
      }
    }
    if (options_.urdfLimits && one && j.type != "continuous" && (j.lower || j.upper)) {
      ForceSpec f;
      f.type = ForceType::RangeOfMotionLimit;
      f.name = j.name + " limit";
      f.bodies["body"] = j.child;
      f.coordinate = coord;
      // URDF gives no stiffness: a stiff default (docs/urdf.md), to edit in the converted file.
      f.numbers["lower"] = {j.lower.value_or(-std::numeric_limits<Real>::infinity())};
      f.numbers["upper"] = {j.upper.value_or(std::numeric_limits<Real>::infinity())};
      f.numbers["stiffness"] = {kLimitStiffness};
      f.numbers["damping"] = {kLimitDamping};
      m_.forces.push_back(f);
    }
    if (j.mimic) {
      const std::string who = describe(j.el) + " <mimic>";
      const std::string leader = attribute(j.mimic, "joint", who);
      const auto it = std::find_if(joints_.begin(), joints_.end(),
                                   [&](const UrdfJoint& o) { return o.name == leader; });
      if (it == joints_.end()) fail(j.mimic, who + " joint", leader, "no such joint");
      const auto isOne = [](const std::string& t) { return t == "revolute" || t == "continuous" || t == "prismatic"; };
      if (!one || !isOne(it->type))
        fail(j.mimic, who, leader, "mimic couples revolute, continuous and prismatic joints only");
      const Real k = j.mimic->Attribute("multiplier") ? number(j.mimic, "multiplier", who) : 1;
      const Real c = j.mimic->Attribute("offset") ? number(j.mimic, "offset", who) : 0;
      ConstraintSpec cs;  // q_child - k q_leader - c = 0
      cs.type = ConstraintType::CoordinateCoupler;
      cs.name = j.name + " mimic";
      FunctionSpec fn;
      fn.type = FunctionType::Linear;
      fn.coefficients = {1, -k, -c};
      fn.args = {j.name + "." + coord, leader + "." + (it->type == "prismatic" ? "x" : "angle")};
      cs.function.push_back(fn);
      m_.constraints.push_back(cs);
    }
  }
}

ModelSpec Importer::run(const std::string& text) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) throw xmlSyntaxError(doc, file_);
  const XMLElement* robot = doc.RootElement();
  if (!robot || std::string(robot->Name()) != "robot")
    fail(robot, robot ? describe(robot) : "", "", "a URDF file's root element must be <robot>");
  m_.name = robot->Attribute("name") ? robot->Attribute("name") : fs::path(file_).stem().string();
  m_.sourceFormat = SourceFormat::Urdf;
  for (const XMLElement* l = robot->FirstChildElement("link"); l; l = l->NextSiblingElement("link")) readLink(l);
  if (links_.empty()) fail(robot, describe(robot), "", "no <link>");
  for (const XMLElement* j = robot->FirstChildElement("joint"); j; j = j->NextSiblingElement("joint")) readJoint(j);
  build();
  return std::move(m_);
}

}  // namespace

bool hasUrdfExtension(const std::string& file) {
  std::string ext = fs::path(file).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".urdf";
}

bool looksLikeUrdf(const std::string& text) {
  const size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos || text[start] != '<') return false;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) return true;  // XML: let the importer say why
  return doc.RootElement() && std::string(doc.RootElement()->Name()) == "robot";
}

ModelSpec importUrdf(const std::string& text, const std::string& file, const LoadOptions& options) {
  return Importer(file, options).run(text);
}

}  // namespace articula::model
