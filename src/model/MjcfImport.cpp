// MJCF import (include/articula/model/MjcfImport.h, docs/mjcf.md): the XML is read with tinyxml2,
// which keeps every element's line number for the messages. Orientations: MjcfFrames; mass from
// geoms: MjcfInertia.
#include "articula/model/MjcfImport.h"

#include <tinyxml2.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <list>
#include <map>
#include <set>
#include <sstream>

#include "JsonParse.h"
#include "MjcfFrames.h"
#include "MjcfInertia.h"
#include "ReadHelpers.h"
#include "articula/contact/ContactMaterial.h"
#include "articula/contact/MeshIO.h"
#include "articula/model/ModelError.h"

namespace articula::model {
namespace {

namespace fs = std::filesystem;
using mjcf::MassBody;
using tinyxml2::XMLElement;

enum class MjJointType { Hinge, Slide, Ball, Free };

struct MjJoint {
  const XMLElement* el = nullptr;
  std::string name;
  MjJointType type = MjJointType::Hinge;
  Vec3 pos = Vec3::Zero(), axis = Vec3::UnitZ();  // in the body frame
  Real damping = 0, stiffness = 0, springref = 0, ref = 0;
  bool limited = false;
  Real lower = 0, upper = 0;
  // Where it ends up: the Articula body and joint, and the coordinate of a hinge or slide.
  std::string body, joint, coordinate;
};

struct MjBody {
  const XMLElement* el = nullptr;  // nullptr: the world
  std::string name;
  int parent = -1;  // index in bodies_, -1: the world
  Transform X_PB, X_WB;
  std::vector<MjJoint> joints;
  MassBody mass;
  std::vector<GeometrySpec> geometry;
  // The Articula body holding it ("" = ground) and this body's frame in it.
  std::string owner;
  Transform X_OB;
};

struct DefaultClass {
  std::map<std::string, std::map<std::string, std::string>> kinds;  // element -> attribute -> value
};

constexpr Real kLimitStiffness = 1000, kLimitDamping = 10;  // as URDF's --urdf-limits (docs/mjcf.md)
constexpr int kMaxIncludeDepth = 8;

class Importer {
 public:
  Importer(const std::string& file, const LoadOptions& options) : file_(file), options_(options) {}
  ModelSpec run(const std::string& text);

 private:
  const std::string& file_;
  const LoadOptions& options_;
  ModelSpec m_;
  std::list<tinyxml2::XMLDocument> docs_;
  std::map<const tinyxml2::XMLDocument*, std::string> docFile_;
  std::vector<std::string> includeStack_;
  // compiler
  bool degree_ = true, global_ = false, autolimits_ = false;
  std::string eulerseq_ = "xyz", meshdir_;
  enum class FromGeom { False, True, Auto } fromGeom_ = FromGeom::Auto;
  Vec2 groupRange_{0, 5};
  std::map<std::string, DefaultClass> classes_;
  std::map<std::string, std::pair<const XMLElement*, std::string>> meshes_;  // name -> (element, class)
  std::vector<MjBody> bodies_;
  std::map<std::string, std::string> frictionMaterial_;
  std::map<std::string, std::vector<std::string>> unrepresented_;  // what -> paths
  bool groundSet_ = false;

  [[noreturn]] void fail(const XMLElement* el, const std::string& what, const std::string& value,
                         const std::string& problem) const {
    throw ModelError(fileOf(el) + ":" + std::to_string(el ? el->GetLineNum() : 0), what, value, problem);
  }
  std::string fileOf(const XMLElement* el) const {
    if (!el) return file_;
    const auto it = docFile_.find(el->GetDocument());
    return it == docFile_.end() ? file_ : it->second;
  }
  static std::string describe(const XMLElement* el) {
    std::string d = std::string("<") + el->Name();
    if (const char* n = el->Attribute("name")) d += std::string(" name=\"") + n + "\"";
    return d + ">";
  }
  std::string path(const XMLElement* el) const;
  void skip(const XMLElement* el, const std::string& what = "");
  void checkAttributes(const XMLElement* el, const std::set<std::string>& known);

  // Children, with <include> replaced by the included file's elements.
  template <class F>
  void forEachChild(const XMLElement* el, F&& f) {
    for (const XMLElement* c = el->FirstChildElement(); c; c = c->NextSiblingElement()) {
      if (std::string(c->Name()) != "include") {
        f(c);
        continue;
      }
      const XMLElement* root = include(c);
      forEachChild(root, f);
      includeStack_.pop_back();
    }
  }
  const XMLElement* include(const XMLElement* el);
  const XMLElement* parse(const std::string& text, const std::string& file);

  // Attributes: the element's own, else its class's (docs/mjcf.md, "Defaults").
  const char* get(const XMLElement* el, const std::string& cls, const char* key) const;
  std::string classOf(const XMLElement* el, const std::string& inherited) const;
  std::vector<Real> numbers(const XMLElement* el, const std::string& cls, const char* key, size_t minCount,
                            size_t maxCount) const;
  Vec3 vec3(const XMLElement* el, const std::string& cls, const char* key, const Vec3& fallback) const {
    if (!get(el, cls, key)) return fallback;
    const std::vector<Real> v = numbers(el, cls, key, 3, 3);
    return Vec3(v[0], v[1], v[2]);
  }
  Real scalar(const XMLElement* el, const std::string& cls, const char* key, Real fallback) const {
    return get(el, cls, key) ? numbers(el, cls, key, 1, 1)[0] : fallback;
  }
  bool flag(const XMLElement* el, const std::string& cls, const char* key, bool fallback) const;
  Real angle(Real a) const { return degree_ ? a * kDegree : a; }
  Rotation orientation(const XMLElement* el, const std::string& cls) const;
  Transform frame(const XMLElement* el, const std::string& cls) const {
    return Transform(orientation(el, cls), vec3(el, cls, "pos", Vec3::Zero()));
  }

