// The frames an OpenSim joint's sockets name (socket_parent_frame, socket_child_frame): one of the
// joint's own <frames> (a PhysicalOffsetFrame: translation, and orientation as body-fixed X-Y-Z
// angles, on its socket_parent, which may itself be an offset frame), a body of the BodySet, or
// the ground. Paths are read by their last part ("/bodyset/femur_r", "femur_r_offset", "../ground").
#pragma once
#include <string>

#include "OsimContext.h"

namespace articula::model::osim {

struct PlacedFrame {
  std::string body;  // a BodySet body, or "ground"
  Transform X_BF;    // the frame on that body
};

// The frame named by `owner`'s socket element `socket` (e.g. "socket_parent_frame"), seen from `joint`.
PlacedFrame socketFrame(const Context& c, const XMLElement* joint, const XMLElement* owner, const char* socket,
                        int depth = 0);

}  // namespace articula::model::osim
