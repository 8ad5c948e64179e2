// Reading and writing model files. loadModelFile() accepts the Articula format
// (docs/model-format.md, "format": "articula-model") and OpenMBD's model files (detected by their
// "bodies" object and "joints" array), checks every field, and throws ModelError naming the file,
// JSON path, value and problem. saveModelFile() writes the Articula format. Files are read only
// when regular and within the size limit (articula/files/FileInput.h); JSON nests at most 100 deep.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

ModelSpec loadModelFile(const std::string& file, const LoadOptions& options = {});
// The same from JSON text held in memory, parsed as strictly as a file; `file` names it in errors
// and is the folder meshes are read from.
ModelSpec readModelText(const std::string& text, const std::string& file, const LoadOptions& options = {});
// The same from parsed JSON; `file` names the source in errors and is the folder meshes are read from.
ModelSpec readModel(const nlohmann::json& document, const std::string& file, const LoadOptions& options = {});
ModelSpec readArticulaModel(const nlohmann::json& document, const std::string& file, const LoadOptions& options = {});

nlohmann::json writeArticulaModel(const ModelSpec& model);
// Writes atomically (a temporary file renamed over the target). Mesh geometry read from a file
// names that file relative to the written file's folder.
void saveModelFile(const ModelSpec& model, const std::string& file);
// The model with its mesh files named relative to `file`'s folder (where it will be written).
ModelSpec withMeshesRelativeTo(const ModelSpec& model, const std::string& file);

}  // namespace articula::model
