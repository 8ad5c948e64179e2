// Socket paths to body frames (OsimFrames.h).
#include "OsimFrames.h"

namespace articula::model::osim {
namespace {

constexpr int kMaxFrameDepth = 8;  // offset frames on offset frames

const XMLElement* jointFrame(const XMLElement* joint, const std::string& name) {
  const XMLElement* frames = child(joint, "frames");
  for (const XMLElement* f = frames ? frames->FirstChildElement() : nullptr; f; f = f->NextSiblingElement())
    if (const char* n = f->Attribute("name"); n && name == n) return f;
  return nullptr;
}

PlacedFrame offsetFrame(const Context& c, const XMLElement* joint, const XMLElement* f, int depth) {
  if (std::string(f->Name()) != "PhysicalOffsetFrame")
    c.xml.fail(f, describe(f), f->Name(), "only PhysicalOffsetFrame is supported as a joint frame");
  if (depth >= kMaxFrameDepth)
    c.xml.fail(f, describe(f) + " socket_parent", text(f, "socket_parent"),
               "offset frames nest more than " + std::to_string(kMaxFrameDepth) + " deep (a cycle?)");
  PlacedFrame p = socketFrame(c, joint, f, "socket_parent", depth + 1);
  const Transform X_PF(Rotation::bodyFixedXYZ(vec3(c, f, "orientation", Vec3::Zero())),
                       vec3(c, f, "translation", Vec3::Zero()));
  p.X_BF = p.X_BF * X_PF;
  return p;
}

}  // namespace

PlacedFrame socketFrame(const Context& c, const XMLElement* joint, const XMLElement* owner, const char* socket4,
                        int depth) {
  const char* socket = socketName(c, owner, socket4);
  const std::string path = text(owner, socket);
  if (path.empty()) failAt(c, owner, socket, std::string("missing <") + socket + ">");
  const size_t slash = path.find_last_of('/');
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  const bool bodyPath = path.find("bodyset/") != std::string::npos;
  if (bodyPath && c.bodies.count(name)) return {name, Transform()};
  if (!bodyPath)
    if (const XMLElement* f = jointFrame(joint, name)) return offsetFrame(c, joint, f, depth);
  if (c.bodies.count(name)) return {name, Transform()};
  if (name == "ground") return {"ground", Transform()};
  failAt(c, owner, socket, "names no frame of the joint, body or ground");
}

}  // namespace articula::model::osim
