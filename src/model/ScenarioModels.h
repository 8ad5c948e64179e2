// Several model files in one scenario: the top-level "models" list of an Articula model file
// (docs/model-format.md, "Several models in one scenario"). Each entry names a model file (any
// format loadModelFile reads), a name prefix, a pose and an initial velocity; its bodies, forces,
// contact materials, exclusions and initial state are merged into the scenario's ModelSpec.
#pragma once
#include "JsonNode.h"
#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

// Appends every listed model to `m`. Paths are relative to the folder of `file`.
void includeModels(const JsonNode& list, ModelSpec& m, const std::string& file, const LoadOptions& options);

}  // namespace articula::model