  void readCompiler(const XMLElement* el);
  void readOption(const XMLElement* el);
  void readDefault(const XMLElement* el, const std::string& parent);
  void readAsset(const XMLElement* el);
  void readBody(const XMLElement* el, int parent, const std::string& childclass);
  void readInertial(const XMLElement* el, MjBody& b);
  MjJoint readJoint(const XMLElement* el, const std::string& cls, const MjBody& b);
  void readGeom(const XMLElement* el, const std::string& cls, MjBody& b, MassBody& fromGeoms);
  std::optional<GeometrySpec> readMesh(const XMLElement* el, const std::string& cls, const std::string& who,
                                       MassBody& massInGeom, Real density, std::optional<Real> mass);
  std::string materialFor(Real friction);
  void build();
  void addBody(MjBody& b);
  bool addComposed(MjBody& b, const std::string& parent, const Transform& X0);
  void addJointForces(const MjJoint& j);
  void readEquality(const XMLElement* el);
  const MjBody& bodyNamed(const XMLElement* el, const char* key, const char* fallback) const;
};

// ---- documents, includes, paths ----

const XMLElement* Importer::parse(const std::string& text, const std::string& file) {
  tinyxml2::XMLDocument& doc = docs_.emplace_back();
  docFile_[&doc] = file;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS)
    throw ModelError(file + ":" + std::to_string(doc.ErrorLineNum()), "", "",
                     std::string("not well-formed XML: ") + doc.ErrorName());
  const XMLElement* root = doc.RootElement();
  if (!root || std::string(root->Name()) != "mujoco")
    throw ModelError(file + ":" + std::to_string(root ? root->GetLineNum() : 1), root ? describe(root) : "", "",
                     "an MJCF file's root element must be <mujoco>");
  return root;
}

const XMLElement* Importer::include(const XMLElement* el) {
  const char* name = el->Attribute("file");
  if (!name) fail(el, "<include> file", "", "missing attribute \"file\"");
  if (includeStack_.size() >= kMaxIncludeDepth)
    fail(el, "<include> file", name, "includes nest more than " + std::to_string(kMaxIncludeDepth) + " deep");
  const fs::path p = fs::path(fileOf(el)).parent_path() / name;
  if (!fs::is_regular_file(p)) fail(el, "<include> file", name, "no such file " + p.string());
  bool allowed = isWithin(p, fs::path(file_).parent_path());
  for (const std::string& a : options_.allowedPaths) allowed = allowed || isWithin(p, a);
  if (!allowed)
    fail(el, "<include> file", name, "outside the model file's folder (allow its folder with --allow-path)");
  const std::string canonical = fs::weakly_canonical(p).string();
  if (std::find(includeStack_.begin(), includeStack_.end(), canonical) != includeStack_.end())
    fail(el, "<include> file", name, "includes itself (a cycle of includes)");
  includeStack_.push_back(canonical);
  return parse(readJsonFileText(p.string()), p.string());
}

std::string Importer::path(const XMLElement* el) const {
  std::vector<std::string> parts;
  for (const tinyxml2::XMLNode* n = el; n && n->ToElement(); n = n->Parent()) {
    const XMLElement* e = n->ToElement();
    std::string part = e->Name();
    if (const char* nm = e->Attribute("name")) part += std::string("[") + nm + "]";
    else if (const char* c = e->Attribute("class")) part += std::string("[class=") + c + "]";
    parts.push_back(part);
  }
  std::string s;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) s += (s.empty() ? "" : "/") + *it;
  const std::string f = fileOf(el);
  return (f == file_ ? "" : fs::path(f).filename().string() + ":") + s + " (line " + std::to_string(el->GetLineNum()) +
         ")";
}

void Importer::skip(const XMLElement* el, const std::string& what) {
  unrepresented_[what.empty() ? std::string("<") + el->Name() + ">" : what].push_back(path(el));
  if (what.empty())
    for (const XMLElement* c = el->FirstChildElement(); c; c = c->NextSiblingElement()) skip(c);
}

void Importer::checkAttributes(const XMLElement* el, const std::set<std::string>& known) {
  for (const tinyxml2::XMLAttribute* a = el->FirstAttribute(); a; a = a->Next())
    if (!known.count(a->Name())) unrepresented_[std::string(el->Name()) + " " + a->Name()].push_back(path(el));
}

// ---- attributes ----

const char* Importer::get(const XMLElement* el, const std::string& cls, const char* key) const {
  if (const char* v = el->Attribute(key)) return v;
  const auto c = classes_.find(cls);
  if (c == classes_.end()) return nullptr;
  const auto k = c->second.kinds.find(el->Name());
  if (k == c->second.kinds.end()) return nullptr;
  const auto a = k->second.find(key);
  return a == k->second.end() ? nullptr : a->second.c_str();
}

std::string Importer::classOf(const XMLElement* el, const std::string& inherited) const {
  const char* c = el->Attribute("class");
  if (!c) return inherited;
  if (!classes_.count(c)) fail(el, describe(el) + " class", c, "no <default> class of this name");
  return c;
}

std::vector<Real> Importer::numbers(const XMLElement* el, const std::string& cls, const char* key, size_t minCount,
                                    size_t maxCount) const {
  const char* v = get(el, cls, key);
  if (!v) fail(el, describe(el) + " " + key, "", std::string("missing attribute \"") + key + "\"");
  const std::string text = v;
  std::istringstream in(text);
  std::vector<Real> out;
  for (std::string word; in >> word;) {
    char* end = nullptr;
    const double x = std::strtod(word.c_str(), &end);
    if (end == word.c_str() || *end != '\0' || !std::isfinite(x))
      fail(el, describe(el) + " " + key, "\"" + text + "\"", "\"" + word + "\" is not a finite number");
    out.push_back(x);
  }
  if (out.size() < minCount || out.size() > maxCount)
    fail(el, describe(el) + " " + key, "\"" + text + "\"",
         "expected " + std::to_string(minCount) +
             (maxCount > minCount ? " to " + std::to_string(maxCount) : std::string()) + " numbers");
  return out;
}

bool Importer::flag(const XMLElement* el, const std::string& cls, const char* key, bool fallback) const {
  const char* v = get(el, cls, key);
  if (!v) return fallback;
  const std::string s = v;
  if (s != "true" && s != "false") fail(el, describe(el) + " " + key, s, "expected \"true\" or \"false\"");
  return s == "true";
}

Rotation Importer::orientation(const XMLElement* el, const std::string& cls) const {
  int given = 0;
  Rotation R;
  for (const char* k : {"quat", "axisangle", "euler", "xyaxes", "zaxis"})
    if (el->Attribute(k)) ++given;
  if (given > 1) fail(el, describe(el), "", "more than one orientation (quat, axisangle, euler, xyaxes, zaxis)");
  const auto nonzero = [&](const char* key, const Vec3& v) {
    if (!(v.norm() > 1e-15)) fail(el, describe(el) + " " + key, el->Attribute(key), "the axis must not be zero");
  };
  if (el->Attribute("quat")) {
    const std::vector<Real> q = numbers(el, cls, "quat", 4, 4);
    const Vec4 v(q[0], q[1], q[2], q[3]);
    if (!(v.norm() > 1e-15)) fail(el, describe(el) + " quat", el->Attribute("quat"), "a zero quaternion");
    R = mjcf::fromQuat(v);
  } else if (el->Attribute("axisangle")) {
    const std::vector<Real> a = numbers(el, cls, "axisangle", 4, 4);
    nonzero("axisangle", Vec3(a[0], a[1], a[2]));
    R = mjcf::fromAxisAngle(Vec3(a[0], a[1], a[2]), angle(a[3]));
  } else if (el->Attribute("euler")) {
    const std::vector<Real> e = numbers(el, cls, "euler", 3, 3);
    R = mjcf::fromEuler(Vec3(angle(e[0]), angle(e[1]), angle(e[2])), eulerseq_);
  } else if (el->Attribute("xyaxes")) {
    const std::vector<Real> a = numbers(el, cls, "xyaxes", 6, 6);
    const Vec3 x(a[0], a[1], a[2]), y(a[3], a[4], a[5]);
    if (!(x.norm() > 1e-15) || !(x.normalized().cross(y).norm() > 1e-15))
      fail(el, describe(el) + " xyaxes", el->Attribute("xyaxes"), "x must be nonzero and y not parallel to it");
    R = mjcf::fromXyAxes(x, y);
  } else if (el->Attribute("zaxis")) {
    const Vec3 z = vec3(el, cls, "zaxis", Vec3::UnitZ());
    nonzero("zaxis", z);
    R = mjcf::fromZAxis(z);
  }
  return R;
}

