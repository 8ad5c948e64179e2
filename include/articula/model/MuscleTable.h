// `articula info MODEL --muscles`: each muscle path's musculotendon length and its moment arms
// about the coordinates it crosses (MusclePaths.h), at a pose, as a text table.
#pragma once
#include <string>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

// One line per muscle: name, length (m), then "coordinate arm" for every coordinate whose moment
// arm is not zero (m, or m/rad about an angle), largest first. `state` realized through Position.
// "" for a model without muscle paths.
std::string muscleTable(const ModelSpec& model, const BuiltModel& built, const State& state);

}  // namespace articula::model
