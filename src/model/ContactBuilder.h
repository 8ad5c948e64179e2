// The "contact" block of a model made into a ContactForceSubsystem (used by buildModel()).
#pragma once
#include <string>

#include "articula/model/ModelBuilder.h"

namespace articula::model {

// Adds the contact subsystem (before the general forces, see the .cpp) when the model has a
// contact block: one surface per geometry with a material or a force curve, the ground half-space,
// exclusions and cliques. Bad materials and shapes are ModelErrors naming the JSON path.
void addContact(const ModelSpec& model, BuiltModel& built, const std::string& file);

// After realizeTopology: every pair of surfaces that can touch has a narrow phase, else a ModelError.
void checkContactPairs(const ModelSpec& model, const BuiltModel& built, const std::string& file);

// A force element that applies nothing and reports the contact forces' non-conservative power, so
// the general force subsystem's tracked work W_nc includes what contact dissipates.
void addContactWorkProbe(BuiltModel& built);

}  // namespace articula::model
