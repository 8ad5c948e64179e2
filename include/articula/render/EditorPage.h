// The browser model editor (viewer/src/editor, built into one self-contained HTML file and
// embedded in the program): `articula edit [MODEL]` writes it with the model inside.
#pragma once
#include <filesystem>
#include <string>
#include <string_view>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::render {

// The editor page holding `modelJson` (an Articula model as JSON text; empty for a new model) and
// `meshesJson`, the meshes its "mesh" geometries name, which the page cannot read from disk
// (editorMeshesJson; empty: none).
std::string editorPageHtml(const std::string& modelJson, const std::string& meshesJson = "");

// {"<file as in the model>": {"vertices": [[x, y, z], ...], "faces": [[i, j, k], ...]}, ...}: every
// mesh file of the model, unscaled (the page applies each geometry's scale), read again from
// where the model reader found it. Throws Error when a file cannot be read.
std::string editorMeshesJson(const model::ModelSpec& model);

// `articula edit`: writes the editor page holding `modelFile` (any readable model, OpenMBD
// included, opened in the Articula format; "" for a new model) to `page` ("" : <model stem>-editor.html,
// model-editor.html without a model) atomically, and returns the page's path. Throws
// files::OutputError when the page cannot be written; every other error is about the model file.
std::filesystem::path writeEditorPage(const std::string& modelFile, const std::filesystem::path& page,
                                      const model::LoadOptions& load = {});

}  // namespace articula::render