// ---- sections ----

void Importer::readCompiler(const XMLElement* el) {
  checkAttributes(el, {"angle", "eulerseq", "inertiafromgeom", "coordinate", "meshdir", "texturedir", "autolimits",
                       "inertiagrouprange", "strippath", "discardvisual", "convexhull", "usethread", "fusestatic"});
  if (const char* a = el->Attribute("angle")) {
    const std::string s = a;
    if (s != "degree" && s != "radian") fail(el, "<compiler> angle", s, "expected \"degree\" or \"radian\"");
    degree_ = s == "degree";
  }
  if (const char* s = el->Attribute("eulerseq")) {
    eulerseq_ = s;
    const std::string ok = "xyzXYZ";
    if (eulerseq_.size() != 3 || eulerseq_.find_first_not_of(ok) != std::string::npos)
      fail(el, "<compiler> eulerseq", s, "expected 3 letters of x, y, z (rotating axes) or X, Y, Z (fixed axes)");
  }
  if (const char* s = el->Attribute("inertiafromgeom")) {
    const std::string v = s;
    if (v != "true" && v != "false" && v != "auto")
      fail(el, "<compiler> inertiafromgeom", v, "expected \"true\", \"false\" or \"auto\"");
    fromGeom_ = v == "true" ? FromGeom::True : v == "false" ? FromGeom::False : FromGeom::Auto;
  }
  if (const char* s = el->Attribute("coordinate")) {
    const std::string v = s;
    if (v != "local" && v != "global") fail(el, "<compiler> coordinate", v, "expected \"local\" or \"global\"");
    global_ = v == "global";
  }
  if (const char* s = el->Attribute("meshdir")) meshdir_ = s;
  autolimits_ = flag(el, "", "autolimits", autolimits_);
  if (el->Attribute("inertiagrouprange")) {
    const std::vector<Real> g = numbers(el, "", "inertiagrouprange", 2, 2);
    groupRange_ = Vec2(g[0], g[1]);
  }
  // Visual-only or without effect on the mechanism: read, noted.
  for (const char* k : {"strippath", "discardvisual", "convexhull", "usethread", "fusestatic", "texturedir"})
    if (el->Attribute(k)) unrepresented_[std::string("compiler ") + k].push_back(path(el));
}

void Importer::readOption(const XMLElement* el) {
  checkAttributes(el, {"gravity"});
  if (el->Attribute("gravity")) m_.gravity = vec3(el, "", "gravity", m_.gravity);
  for (const XMLElement* c = el->FirstChildElement(); c; c = c->NextSiblingElement()) skip(c);
}

void Importer::readDefault(const XMLElement* el, const std::string& parent) {
  const char* c = el->Attribute("class");
  const std::string name = c ? c : "main";
  if (classes_.count(name) && !(name == "main" && parent.empty()))
    fail(el, describe(el) + " class", name, "a second <default> class of this name");
  DefaultClass cls = parent.empty() ? DefaultClass{} : classes_.at(parent);
  checkAttributes(el, {"class"});
  std::vector<const XMLElement*> nested;
  forEachChild(el, [&](const XMLElement* e) {
    const std::string kind = e->Name();
    if (kind == "default") {
      nested.push_back(e);
      return;
    }
    if (kind == "geom" || kind == "joint" || kind == "mesh" || kind == "equality") {
      for (const tinyxml2::XMLAttribute* a = e->FirstAttribute(); a; a = a->Next())
        cls.kinds[kind][a->Name()] = a->Value();
    } else {
      skip(e);
    }
  });
  classes_[name] = cls;
  for (const XMLElement* n : nested) readDefault(n, name);
}

void Importer::readAsset(const XMLElement* el) {
  forEachChild(el, [&](const XMLElement* e) {
    if (std::string(e->Name()) != "mesh") return skip(e);
    const std::string cls = classOf(e, "main");
    const char* file = e->Attribute("file");
    if (!file) fail(e, describe(e) + " file", "", "missing attribute \"file\" (meshes given by vertices are not read)");
    const std::string name = e->Attribute("name") ? e->Attribute("name") : fs::path(file).stem().string();
    if (meshes_.count(name)) fail(e, describe(e) + " name", name, "a second mesh of this name");
    meshes_[name] = {e, cls};
  });
}

// ---- bodies ----

void Importer::readInertial(const XMLElement* el, MjBody& b) {
  checkAttributes(el, {"pos", "quat", "axisangle", "euler", "xyaxes", "zaxis", "mass", "diaginertia", "fullinertia"});
  const std::string who = describe(el);
  Transform X = frame(el, "");
  if (global_) X = b.X_WB.inverse() * X;
  b.mass.mass = numbers(el, "", "mass", 1, 1)[0];
  if (b.mass.mass < 0) fail(el, who + " mass", el->Attribute("mass"), "must not be negative");
  b.mass.com = X.p();
  Mat33 I = Mat33::Zero();
  if (el->Attribute("diaginertia") && el->Attribute("fullinertia"))
    fail(el, who, "", "both diaginertia and fullinertia");
  if (el->Attribute("fullinertia")) {
    if (el->Attribute("quat") || el->Attribute("euler") || el->Attribute("axisangle") || el->Attribute("xyaxes") ||
        el->Attribute("zaxis"))
      fail(el, who, "", "fullinertia is in the body frame: it takes no orientation");
    const std::vector<Real> f = numbers(el, "", "fullinertia", 6, 6);
    I << f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2];
  } else if (el->Attribute("diaginertia")) {
    const std::vector<Real> d = numbers(el, "", "diaginertia", 3, 3);
    I = Vec3(d[0], d[1], d[2]).asDiagonal();
  } else if (b.mass.mass > 0) {
    fail(el, who, "", "missing diaginertia or fullinertia");
  }
  if (b.mass.mass > 0) {
    const Vec3 ev = Eigen::SelfAdjointEigenSolver<Mat33>(I).eigenvalues();
    std::ostringstream moments;
    moments << " (principal moments " << ev[0] << ", " << ev[1] << ", " << ev[2] << ")";
    const Real atol = 1e-10 * I.cwiseAbs().maxCoeff();
    const std::string value = el->Attribute("fullinertia") ? el->Attribute("fullinertia")
                                                           : el->Attribute("diaginertia");
    if (!(ev[0] > 0)) fail(el, who, value, "the inertia is not positive definite" + moments.str());
    if (ev[0] + ev[1] < ev[2] - atol)
      fail(el, who, value, "the principal moments violate the triangle inequality" + moments.str());
  }
  const Mat33& R = X.R().matrix();
  b.mass.inertia = R * I * R.transpose();
}

