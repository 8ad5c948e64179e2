// Functions in a model file (docs/model-format.md, "Functions"): read and written in one place.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "JsonNode.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

// A function spec whose "args" must be among `allowedArgs` (a joint's coordinates; "joint.coordinate"
// names or "t" in constraints).
FunctionSpec readFunction(const JsonNode& node, const std::vector<std::string>& allowedArgs);
nlohmann::json writeFunction(const FunctionSpec& f);

}  // namespace articula::model
