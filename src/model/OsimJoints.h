// OpenSim joints into Articula joints (docs/opensim.md, "Joints"). Each joint of the <JointSet>
// becomes its child body's joint: X_PF and X_BM from the socket frames (OsimFrames), WeldJoint a
// weld, every other joint a function_based joint whose coordinates keep OpenSim's names and order
// and whose q are OpenSim's coordinate values: CustomJoint from its SpatialTransform (rotation1..3
// body-fixed about their axes, then translation1..3 along axes of the parent frame), PinJoint about
// z, SliderJoint along x, UniversalJoint x then y, GimbalJoint and BallJoint body-fixed X-Y-Z,
// FreeJoint body-fixed X-Y-Z then x, y, z, PlanarJoint about z then x, y (Simbody's mobilizers with
// Euler angles, as OpenSim uses them), EllipsoidJoint Simbody's ellipsoid mobilizer (rotations and
// sine products). OpenSim 3 joints sit inside their child body with parent_body, location_in_parent,
// orientation_in_parent, location, orientation and a CoordinateSet.
#pragma once
#include "OsimContext.h"

namespace articula::model::osim {

// `el` a joint of the <JointSet>, or in an OpenSim 3 file the joint inside `opensim3Body`'s <Joint>.
void readJoint(Context& c, const XMLElement* el, const std::string& opensim3Body = "");

}  // namespace articula::model::osim
