// OpenSim muscle paths (OsimMuscles.h).
#include "OsimMuscles.h"

#include "OsimFrames.h"
#include "OsimFunctions.h"

namespace articula::model::osim {
namespace {

// The Articula name "joint.coordinate" of the coordinate a socket path names ("/jointset/knee_r/knee_angle_r").
std::string coordinateOf(const Context& c, const XMLElement* point, const char* socket4) {
  const char* socket = socketName(c, point, socket4);
  const std::string path = text(point, socket);
  const std::string name = path.substr(path.find_last_of('/') + 1);
  const auto k = c.coordinates.find(name);
  if (path.empty() || k == c.coordinates.end()) failAt(c, point, socket, "names no coordinate of the model");
  return k->second.joint + "." + name;
}

void readMoving(const Context& c, const XMLElement* e, PathPointSpec& p) {
  static const char* const sockets[3] = {"socket_x_coordinate", "socket_y_coordinate", "socket_z_coordinate"};
  static const char* const locations[3] = {"x_location", "y_location", "z_location"};
  for (int i = 0; i < 3; ++i) {
    const XMLElement* holder = child(e, locations[i]);
    const XMLElement* fn = holder ? functionElement(holder) : nullptr;
    if (!fn) {  // no function: the location's constant component
      p.moving[i].coefficients = {p.location[i]};
      continue;
    }
    p.moving[i] = readFunction(c, fn, coordinateOf(c, e, sockets[i]));
  }
}

PathPointSpec readPoint(const Context& c, const XMLElement* e) {
  const std::string tag = e->Name();
  if (tag != "PathPoint" && tag != "ConditionalPathPoint" && tag != "MovingPathPoint")
    c.xml.fail(e, describe(e), tag, "not a path point (PathPoint, ConditionalPathPoint, MovingPathPoint)");
  PathPointSpec p;
  p.name = nameOf(c, e);
  const PlacedFrame f = socketFrame(c, e, e, "socket_parent_frame");
  p.body = f.body;
  p.location = vec3(c, e, "location", Vec3::Zero());
  if (tag == "ConditionalPathPoint") {
    p.kind = PathPointKind::Conditional;
    p.coordinate = coordinateOf(c, e, "socket_coordinate");
    const std::vector<Real> r = numbers(c, e, "range", 2, 2, {});
    p.lower = r[0];
    p.upper = r[1];
  } else if (tag == "MovingPathPoint") {
    p.kind = PathPointKind::Moving;
    readMoving(c, e, p);
  }
  if (!f.X_BF.p().isZero() || !f.X_BF.R().matrix().isIdentity()) {
    if (p.kind == PathPointKind::Moving) failAt(c, e, "socket_parent_frame", "a moving point on an offset frame");
    p.location = f.X_BF * p.location;
  }
  return p;
}

}  // namespace

bool readMusclePath(Context& c, const XMLElement* force) {
  const XMLElement* path = child(force, "GeometryPath");
  if (!path) return false;
  MuscleSpec m{nameOf(c, force), force->Name(), {}};
  const XMLElement* set = child(path, "PathPointSet");
  const XMLElement* objects = set ? child(set, "objects") : nullptr;
  for (const XMLElement* e = objects ? objects->FirstChildElement() : nullptr; e; e = e->NextSiblingElement())
    m.path.push_back(readPoint(c, e));
  if (m.path.size() < 2) c.xml.fail(path, describe(path), std::to_string(m.path.size()), "a path needs two points");
  const XMLElement* wraps = child(path, "PathWrapSet");
  const XMLElement* wrapObjects = wraps ? child(wraps, "objects") : nullptr;
  for (const XMLElement* e = wrapObjects ? wrapObjects->FirstChildElement() : nullptr; e; e = e->NextSiblingElement())
    c.report.note(std::string("<") + e->Name() + "> (path wrap: not applied to the muscle's length yet)", e);
  c.m.muscles.push_back(std::move(m));
  return true;
}

}  // namespace articula::model::osim
