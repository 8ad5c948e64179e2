// The "constraints" section of a model file and the "motion" of a joint, as plain data
// (docs/model-format.md, "Constraints" and "Prescribed motion"). Part of ModelSpec.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "articula/math/Types.h"
#include "articula/matter/MotionLevel.h"
#include "articula/model/ConstraintType.h"
#include "articula/model/KindNames.h"

namespace articula::model {

struct FunctionSpec;  // ModelSpec.h

// One constraint: its type and its fields as given (numbers in SI/radians after reading).
// Coordinates are "joint.coordinate" names; a coupler's coordinates are its function's args.
struct ConstraintSpec {
  ConstraintType type = ConstraintType::Rod;
  std::string name;
  std::map<std::string, std::string> bodies;         // role (body1, plane_body, ...) -> body name or "ground"
  std::map<std::string, std::string> coordinates;    // role (coordinate) -> "joint.coordinate"
  std::map<std::string, std::vector<Real>> numbers;  // every numeric field; frames as <key>.position/.orientation
  std::vector<FunctionSpec> function;                // 0 or 1 function (a vector: FunctionSpec is incomplete here)
};

// A joint whose mobilities follow functions of time "t" (one per mobility).
struct MotionSpec {
  MotionLevel level = MotionLevel::Position;  // "position" | "velocity" | "acceleration" in the file
  std::vector<FunctionSpec> functions;
};

// The names of the motion levels in the file: src/model/ConstraintFields.cpp, with the motion reader.
template <>
const std::vector<KindName<MotionLevel>>& kindTable<MotionLevel>();

}  // namespace articula::model
