// Markers of a built model: where each of ModelSpec::markers is in ground at a state.
#pragma once
#include <vector>

#include "articula/model/ModelBuilder.h"

namespace articula::model {

// Each marker's position in ground, in model.markers' order. `state` must be realized through
// Stage::Position (built.system->realize(state, Stage::Position)).
std::vector<Vec3> markerPositions(const ModelSpec& model, const BuiltModel& built, const State& state);

// The index of marker `name` in model.markers, -1 if absent.
int findMarker(const ModelSpec& model, const std::string& name);

}  // namespace articula::model
