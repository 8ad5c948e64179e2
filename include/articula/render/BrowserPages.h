// The browser pages this build holds: the viewer and the model editor (viewer/), built by vite
// into self-contained HTML files and embedded as string constants by the component articula_web
// when Articula is configured with ARTICULA_WEB=ON (the Makefile's targets do); empty otherwise,
// so the engine and the command build with a C++ toolchain alone (cmake/Web.cmake).
#pragma once
#include <string_view>

namespace articula::render {

namespace web {
extern const std::string_view kViewerPage;  // the built viewer, with an empty data placeholder
extern const std::string_view kEditorPage;  // the built editor, with an empty model placeholder
}  // namespace web

// Whether this build embeds the viewer and editor pages.
bool hasBrowserPages();

// Throws Error naming `page` ("viewer", "editor") and how to build it when this build has no pages.
void requireBrowserPages(std::string_view page);

}  // namespace articula::render
