// The browser model editor (viewer/src/editor, built into one self-contained HTML file and
// embedded in the program): `articula edit [MODEL]` writes it with the model inside.
#pragma once
#include <string>
#include <string_view>

namespace articula::io {

namespace web {
extern const std::string_view kEditorPage;  // the built page, with an empty model placeholder
}

// The editor page holding `modelJson` (an Articula model as JSON text; empty for a new model).
std::string editorPageHtml(const std::string& modelJson);

}  // namespace articula::io