MjJoint Importer::readJoint(const XMLElement* el, const std::string& cls, const MjBody& b) {
  MjJoint j;
  j.el = el;
  const std::string who = describe(el);
  if (std::string(el->Name()) == "freejoint") {
    checkAttributes(el, {"name"});
    j.type = MjJointType::Free;
  } else {
    checkAttributes(
        el, {"name", "class", "type", "pos", "axis", "range", "limited", "damping", "stiffness", "springref", "ref"});
    for (const char* k : {"armature", "frictionloss", "margin", "solreflimit", "solimplimit", "solreffriction",
                          "solimpfriction", "group", "user"})
      if (!el->Attribute(k) && get(el, cls, k))  // from the class: noted once per joint
        unrepresented_[std::string("joint ") + k + " (from class " + cls + ")"].push_back(path(el));
    const char* t = get(el, cls, "type");
    const std::string type = t ? t : "hinge";
    static const std::map<std::string, MjJointType> kinds{{"hinge", MjJointType::Hinge},
                                                          {"slide", MjJointType::Slide},
                                                          {"ball", MjJointType::Ball},
                                                          {"free", MjJointType::Free}};
    if (!kinds.count(type)) fail(el, who + " type", type, "unknown joint type (hinge, slide, ball, free)");
    j.type = kinds.at(type);
    j.pos = vec3(el, cls, "pos", Vec3::Zero());
    j.axis = vec3(el, cls, "axis", Vec3::UnitZ());
    if (!(j.axis.norm() > 1e-15)) fail(el, who + " axis", get(el, cls, "axis"), "the axis must not be zero");
    j.axis.normalize();
    if (global_) {
      j.pos = b.X_WB.inverse() * j.pos;
      j.axis = b.X_WB.R().inverse() * j.axis;
    }
    const bool rotational = j.type == MjJointType::Hinge || j.type == MjJointType::Ball;
    j.damping = scalar(el, cls, "damping", 0);
    j.stiffness = scalar(el, cls, "stiffness", 0);
    if (j.damping < 0) fail(el, who + " damping", get(el, cls, "damping"), "must not be negative");
    if (j.stiffness < 0) fail(el, who + " stiffness", get(el, cls, "stiffness"), "must not be negative");
    const Real s = j.type == MjJointType::Hinge && degree_ ? kDegree : 1;
    j.ref = scalar(el, cls, "ref", 0) * s;
    j.springref = scalar(el, cls, "springref", 0) * s;
    const char* limited = get(el, cls, "limited");
    const bool hasRange = get(el, cls, "range") != nullptr;
    if (limited && std::string(limited) != "auto") j.limited = flag(el, cls, "limited", false);
    else if (hasRange && !autolimits_ && !limited)
      fail(el, who + " range", get(el, cls, "range"),
           "a range without limited=\"true\" (MuJoCo 2.2.2 refuses it too: set limited, or <compiler "
           "autolimits=\"true\">)");
    else j.limited = hasRange;
    if (j.limited) {
      const std::vector<Real> r = numbers(el, cls, "range", 2, 2);
      j.lower = rotational && degree_ ? r[0] * kDegree : r[0];
      j.upper = rotational && degree_ ? r[1] * kDegree : r[1];
      if (!(j.lower < j.upper)) fail(el, who + " range", get(el, cls, "range"), "lower must be below upper");
    }
  }
  const char* n = el->Attribute("name");
  j.name = n ? n : b.name + "_joint" + std::to_string(b.joints.size());
  return j;
}

std::string Importer::materialFor(Real friction) {
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
  m_.contactMaterials.push_back(mat);
  return frictionMaterial_[key.str()] = mat.name;
}

std::optional<GeometrySpec> Importer::readMesh(const XMLElement* el, const std::string& cls, const std::string& who,
                                               MassBody& massInGeom, Real density, std::optional<Real> mass) {
  const char* name = get(el, cls, "mesh");
  if (!name) fail(el, who + " mesh", "", "a mesh geom needs the attribute \"mesh\"");
  const auto it = meshes_.find(name);
  if (it == meshes_.end()) fail(el, who + " mesh", name, "no <mesh> of this name in <asset>");
  const XMLElement* asset = it->second.first;
  const std::string& acls = it->second.second;
  const std::string file = asset->Attribute("file");
  const Vec3 scale = vec3(asset, acls, "scale", Vec3::Ones());
  const fs::path p = fs::path(fileOf(asset)).parent_path() / meshdir_ / file;
  std::string ext = p.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string where = "line " + std::to_string(el->GetLineNum()) + ": " + who + ": mesh " + file;
  bool allowed = isWithin(p, fs::path(file_).parent_path());
  for (const std::string& a : options_.allowedPaths) allowed = allowed || isWithin(p, a);
  if (!fs::is_regular_file(p) || (ext != ".obj" && ext != ".stl") || !allowed) {
    m_.warnings.push_back(where +
                          (!fs::is_regular_file(p)          ? " not found"
                           : ext != ".obj" && ext != ".stl" ? " is not OBJ or STL"
                                                            : " is outside the model file's folder (--allow-path)") +
                          "; its geometry and mass are left out");
    return std::nullopt;
  }
  std::shared_ptr<TriangleMesh> raw;
  try {
    raw = articula::readMesh(p.string());
  } catch (const std::exception& e) {
    fail(asset, describe(asset) + " file", file, std::string("cannot read the mesh: ") + e.what());
  }
  std::vector<Vec3> v = raw->vertices();
  for (Vec3& x : v) x = x.cwiseProduct(scale);
  const auto scaled = std::make_shared<const TriangleMesh>(std::move(v), raw->faces(), p.string());
  const std::optional<MassBody> unit = mjcf::meshMass(*scaled, 1.0);
  if (!unit) fail(asset, describe(asset) + " file", file, "the mesh encloses no volume (open, or faces inside out)");
  // MuJoCo moves a mesh into its inertial frame: the geom frame is the mesh's centroid and axes.
  const Transform X_fileInertial = mjcf::meshInertialFrame(*unit);
  const Real m = mass ? *mass : density * unit->mass;
  massInGeom = MassBody{m, Vec3::Zero(),
                        X_fileInertial.R().inverse().matrix() * unit->inertia * (m / unit->mass) *
                            X_fileInertial.R().matrix()};
  GeometrySpec g;
  g.type = GeometryType::Mesh;
  g.size = scale;
  g.meshPath = fs::absolute(p).lexically_normal().string();
  g.meshFile = g.meshPath;
  g.mesh = scaled;
  g.pose.position = X_fileInertial.inverse().p();  // the file's vertices seen from the inertial frame
  g.pose.orientation = X_fileInertial.inverse().R().toQuaternion();
  return g;
}

