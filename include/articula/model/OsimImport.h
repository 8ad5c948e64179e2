// Import of OpenSim 4 models (.osim, docs/opensim.md) into a ModelSpec:
//   Ground and the <BodySet> bodies (mass, mass_center, inertia about the mass centre); each joint
//   of the <JointSet> the child body's joint, placed by its socket frames (PhysicalOffsetFrames:
//   translation and body-fixed X-Y-Z orientation); CustomJoint -> function_based from its
//   SpatialTransform, Pin/Slider/Universal/Gimbal/Ball/Free/Planar -> function_based with
//   OpenSim's axes, Weld -> weld. Articula's coordinates have OpenSim's names, order and values
//   (radians, metres), so motions (.mot) apply directly: "<joint>.<coordinate>". Default values
//   and speeds -> initial state; locked / prescribed coordinates and linear coupler, weld and point
//   constraints -> constraints; <gravity>. Everything read but not represented (muscles, other
//   forces, markers, wrap surfaces, display geometry, ...) is listed in one warning with its XML
//   path. Bad input throws ModelError naming "file:line", the element and the value.
#pragma once
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

ModelSpec importOsim(const std::string& text, const std::string& file, const LoadOptions& options = {});

}  // namespace articula::model
