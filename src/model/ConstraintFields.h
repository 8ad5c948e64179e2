// The constraints section and joint motions of the model format (docs/model-format.md,
// "Constraints" and "Prescribed motion"): the field table of every constraint type, shared by the
// reader and the writer so the two cannot drift apart.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "JsonNode.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

enum class ConstraintField {
  Body,         // a body name or "ground"
  Station,      // [3] in the body's frame, default 0
  Direction,    // [3] unit vector in the body's frame (normalized, required)
  Frame,        // {"position", "orientation"} on the body, default identity
  Length,       // a positive number (m)
  Scalar,       // any number, default 0
  Angle,        // radians; "<name>_deg" in degrees
  Bool,         // default false
  QCoordinate,  // "joint.coordinate" (a q name)
  UCoordinate,  // "joint.speed" (a u name)
  QFunction,    // a function whose args are q names
  UFunction,    // a function whose args are u names
  TimeFunction  // a function of "t"
};

struct ConstraintFieldInfo {
  const char* name;
  ConstraintField kind;
  bool required;
  double defaultValue = 0;
};

// The constraint registry: one entry per ConstraintType, its name in the file and its fields.
struct ConstraintTypeInfo {
  ConstraintType type;
  const char* name;
  std::vector<ConstraintFieldInfo> fields;
};

const std::vector<ConstraintTypeInfo>& constraintTypes();
const ConstraintTypeInfo& constraintTypeInfo(ConstraintType type);

// "joint.coordinate" -> the spec index of the joint's body and the coordinate's index in the
// mobilizer's q (isU false) or u. A quaternion joint's q has no angle coordinates (its rx, ry, rz
// name the quaternion); its translations x, y, z follow the 4 quaternion entries. Returns false with
// `problem` set when the name does not resolve.
bool resolveCoordinate(const ModelSpec& m, const std::string& name, bool isU, int& body, int& index,
                       std::string& problem);

// initial_state "hold": coordinate names (q) the assembly keeps where the initial state puts them.
std::vector<std::string> readHeldCoordinates(const JsonNode& node, const ModelSpec& m);

// Reads /constraints/<index>; bodies and joints of `m` must already be read.
ConstraintSpec readConstraint(const JsonNode& node, const ModelSpec& m, size_t index);
nlohmann::json writeConstraint(const ConstraintSpec& c);

// A joint's "motion": {"level": ..., "functions": [f(t), ...]} (one per mobility of the joint).
MotionSpec readJointMotion(const JsonNode& node, const JointSpec& joint);
nlohmann::json writeJointMotion(const MotionSpec& motion);

}  // namespace articula::model
