// MJCF attributes with their defaults (docs/mjcf.md, "Defaults"): <default> classes nested, each
// inheriting its parent's attributes (top level: "main"); an attribute is the element's own, else
// its class's. Attributes parsed as numbers, flags and frames, with the <compiler> settings that
// change their meaning (angle units, Euler sequence); errors name file, line, element and value.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "MjcfReport.h"
#include "MjcfXml.h"
#include "articula/math/Transform.h"

namespace articula::model::mjcf {

// <compiler> settings (MuJoCo 2.2.2's defaults).
struct Compiler {
  enum class FromGeom { False, True, Auto };
  bool degree = true, global = false, autolimits = false;
  std::string eulerseq = "xyz", meshdir;
  FromGeom fromGeom = FromGeom::Auto;
  Vec2 groupRange{0, 5};     // inertiagrouprange
  Real angle(Real a) const;  // in radians
};

class Defaults {
 public:
  // The <default> element `el` as the class it names (none: "main") inheriting `parent` ("" at the
  // top level), and its nested classes. Elements other than geom, joint, mesh, equality are noted.
  void read(const XMLElement* el, const std::string& parent, XmlSource& xml, Report& report);
  void ensureMain() { classes_.try_emplace("main"); }
  bool has(const std::string& cls) const { return classes_.count(cls) > 0; }
  // The value of `key` for an element of `kind` in class `cls`; nullptr if the class has none.
  const char* get(const std::string& cls, const std::string& kind, const char* key) const;

 private:
  using Class = std::map<std::string, std::map<std::string, std::string>>;  // kind -> attribute -> value
  std::map<std::string, Class> classes_;
};

class Attributes {
 public:
  Attributes(const XmlSource& xml, const Defaults& defaults, const Compiler& compiler)
      : xml_(xml), defaults_(defaults), compiler_(compiler) {}

  // The element's own value, else its class's; nullptr if neither.
  const char* get(const XMLElement* el, const std::string& cls, const char* key) const;
  // The element's `class`, else `inherited`; an unknown class is an error.
  std::string classOf(const XMLElement* el, const std::string& inherited) const;
  // minCount..maxCount finite numbers; missing or malformed is an error.
  std::vector<Real> numbers(const XMLElement* el, const std::string& cls, const char* key, size_t minCount,
                            size_t maxCount) const;
  Vec3 vec3(const XMLElement* el, const std::string& cls, const char* key, const Vec3& fallback) const;
  Real scalar(const XMLElement* el, const std::string& cls, const char* key, Real fallback) const;
  bool flag(const XMLElement* el, const std::string& cls, const char* key, bool fallback) const;
  // quat, axisangle, euler, xyaxes or zaxis (one at most; identity if none).
  Rotation orientation(const XMLElement* el, const std::string& cls) const;
  Transform frame(const XMLElement* el, const std::string& cls) const {
    return Transform(orientation(el, cls), vec3(el, cls, "pos", Vec3::Zero()));
  }
  const Compiler& compiler() const { return compiler_; }

 private:
  const XmlSource& xml_;
  const Defaults& defaults_;
  const Compiler& compiler_;
};

}  // namespace articula::model::mjcf
