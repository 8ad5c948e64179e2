// MJCF default classes and attribute parsing (MjcfDefaults.h).
#include "MjcfDefaults.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "MjcfFrames.h"
#include "ReadHelpers.h"

namespace articula::model::mjcf {

Real Compiler::angle(Real a) const { return degree ? a * kDegree : a; }

void Defaults::read(const XMLElement* el, const std::string& parent, XmlSource& xml, Report& report) {
  const char* c = el->Attribute("class");
  const std::string name = c ? c : "main";
  if (classes_.count(name) && !(name == "main" && parent.empty()))
    xml.fail(el, describe(el) + " class", name, "a second <default> class of this name");
  Class cls = parent.empty() ? Class{} : classes_.at(parent);
  report.unknownAttributes(el, {"class"});
  std::vector<const XMLElement*> nested;
  xml.forEachChild(el, [&](const XMLElement* e) {
    const std::string kind = e->Name();
    if (kind == "default") {
      nested.push_back(e);
    } else if (kind == "geom" || kind == "joint" || kind == "mesh" || kind == "equality") {
      for (const tinyxml2::XMLAttribute* a = e->FirstAttribute(); a; a = a->Next()) cls[kind][a->Name()] = a->Value();
    } else {
      report.skip(e);
    }
  });
  classes_[name] = cls;
  for (const XMLElement* n : nested) read(n, name, xml, report);
}

const char* Defaults::get(const std::string& cls, const std::string& kind, const char* key) const {
  const auto c = classes_.find(cls);
  if (c == classes_.end()) return nullptr;
  const auto k = c->second.find(kind);
  if (k == c->second.end()) return nullptr;
  const auto a = k->second.find(key);
  return a == k->second.end() ? nullptr : a->second.c_str();
}

const char* Attributes::get(const XMLElement* el, const std::string& cls, const char* key) const {
  if (const char* v = el->Attribute(key)) return v;
  return defaults_.get(cls, el->Name(), key);
}

std::string Attributes::classOf(const XMLElement* el, const std::string& inherited) const {
  const char* c = el->Attribute("class");
  if (!c) return inherited;
  if (!defaults_.has(c)) xml_.fail(el, describe(el) + " class", c, "no <default> class of this name");
  return c;
}

std::vector<Real> Attributes::numbers(const XMLElement* el, const std::string& cls, const char* key, size_t minCount,
                                      size_t maxCount) const {
  const char* v = get(el, cls, key);
  if (!v) xml_.fail(el, describe(el) + " " + key, "", std::string("missing attribute \"") + key + "\"");
  const std::string text = v;
  std::istringstream in(text);
  std::vector<Real> out;
  for (std::string word; in >> word;) {
    char* end = nullptr;
    const double x = std::strtod(word.c_str(), &end);
    if (end == word.c_str() || *end != '\0' || !std::isfinite(x))
      xml_.fail(el, describe(el) + " " + key, "\"" + text + "\"", "\"" + word + "\" is not a finite number");
    out.push_back(x);
  }
  if (out.size() < minCount || out.size() > maxCount)
    xml_.fail(el, describe(el) + " " + key, "\"" + text + "\"",
              "expected " + std::to_string(minCount) +
                  (maxCount > minCount ? " to " + std::to_string(maxCount) : std::string()) + " numbers");
  return out;
}

Vec3 Attributes::vec3(const XMLElement* el, const std::string& cls, const char* key, const Vec3& fallback) const {
  if (!get(el, cls, key)) return fallback;
  const std::vector<Real> v = numbers(el, cls, key, 3, 3);
  return Vec3(v[0], v[1], v[2]);
}

Real Attributes::scalar(const XMLElement* el, const std::string& cls, const char* key, Real fallback) const {
  return get(el, cls, key) ? numbers(el, cls, key, 1, 1)[0] : fallback;
}

bool Attributes::flag(const XMLElement* el, const std::string& cls, const char* key, bool fallback) const {
  const char* v = get(el, cls, key);
  if (!v) return fallback;
  const std::string s = v;
  if (s != "true" && s != "false") xml_.fail(el, describe(el) + " " + key, s, "expected \"true\" or \"false\"");
  return s == "true";
}

Rotation Attributes::orientation(const XMLElement* el, const std::string& cls) const {
  int given = 0;
  for (const char* k : {"quat", "axisangle", "euler", "xyaxes", "zaxis"})
    if (el->Attribute(k)) ++given;
  if (given > 1) xml_.fail(el, describe(el), "", "more than one orientation (quat, axisangle, euler, xyaxes, zaxis)");
  const auto nonzero = [&](const char* key, const Vec3& v) {
    if (!(v.norm() > 1e-15)) xml_.fail(el, describe(el) + " " + key, el->Attribute(key), "the axis must not be zero");
  };
  if (el->Attribute("quat")) {
    const std::vector<Real> q = numbers(el, cls, "quat", 4, 4);
    const Vec4 v(q[0], q[1], q[2], q[3]);
    if (!(v.norm() > 1e-15)) xml_.fail(el, describe(el) + " quat", el->Attribute("quat"), "a zero quaternion");
    return fromQuat(v);
  }
  if (el->Attribute("axisangle")) {
    const std::vector<Real> a = numbers(el, cls, "axisangle", 4, 4);
    nonzero("axisangle", Vec3(a[0], a[1], a[2]));
    return fromAxisAngle(Vec3(a[0], a[1], a[2]), compiler_.angle(a[3]));
  }
  if (el->Attribute("euler")) {
    const std::vector<Real> e = numbers(el, cls, "euler", 3, 3);
    return fromEuler(Vec3(compiler_.angle(e[0]), compiler_.angle(e[1]), compiler_.angle(e[2])), compiler_.eulerseq);
  }
  if (el->Attribute("xyaxes")) {
    const std::vector<Real> a = numbers(el, cls, "xyaxes", 6, 6);
    const Vec3 x(a[0], a[1], a[2]), y(a[3], a[4], a[5]);
    if (!(x.norm() > 1e-15) || !(x.normalized().cross(y).norm() > 1e-15))
      xml_.fail(el, describe(el) + " xyaxes", el->Attribute("xyaxes"), "x must be nonzero and y not parallel to it");
    return fromXyAxes(x, y);
  }
  if (el->Attribute("zaxis")) {
    const Vec3 z = vec3(el, cls, "zaxis", Vec3::UnitZ());
    nonzero("zaxis", z);
    return fromZAxis(z);
  }
  return Rotation();
}

}  // namespace articula::model::mjcf
