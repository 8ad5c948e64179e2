// The browser pages of a build configured with ARTICULA_WEB=OFF: none (cmake/Web.cmake). With
// ARTICULA_WEB=ON, viewer/scripts/build.mjs generates the file that defines them instead.
#include "articula/render/BrowserPages.h"

namespace articula::render::web {
const std::string_view kViewerPage;
const std::string_view kEditorPage;
}  // namespace articula::render::web
