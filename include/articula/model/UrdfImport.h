// Import of URDF robot descriptions (docs/urdf.md) into a ModelSpec:
//   links -> bodies (inertial origin xyz/rpy and the full inertia tensor, rotated into the link
//   frame); massless links on fixed joints are merged into their parent (their geometry with them);
//   joints: revolute/continuous -> pin about the axis, prismatic -> slider, fixed -> weld,
//   floating -> free, planar -> planar (normal = axis); X_PF = origin (the child link frame is the
//   joint frame), the axis turns F and M together. The root is welded to the ground, or free with
//   LoadOptions::floatingBase. <dynamics damping> -> mobility_linear_damper; <limit lower upper> ->
//   range_of_motion_limit with LoadOptions::urdfLimits; <mimic> -> coordinate_coupler.
//   Collision geometry (box, cylinder, sphere, OBJ/STL mesh) becomes geometry without contact
//   material; visual geometry only for links without collision geometry. A missing mesh is a warning.
// Bad input throws ModelError naming "file:line", the element and the value.
#pragma once
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

bool hasUrdfExtension(const std::string& file);  // ".urdf", any case
bool looksLikeUrdf(const std::string& text);     // XML whose root element is <robot>
ModelSpec importUrdf(const std::string& text, const std::string& file, const LoadOptions& options = {});

}  // namespace articula::model