void Importer::readGeom(const XMLElement* el, const std::string& cls, MjBody& b, MassBody& fromGeoms) {
  checkAttributes(el, {"name", "class", "type", "size", "fromto", "pos", "quat", "axisangle", "euler", "xyaxes",
                       "zaxis", "mass", "density", "contype", "conaffinity", "rgba", "mesh", "friction", "group"});
  for (const char* k : {"condim", "solref", "solimp", "solmix", "margin", "gap", "material", "priority", "fluidshape",
                        "fluidcoef", "user", "hfield"})
    if (!el->Attribute(k) && get(el, cls, k))
      unrepresented_[std::string("geom ") + k + " (from class " + cls + ")"].push_back(path(el));
  const std::string who = describe(el);
  const char* t = get(el, cls, "type");
  const std::string type = t ? t : "sphere";
  static const std::map<std::string, GeometryType> kinds{
      {"sphere", GeometryType::Sphere},     {"capsule", GeometryType::Capsule}, {"ellipsoid", GeometryType::Ellipsoid},
      {"cylinder", GeometryType::Cylinder}, {"box", GeometryType::Box},         {"mesh", GeometryType::Mesh}};
  if (type != "plane" && !kinds.count(type))
    fail(el, who + " type", type,
         "unknown or unsupported geom type (plane, sphere, capsule, ellipsoid, cylinder, box, mesh)");
  std::optional<Real> mass;
  if (get(el, cls, "mass")) {
    mass = scalar(el, cls, "mass", 0);
    if (*mass < 0) fail(el, who + " mass", get(el, cls, "mass"), "must not be negative");
  }
  const Real density = scalar(el, cls, "density", 1000);
  if (density < 0) fail(el, who + " density", get(el, cls, "density"), "must not be negative");
  const int group = static_cast<int>(scalar(el, cls, "group", 0));
  const bool counts = group >= groupRange_[0] && group <= groupRange_[1];
  const bool contact = scalar(el, cls, "contype", 1) != 0 || scalar(el, cls, "conaffinity", 1) != 0;
  const Real friction = get(el, cls, "friction") ? numbers(el, cls, "friction", 1, 3)[0] : 1.0;
  Transform X = frame(el, cls);
  std::vector<Real> size = get(el, cls, "size") ? numbers(el, cls, "size", 1, 3) : std::vector<Real>{};
  size.resize(3, 0);
  const bool fromto = get(el, cls, "fromto") != nullptr && type != "plane" && type != "sphere" && type != "mesh";
  if (fromto) {
    const std::vector<Real> f = numbers(el, cls, "fromto", 6, 6);
    const Vec3 a(f[0], f[1], f[2]), c(f[3], f[4], f[5]);
    if (!((c - a).norm() > 1e-15)) fail(el, who + " fromto", get(el, cls, "fromto"), "the two points coincide");
    X = mjcf::fromTo(a, c);
    (type == "box" || type == "ellipsoid" ? size[2] : size[1]) = (c - a).norm() / 2;
  }
  if (global_) X = b.X_WB.inverse() * X;
  if (type == "plane") {
    if (b.el) return skip(el, "geom plane on a moving body (only the world's plane is the floor)");
    if (groundSet_) return skip(el, "geom plane besides the first (the floor)");
    groundSet_ = true;
    m_.contact.enabled = true;
    m_.contact.ground = true;
    m_.contact.groundNormal = X.R().matrix().col(2);
    m_.contact.groundHeight = X.p().dot(m_.contact.groundNormal);
    if (contact) m_.contact.groundMaterial = materialFor(friction);
    return;
  }
  GeometrySpec g;
  g.type = kinds.at(type);
  MassBody own;
  if (g.type == GeometryType::Mesh) {
    const auto mesh = readMesh(el, cls, who, own, density, mass);
    if (!mesh) return;
    g = *mesh;
    const Transform X_inertial = X;
    X = X_inertial * g.pose.transform();
    own = mjcf::placed(own, X_inertial);
  } else {
    const int needed = g.type == GeometryType::Sphere                                        ? 1
                       : g.type == GeometryType::Capsule || g.type == GeometryType::Cylinder ? 2
                                                                                             : 3;
    for (int k = 0; k < needed; ++k)
      if (!(size[static_cast<size_t>(k)] > 0))
        fail(el, who + " size", get(el, cls, "size") ? get(el, cls, "size") : "",
             "a " + type + " needs " + std::to_string(needed) + " positive size values" +
                 (fromto ? " (fromto gives the length)" : ""));
    g.size = Vec3(size[0], needed > 1 ? size[1] : 0, needed > 2 ? size[2] : 0);
    own = mjcf::placed(mjcf::shapeMass(g.type, g.size, mass ? *mass : density * mjcf::shapeVolume(g.type, g.size)), X);
  }
  if (counts) fromGeoms = mjcf::combined(fromGeoms, own);
  g.pose.position = X.p();
  g.pose.orientation = X.R().toQuaternion();
  const char* n = el->Attribute("name");
  g.name = n ? n : b.name + "/geom" + std::to_string(b.geometry.size());
  if (get(el, cls, "rgba")) {
    const std::vector<Real> c = numbers(el, cls, "rgba", 4, 4);
    g.color = Vec3(c[0], c[1], c[2]).cwiseMax(0).cwiseMin(1);
  }
  if (contact) g.material = materialFor(friction);
  if (!b.el) return skip(el, "geom on the world body (static obstacles are not represented; planes are the floor)");
  b.geometry.push_back(g);
}

