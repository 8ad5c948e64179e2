// What the parts of the OpenSim import (OsimImport.cpp) share while reading one .osim file: the XML
// (MJCF's XmlSource with the root <OpenSimDocument>), the one report of what is not represented,
// the bodies as read and the Articula model being built; and the readers of OpenSim's property
// values (an element's text: numbers separated by spaces, true/false).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "MjcfReport.h"
#include "MjcfXml.h"
#include "articula/model/ModelSpec.h"

namespace articula::model::osim {

using mjcf::describe;
using tinyxml2::XMLElement;

// A coordinate as read: where it ends up is "<joint>.<name>" in the Articula model.
struct Coordinate {
  const XMLElement* el = nullptr;
  std::string name, joint;
  Real value = 0, speed = 0;
  bool locked = false, clamped = false, prescribed = false;
  Real lower = 0, upper = 0;
};

struct Context {
  Context(const std::string& file, const LoadOptions& options)
      : xml(file, options, "OpenSimDocument", "an OpenSim"), report(xml) {}
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  mjcf::XmlSource xml;
  mjcf::Report report;
  ModelSpec m;
  std::map<std::string, BodySpec> bodies;  // from the <BodySet>, by name; joints added as read
  std::vector<std::string> bodyOrder;      // the <BodySet>'s order
  std::map<std::string, const XMLElement*> bodyElement;
  std::map<std::string, Coordinate> coordinates;  // by OpenSim name
  std::vector<std::string> coordinateOrder;       // in the file's order
  int version = 40000;                            // <OpenSimDocument Version>: 30000..39999 is OpenSim 3
  bool opensim3() const { return version < 40000; }
};

// The child element `name` of `el`, or nullptr.
inline const XMLElement* child(const XMLElement* el, const char* name) { return el->FirstChildElement(name); }
// The text of child `name`, trimmed; "" when absent or empty.
std::string text(const XMLElement* el, const char* name);
// The numbers of child `name` (count between min and max); `fallback` when the child is absent.
std::vector<Real> numbers(const Context& c, const XMLElement* el, const char* name, size_t min, size_t max,
                          const std::vector<Real>& fallback);
Real scalar(const Context& c, const XMLElement* el, const char* name, Real fallback);
Vec3 vec3(const Context& c, const XMLElement* el, const char* name, const Vec3& fallback);
bool flag(const Context& c, const XMLElement* el, const char* name, bool fallback);
// The element holding what OpenSim 4 calls `socket` (socket_parent_frame, socket_body_1, ...): in an
// OpenSim 3 file the property that names the body or coordinate instead (body, body_1, coordinate, ...).
const char* socketName(const Context& c, const XMLElement* el, const char* socket);
// The name attribute, or a failure naming the element.
std::string nameOf(const Context& c, const XMLElement* el);
// Fails at `el`'s child `name` (or `el` when absent): "file:line: <El name=".."> name = value: problem".
[[noreturn]] void failAt(const Context& c, const XMLElement* el, const char* name, const std::string& problem);

inline FrameSpec frameOf(const Transform& X) {
  FrameSpec f;
  f.position = X.p();
  f.orientation = X.R().toQuaternion();
  return f;
}

}  // namespace articula::model::osim
