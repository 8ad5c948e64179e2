// Muscle paths in a model file (docs/model-format.md, "Muscle paths"): read and written in one place.
#pragma once
#include <nlohmann/json.hpp>

#include "JsonNode.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

// "muscles": [{"name", "type", "path": [point, ...]}] into m.muscles. The bodies must be m's (or
// ground) and the coordinates "joint.coordinate" of m's function_based joints (those MusclePaths
// gives moment arms about); names unique.
void readMuscles(const JsonNode& list, ModelSpec& m);
nlohmann::json writeMuscles(const std::vector<MuscleSpec>& muscles);

}  // namespace articula::model