void Importer::readBody(const XMLElement* el, int parent, const std::string& inherited) {
  MjBody b;
  b.el = el;
  b.parent = parent;
  checkAttributes(el, {"name", "childclass", "pos", "quat", "axisangle", "euler", "xyaxes", "zaxis"});
  const std::string childclass = el->Attribute("childclass") ? classOf(el, inherited) : inherited;
  if (const char* c = el->Attribute("childclass"))
    if (!classes_.count(c)) fail(el, describe(el) + " childclass", c, "no <default> class of this name");
  const std::string cls = el->Attribute("childclass") ? el->Attribute("childclass") : inherited;
  const char* n = el->Attribute("name");
  b.name = n ? n : "body" + std::to_string(bodies_.size() + 1);
  for (const MjBody& o : bodies_)
    if (o.name == b.name)
      fail(el, describe(el) + " name", b.name,
           "a second body of this name (first at line " + std::to_string(o.el->GetLineNum()) + ")");
  const Transform X_WP = parent < 0 ? Transform() : bodies_[static_cast<size_t>(parent)].X_WB;
  const Transform X = frame(el, "");
  b.X_PB = global_ ? X_WP.inverse() * X : X;
  b.X_WB = X_WP * b.X_PB;
  MassBody fromGeoms;
  const XMLElement* inertial = nullptr;
  std::vector<const XMLElement*> children;
  forEachChild(el, [&](const XMLElement* c) {
    const std::string kind = c->Name();
    if (kind == "body") children.push_back(c);
    else if (kind == "inertial") {
      if (inertial) fail(c, describe(el) + " <inertial>", "", "a second <inertial>");
      inertial = c;
    } else if (kind == "joint" || kind == "freejoint") {
      b.joints.push_back(readJoint(c, classOf(c, cls), b));
    } else if (kind == "geom") {
      readGeom(c, classOf(c, cls), b, fromGeoms);
    } else {
      skip(c);
    }
  });
  (void)childclass;
  if (inertial && fromGeom_ != FromGeom::True) readInertial(inertial, b);
  else if (fromGeom_ != FromGeom::False) b.mass = fromGeoms;
  if (inertial && fromGeom_ == FromGeom::True)
    skip(inertial, "inertial (replaced by the geoms': inertiafromgeom=\"true\")");
  bodies_.push_back(b);
  const int index = static_cast<int>(bodies_.size()) - 1;
  for (const XMLElement* c : children) readBody(c, index, cls);
}

// ---- building the Articula model ----

FrameSpec frameOf(const Transform& X) {
  FrameSpec f;
  f.position = X.p();
  f.orientation = X.R().toQuaternion();
  return f;
}

// Turns F and M so that the mobilizer's working axis (z for a pin, x for a slider) is `axis`.
Transform aligned(JointType t, const Vec3& axis) {
  return Transform(Rotation::fromOneAxis(t == JointType::Slider ? CoordinateAxis::X : CoordinateAxis::Z, axis));
}

// Several hinges and slides in one body as one function_based joint, when that is exact: the
// slides first (translations in the rest frame), then hinges turning about one common anchor,
// except that the first hinge may have its own (then no slides): the body turns by R1 about a1,
// then by R2 R3 about a2, so p_FM = R1 (a2 - a1) with F at a1 and M at a2, whose components are
// sinusoids of the first hinge's angle.
bool Importer::addComposed(MjBody& b, const std::string& parent, const Transform& X0) {
  std::vector<const MjJoint*> slides, hinges;
  for (const MjJoint& j : b.joints) {
    if (j.type == MjJointType::Slide) {
      if (!hinges.empty()) return false;
      slides.push_back(&j);
    } else if (j.type == MjJointType::Hinge) {
      hinges.push_back(&j);
    } else {
      return false;
    }
  }
  if (slides.size() > 3 || hinges.size() > 3) return false;
  for (size_t k = 2; k < hinges.size(); ++k)
    if ((hinges[k]->pos - hinges[1]->pos).norm() > 1e-12) return false;
  const Vec3 a1 = hinges.empty() ? Vec3::Zero() : hinges[0]->pos, a2 = hinges.size() > 1 ? hinges[1]->pos : a1;
  const Vec3 d = a2 - a1;
  if (d.norm() > 1e-12 && !slides.empty()) return false;
  for (size_t k = 1; k < hinges.size(); ++k)
    if (hinges[k]->axis.cross(hinges[k - 1]->axis).norm() < 1e-8) return false;
  for (size_t k = 0; k < slides.size(); ++k)
    for (size_t l = 0; l < k; ++l)
      if (slides[k]->axis.cross(slides[l]->axis).norm() < 1e-8) return false;
  BodySpec s;
  JointSpec& js = s.joint;
  js.name = b.name;
  js.type = JointType::FunctionBased;
  js.parent = parent;
  js.parentFrame = frameOf(X0 * Transform(Rotation(), a1));
  js.childFrame = frameOf(Transform(Rotation(), a2));
  FunctionBasedSpec& f = js.functions;
  const auto linear = [](const MjJoint* j) {
    FunctionSpec fn;
    fn.type = FunctionType::Linear;
    fn.coefficients = {1, -j->ref};  // Articula's coordinate is MuJoCo's qpos; the rest pose is at ref
    fn.args = {j->name};
    return fn;
  };
  for (const MjJoint& j : b.joints) {
    f.coordinates.push_back(j.name);
    f.angular.push_back(j.type == MjJointType::Hinge);
  }
  for (size_t k = 0; k < hinges.size(); ++k) {
    f.rotationAxes[k] = hinges[k]->axis;
    f.rotations[k] = linear(hinges[k]);
  }
  for (size_t k = 0; k < slides.size(); ++k) {
    f.translationAxes[k] = slides[k]->axis;
    f.translations[k] = linear(slides[k]);
  }
  if (d.norm() > 1e-12) {  // R(n, θ) d = (d·n) n + cos θ (d - (d·n) n) + sin θ (n × d), θ = q - ref
    const Vec3 n = hinges[0]->axis, along = d.dot(n) * n, alpha = d - along, beta = n.cross(d);
    for (int i = 0; i < 3; ++i) {
      FunctionSpec fn;
      fn.type = FunctionType::Sinusoid;
      fn.coefficients = {std::hypot(alpha[i], beta[i]), 1, std::atan2(alpha[i], beta[i]) - hinges[0]->ref, along[i]};
      fn.args = {hinges[0]->name};
      f.translationAxes[static_cast<size_t>(i)] = Vec3::Unit(i);
      f.translations[static_cast<size_t>(i)] = fn;
    }
  }
  s.name = b.name;
  s.source = "line " + std::to_string(b.el->GetLineNum());
  js.source = s.source;
  s.mass = b.mass.mass;
  s.massCenter = b.mass.com;
  s.inertia = b.mass.inertia;
  s.geometry = b.geometry;
  m_.bodies.push_back(s);
  for (MjJoint& j : b.joints) {
    j.body = b.name;
    j.joint = b.name;
    j.coordinate = j.name;
    if (j.ref != 0) m_.initialState.q[j.joint + "." + j.coordinate] = j.ref;  // MuJoCo's qpos0
  }
  return true;
}

