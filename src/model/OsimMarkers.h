// OpenSim markers (the MarkerSet's <Marker>s): each a point on the body its socket_parent_frame
// names — a body, the ground, or an offset frame of a joint ("/jointset/hip_r/pelvis_offset") —
// at its <location> in that frame, made a MarkerSpec in the body's own frame.
#pragma once
#include "OsimContext.h"

namespace articula::model::osim {

// Reads one <Marker> into c.m.markers; fails on a duplicate name or an unknown frame.
void readMarker(Context& c, const XMLElement* model, const XMLElement* marker);

}  // namespace articula::model::osim
