// Import of MuJoCo MJCF models (docs/mjcf.md; MuJoCo 2.2.2 semantics) into a ModelSpec:
//   worldbody bodies -> bodies (frames from pos and quat/axisangle/euler/xyaxes/zaxis under the
//   <compiler> angle, eulerseq and coordinate settings); mass from <inertial>, or from the geoms
//   as MuJoCo computes it (inertiafromgeom); joints hinge -> pin, slide -> slider, ball -> ball,
//   free -> free; several joints in one body -> one function_based joint when it expresses them
//   exactly, else a chain of massless bodies; a body without joints is welded to its parent (a
//   massless one merged into it). <default> classes, <include>, geoms with contact, a world plane
//   -> the contact floor, <equality> connect/weld/joint -> ball/weld/coordinate_coupler, joint
//   damping/stiffness/range -> damper/spring/range_of_motion_limit, <option gravity>.
// Articula coordinates equal MuJoCo's qpos (joint ref is the initial state). Everything read but
// not represented is listed in one warning with its XML path. Bad input throws ModelError naming
// "file:line", the element and the value.
#pragma once
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

bool looksLikeMjcf(const std::string& text);  // XML whose root element is <mujoco>
ModelSpec importMjcf(const std::string& text, const std::string& file, const LoadOptions& options = {});

}  // namespace articula::model