void Importer::addBody(MjBody& b) {
  const MjBody* p = b.parent < 0 ? nullptr : &bodies_[static_cast<size_t>(b.parent)];
  const std::string parentOwner = p ? p->owner : "";
  const Transform X0 = (p ? p->X_OB : Transform()) * b.X_PB;  // the rest pose in the parent's Articula body
  const std::string parentName = parentOwner.empty() ? "ground" : parentOwner;
  if (b.joints.empty() && !(b.mass.mass > 0)) {  // a massless frame: merged into its parent
    b.owner = parentOwner;
    b.X_OB = X0;
    for (GeometrySpec g : b.geometry) {
      if (b.owner.empty()) {
        skip(b.el, "geometry of a massless body welded to the world");
        break;
      }
      g.pose = frameOf(X0 * g.pose.transform());
      m_.bodies[static_cast<size_t>(m_.findBody(b.owner))].geometry.push_back(g);
    }
    return;
  }
  if (!(b.mass.mass > 0))
    fail(b.el, describe(b.el), b.name, "a moving body without mass (give it an <inertial> or geoms with volume)");
  const Vec3 ev = Eigen::SelfAdjointEigenSolver<Mat33>(b.mass.inertia).eigenvalues();
  if (!(ev[0] > 1e-14 * ev[2]))
    fail(b.el, describe(b.el), b.name, "the body's inertia is not positive definite (point mass or thin rod)");
  b.owner = b.name;
  b.X_OB = Transform();
  BodySpec s;
  s.name = b.name;
  s.source = "line " + std::to_string(b.el->GetLineNum());
  s.mass = b.mass.mass;
  s.massCenter = b.mass.com;
  s.inertia = b.mass.inertia;
  s.geometry = b.geometry;
  JointSpec& js = s.joint;
  js.source = s.source;
  js.parent = parentName;
  if (b.joints.empty()) {
    js.name = b.name;
    js.type = JointType::Weld;
    js.parentFrame = frameOf(X0);
    m_.bodies.push_back(s);
    return;
  }
  for (const MjJoint& j : b.joints)
    if (j.type == MjJointType::Free) {
      if (b.joints.size() > 1) fail(j.el, describe(j.el), j.name, "a free joint must be its body's only joint");
      if (p) fail(j.el, describe(j.el), j.name, "a free joint only in a body whose parent is the world (as MuJoCo)");
    }
  if (b.joints.size() > 1 && addComposed(b, parentName, X0)) return;
  // One joint per Articula body: massless intermediate bodies "<body>/<joint>" at the body's frame.
  std::string parent = parentName;
  Transform X_PF0 = X0;
  for (size_t k = 0; k < b.joints.size(); ++k) {
    MjJoint& j = b.joints[k];
    const bool last = k + 1 == b.joints.size();
    BodySpec link = last ? s : BodySpec{};
    if (!last) {
      link.name = b.name + "/" + j.name;
      link.source = s.source;
    }
    JointSpec& lj = link.joint;
    lj.name = j.name;
    lj.parent = parent;
    lj.source = "line " + std::to_string(j.el->GetLineNum());
    const Transform anchor(Rotation(), j.pos);
    switch (j.type) {
      case MjJointType::Hinge:
      case MjJointType::Slide: {
        lj.type = j.type == MjJointType::Hinge ? JointType::Pin : JointType::Slider;
        const Transform A = aligned(lj.type, j.axis);
        // At the Articula coordinate q (= MuJoCo's qpos) the body is turned by q - ref from the rest pose.
        const Transform back = lj.type == JointType::Pin ? Transform(Rotation::aboutZ(-j.ref), Vec3::Zero())
                                                         : Transform(Rotation(), Vec3(-j.ref, 0, 0));
        lj.parentFrame = frameOf(X_PF0 * anchor * A * back);
        lj.childFrame = frameOf(anchor * A);
        j.coordinate = lj.type == JointType::Pin ? "angle" : "x";
        if (j.ref != 0) m_.initialState.q[j.name + "." + j.coordinate] = j.ref;
        break;
      }
      case MjJointType::Ball:
        lj.type = JointType::Ball;
        lj.parentFrame = frameOf(X_PF0 * anchor);
        lj.childFrame = frameOf(anchor);
        break;
      case MjJointType::Free: {  // q is the pose in the world, as MuJoCo's qpos
        lj.type = JointType::Free;
        const Vec3 angles = b.X_WB.R().toBodyFixedXYZ();
        const char* names[] = {"x", "y", "z", "rx", "ry", "rz"};
        for (int i = 0; i < 6; ++i) {
          const Real v = i < 3 ? b.X_WB.p()[i] : angles[i - 3];
          if (v != 0) m_.initialState.q[j.name + "." + names[i]] = v;
        }
        break;
      }
    }
    j.body = link.name;
    j.joint = j.name;
    m_.bodies.push_back(link);
    parent = link.name;
    X_PF0 = Transform();
  }
}

void Importer::addJointForces(const MjJoint& j) {
  const bool one = j.type == MjJointType::Hinge || j.type == MjJointType::Slide;
  const auto force = [&](ForceType t, const std::string& name, const std::string& coordinate) {
    ForceSpec f;
    f.type = t;
    f.name = name;
    f.bodies["body"] = j.body;
    f.coordinate = coordinate;
    return f;
  };
  if (j.damping > 0) {
    std::vector<std::string> us{j.coordinate};
    if (j.type == MjJointType::Ball) us = {"wx", "wy", "wz"};
    if (j.type == MjJointType::Free) us = {"wx", "wy", "wz", "vx", "vy", "vz"};
    for (const std::string& u : us) {
      ForceSpec f = force(ForceType::MobilityLinearDamper, j.name + " damping" + (one ? "" : " " + u), u);
      f.numbers["damping"] = {j.damping};
      m_.forces.push_back(f);
    }
  }
  if (j.stiffness > 0) {
    if (!one) {
      skip(j.el, "joint stiffness of a ball or free joint");
    } else {
      ForceSpec f = force(ForceType::MobilityLinearSpring, j.name + " stiffness", j.coordinate);
      f.numbers["stiffness"] = {j.stiffness};
      f.numbers["rest"] = {j.springref};
      m_.forces.push_back(f);
    }
  }
  if (j.limited) {
    if (!one) {
      skip(j.el, "joint range of a ball joint");
    } else {
      ForceSpec f = force(ForceType::RangeOfMotionLimit, j.name + " limit", j.coordinate);
      f.numbers["lower"] = {j.lower};
      f.numbers["upper"] = {j.upper};
      f.numbers["stiffness"] = {kLimitStiffness};
      f.numbers["damping"] = {kLimitDamping};
      m_.forces.push_back(f);
    }
  }
}

const MjBody& Importer::bodyNamed(const XMLElement* el, const char* key, const char* fallback) const {
  static const MjBody world;
  const char* v = el->Attribute(key);
  const std::string name = v ? v : fallback ? fallback : "";
  if (!v && !fallback) fail(el, describe(el) + " " + key, "", std::string("missing attribute \"") + key + "\"");
  if (name == "world") return world;
  for (const MjBody& b : bodies_)
    if (b.name == name) return b;
  fail(el, describe(el) + " " + key, name, "no body of this name");
}

