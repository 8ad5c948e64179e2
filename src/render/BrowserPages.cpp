// hasBrowserPages and requireBrowserPages: a build without ARTICULA_WEB links empty pages.
#include "articula/render/BrowserPages.h"

#include <string>

#include "articula/Error.h"

namespace articula::render {

bool hasBrowserPages() { return !web::kViewerPage.empty() && !web::kEditorPage.empty(); }

void requireBrowserPages(std::string_view page) {
  if (hasBrowserPages()) return;
  throw Error("this build of Articula has no browser " + std::string(page) +
              ": it was configured with ARTICULA_WEB=OFF; rebuild with cmake -DARTICULA_WEB=ON (needs Node.js and "
              "npm), or build with make, which turns it on");
}

}  // namespace articula::render
