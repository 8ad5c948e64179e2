// The browser model editor (viewer/src/editor, built into one self-contained HTML file and
// embedded in the program): `articula edit [MODEL]` writes it with the model inside.
#pragma once
#include <string>
#include <string_view>

#include "articula/model/ModelSpec.h"

namespace articula::render {

namespace web {
extern const std::string_view kEditorPage;  // the built page, with an empty model placeholder
}

// The editor page holding `modelJson` (an Articula model as JSON text; empty for a new model) and
// `meshesJson`, the meshes its "mesh" geometries name, which the page cannot read from disk
// (editorMeshesJson; empty: none).
std::string editorPageHtml(const std::string& modelJson, const std::string& meshesJson = "");

// {"<file as in the model>": {"vertices": [[x, y, z], ...], "faces": [[i, j, k], ...]}, ...}: every
// mesh file of the model, unscaled (the page applies each geometry's scale), read again from
// where the model reader found it. Throws Error when a file cannot be read.
std::string editorMeshesJson(const model::ModelSpec& model);

}  // namespace articula::render