void Importer::readEquality(const XMLElement* el) {
  const std::string kind = el->Name();
  const std::string cls = classOf(el, "main");
  const std::string who = describe(el);
  if (kind != "connect" && kind != "weld" && kind != "joint") return skip(el);
  checkAttributes(el,
                  {"name", "class", "active", "body1", "body2", "anchor", "relpose", "joint1", "joint2", "polycoef"});
  for (const char* k : {"solref", "solimp"})
    if (!el->Attribute(k) && get(el, cls, k)) unrepresented_[std::string("equality ") + k].push_back(path(el));
  if (!flag(el, cls, "active", true)) return skip(el, "equality active=\"false\"");
  ConstraintSpec c;
  const char* n = el->Attribute("name");
  c.name = n ? n : kind + std::to_string(m_.constraints.size());
  const auto owner = [](const MjBody& b) { return b.owner.empty() ? std::string("ground") : b.owner; };
  const auto put = [&](const std::string& key, const Transform& X) {
    const Vec4 q = X.R().toQuaternion().asVec4();
    c.numbers[key + ".position"] = {X.p()[0], X.p()[1], X.p()[2]};
    c.numbers[key + ".orientation"] = {q[0], q[1], q[2], q[3]};
  };
  if (kind == "connect" || kind == "weld") {
    const MjBody& b1 = bodyNamed(el, "body1", nullptr);
    const MjBody& b2 = bodyNamed(el, "body2", "world");
    if (owner(b1) == owner(b2)) fail(el, who, "", "body1 and body2 are one rigid body");
    c.bodies["body1"] = owner(b1);
    c.bodies["body2"] = owner(b2);
    const Transform X_21 = b2.X_WB.inverse() * b1.X_WB;  // at the rest pose (qpos0)
    if (kind == "connect") {
      c.type = ConstraintType::Ball;
      const Vec3 anchor = vec3(el, cls, "anchor", Vec3::Zero());
      if (!get(el, cls, "anchor")) fail(el, who + " anchor", "", "missing attribute \"anchor\"");
      const Vec3 s1 = b1.X_OB * anchor, s2 = b2.X_OB * (X_21 * anchor);
      c.numbers["station1"] = {s1[0], s1[1], s1[2]};
      c.numbers["station2"] = {s2[0], s2[1], s2[2]};
    } else {
      c.type = ConstraintType::Weld;
      Transform X_12 = X_21.inverse();  // body2's frame in body1's
      if (get(el, cls, "relpose")) {
        const std::vector<Real> r = numbers(el, cls, "relpose", 7, 7);
        const Vec4 q(r[3], r[4], r[5], r[6]);
        if (q.norm() > 0) X_12 = Transform(mjcf::fromQuat(q), Vec3(r[0], r[1], r[2]));
      }
      put("frame1", b1.X_OB * X_12);
      put("frame2", b2.X_OB);
    }
  } else {
    c.type = ConstraintType::CoordinateCoupler;
    const auto joint = [&](const char* key) -> const MjJoint* {
      const char* v = el->Attribute(key);
      if (!v) return nullptr;
      for (const MjBody& b : bodies_)
        for (const MjJoint& j : b.joints)
          if (j.name == v) {
            if (j.type != MjJointType::Hinge && j.type != MjJointType::Slide)
              fail(el, who + " " + key, v, "a joint equality couples hinge and slide joints only");
            return &j;
          }
      fail(el, who + " " + key, v, "no joint of this name");
    };
    const MjJoint* j1 = joint("joint1");
    if (!j1) fail(el, who + " joint1", "", "missing attribute \"joint1\"");
    const MjJoint* j2 = joint("joint2");
    std::vector<Real> p = get(el, cls, "polycoef") ? numbers(el, cls, "polycoef", 5, 5)
                                                   : std::vector<Real>{0, 1, 0, 0, 0};
    if (j2 && (p[2] != 0 || p[3] != 0 || p[4] != 0))
      fail(el, who + " polycoef", get(el, cls, "polycoef"),
           "only the linear part (a0 + a1 x) can be represented (a coordinate_coupler of linear form)");
    FunctionSpec fn;  // q1 - ref1 = a0 + a1 (q2 - ref2)
    fn.type = FunctionType::Linear;
    fn.args = {j1->joint + "." + j1->coordinate};
    if (j2) {
      fn.args.push_back(j2->joint + "." + j2->coordinate);
      fn.coefficients = {1, -p[1], -(j1->ref + p[0]) + p[1] * j2->ref};
    } else {
      fn.coefficients = {1, -(j1->ref + p[0])};
    }
    c.function.push_back(fn);
  }
  m_.constraints.push_back(c);
}

ModelSpec Importer::run(const std::string& text) {
  const XMLElement* root = parse(text, file_);
  m_.name = root->Attribute("model") ? root->Attribute("model") : fs::path(file_).stem().string();
  m_.sourceFormat = SourceFormat::Mjcf;
  checkAttributes(root, {"model"});
  // MuJoCo reads the sections whatever their order: settings first, then the bodies, then what
  // refers to bodies and joints.
  std::map<std::string, std::vector<const XMLElement*>> sections;
  forEachChild(root, [&](const XMLElement* e) { sections[e->Name()].push_back(e); });
  for (const XMLElement* e : sections["compiler"]) readCompiler(e);
  for (const XMLElement* e : sections["option"]) readOption(e);
  for (const XMLElement* e : sections["default"]) readDefault(e, "");
  if (!classes_.count("main")) classes_["main"] = DefaultClass{};
  for (const XMLElement* e : sections["asset"]) readAsset(e);
  MjBody world;
  MassBody unused;
  for (const XMLElement* w : sections["worldbody"])
    forEachChild(w, [&](const XMLElement* c) {
      const std::string kind = c->Name();
      if (kind == "body") readBody(c, -1, "main");
      else if (kind == "geom") readGeom(c, classOf(c, "main"), world, unused);
      else skip(c);
    });
  if (bodies_.empty()) fail(root, "<mujoco>", "", "no <body> in <worldbody>");
  for (MjBody& b : bodies_) addBody(b);
  for (const MjBody& b : bodies_)
    for (const MjJoint& j : b.joints) addJointForces(j);
  for (const XMLElement* e : sections["equality"]) forEachChild(e, [&](const XMLElement* c) { readEquality(c); });
  for (const auto& [kind, list] : sections)
    if (kind != "compiler" && kind != "option" && kind != "default" && kind != "asset" && kind != "worldbody" &&
        kind != "equality")
      for (const XMLElement* e : list) skip(e);
  for (const BodySpec& b : m_.bodies)
    for (const GeometrySpec& g : b.geometry) m_.contact.enabled = m_.contact.enabled || !g.material.empty();
  if (!unrepresented_.empty()) {
    std::string w = "read but not represented in the Articula model:";
    for (const auto& [what, paths] : unrepresented_) {
      w += "\n  " + what + ":";
      for (const std::string& p : paths) w += " " + p + ";";
      w.pop_back();
    }
    m_.warnings.push_back(w);
  }
  return std::move(m_);
}

}  // namespace

bool looksLikeMjcf(const std::string& text) {
  const size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos || text[start] != '<') return false;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) return false;
  return doc.RootElement() && std::string(doc.RootElement()->Name()) == "mujoco";
}

ModelSpec importMjcf(const std::string& text, const std::string& file, const LoadOptions& options) {
  return Importer(file, options).run(text);
}

}  // namespace articula::model
