// Reading and writing model files. loadModelFile() accepts the Articula format
// (docs/model-format.md, "format": "articula-model") and OpenMBD's model files (detected by their
// "bodies" object and "joints" array), checks every field, and throws ModelError naming the file,
// JSON path, value and problem. saveModelFile() writes the Articula format.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "articula/io/ModelSpec.h"

namespace articula::io {

ModelSpec loadModelFile(const std::string& file);
// The same from parsed JSON; `file` only names the source in errors.
ModelSpec readModel(const nlohmann::json& document, const std::string& file);
ModelSpec readArticulaModel(const nlohmann::json& document, const std::string& file);

nlohmann::json writeArticulaModel(const ModelSpec& model);
// Writes atomically (a temporary file renamed over the target). Mesh geometry read from a file
// names that file relative to the written file's folder.
void saveModelFile(const ModelSpec& model, const std::string& file);

}  // namespace articula::io
