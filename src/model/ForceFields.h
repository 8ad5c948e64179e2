// The fields of each force type in the model format, shared by the reader and the writer so the
// two cannot drift apart (docs/model-format.md, "Forces").
#pragma once
#include <string>
#include <vector>

#include "articula/model/ForceType.h"

namespace articula::model {

enum class FieldKind {
  Body,        // a body name (or "ground")
  Coordinate,  // a coordinate name of the body's joint
  Axis,        // "x", "y" or "z": a CoordinateAxis (twist_axis)
  PulseMode,   // a TorquePulseMode by name (mode)
  Scalar,      // a number
  Angle,       // a number in SI; "<name>_deg" gives it in degrees (angular coordinates only)
  Vec3,
  Vec6,
  Numbers,  // an array of numbers
  Frame,    // {"position", "orientation"}
  Bool,
  BodyMap,   // {"body name": number}
  Axes,      // three {"lower", "upper" (or _deg), "stiffness", "damping"} objects
  Function,  // a function of time (args ["t"]): ForceSpec::function
  Target,    // a number (or "<name>_deg") or a function of time; absent: hold the initial value
  Joints     // an array of joint names: ForceSpec::joints
};

enum class Sign { Any, NonNegative, Positive };

struct FieldInfo {
  const char* name;
  FieldKind kind;
  bool required;
  Sign sign = Sign::Any;
  double defaultValue = 0;  // scalars; infinities allowed (absent bound)
};

// The force registry: one entry per ForceType, its name in the file and its fields.
struct ForceTypeInfo {
  ForceType type;
  const char* name;
  std::vector<FieldInfo> fields;
};

const std::vector<ForceTypeInfo>& forceTypes();
const ForceTypeInfo& forceTypeInfo(ForceType type);

}  // namespace articula::model
