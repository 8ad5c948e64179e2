// The constraint part of buildModel(): the model's constraints added to the matter subsystem,
// joint motions prescribed in the initial State, and that State assembled onto the constraint
// manifold (Assembler for q, projection for u). Errors name the file and the JSON path.
#pragma once
#include <string>

#include "articula/model/ModelBuilder.h"

namespace articula::model {

// Before realizeTopology: one library constraint per ConstraintSpec.
void addModelConstraints(const ModelSpec& m, BuiltModel& b, const std::string& file);
// After the initial coordinates are set: the joints' "motion" prescribed in `state`.
void applyJointMotions(const ModelSpec& m, const BuiltModel& b, State& state, const std::string& file);
// Moves q onto the position constraints (keeping the coordinates the initial state names as close
// as the constraints allow) and u onto the velocity constraints. Throws ModelError naming the
// worst constraint when it cannot. Fills b's assembly fields.
void assembleInitialState(const ModelSpec& m, BuiltModel& b, const std::string& file);

}  // namespace articula::model
