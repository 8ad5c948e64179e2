// OpenSim markers (OsimMarkers.h).
#include "OsimMarkers.h"

#include <algorithm>

#include "OsimFrames.h"

namespace articula::model::osim {
namespace {

// The <JointSet> joint named `name`, or nullptr.
const XMLElement* jointNamed(const XMLElement* model, const std::string& name) {
  const XMLElement* set = child(model, "JointSet");
  const XMLElement* objects = set ? child(set, "objects") : nullptr;
  for (const XMLElement* j = objects ? objects->FirstChildElement() : nullptr; j; j = j->NextSiblingElement())
    if (const char* n = j->Attribute("name"); n && name == n) return j;
  return nullptr;
}

// The joint whose frames a "/jointset/JOINT/FRAME" path names; else `marker` itself (no frames:
// the path then names a body or the ground).
const XMLElement* frameOwner(const Context& c, const XMLElement* model, const XMLElement* marker) {
  const std::string path = text(marker, "socket_parent_frame");
  const size_t at = path.find("jointset/");
  if (at == std::string::npos) return marker;
  const std::string rest = path.substr(at + 9);
  const size_t slash = rest.find('/');
  const XMLElement* joint = jointNamed(model, rest.substr(0, slash));
  if (!joint || slash == std::string::npos) failAt(c, marker, "socket_parent_frame", "names no joint frame");
  return joint;
}

}  // namespace

void readMarker(Context& c, const XMLElement* model, const XMLElement* marker) {
  if (std::string(marker->Name()) != "Marker") {
    c.report.note(std::string("<") + marker->Name() + "> (not a Marker)", marker);
    return;
  }
  const std::string name = nameOf(c, marker);
  if (std::any_of(c.m.markers.begin(), c.m.markers.end(), [&](const MarkerSpec& k) { return k.name == name; }))
    c.xml.fail(marker, describe(marker), name, "a second marker of this name");
  const PlacedFrame f = socketFrame(c, frameOwner(c, model, marker), marker, "socket_parent_frame");
  c.m.markers.push_back({name, f.body, f.X_BF * vec3(c, marker, "location", Vec3::Zero())});
}

}  // namespace articula::model::osim
