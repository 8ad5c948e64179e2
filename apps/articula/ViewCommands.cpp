// articula view OUTDIR, articula render OUTDIR and articula edit [MODEL] (docs/viewer.md):
// render::writeViewerPage, renderRun and writeEditorPage.
#include <cstdio>
#include <filesystem>

#include "Commands.h"
#include "articula/Counted.h"
#include "articula/render/EditorPage.h"
#include "articula/render/ViewerPage.h"

namespace articula::app {

namespace {

void printPath(const std::filesystem::path& p, const char* suffix = "") {
  std::printf("%s%s\n", std::filesystem::absolute(p).string().c_str(), suffix);
}

}  // namespace

int viewCommand(const std::string& runDir, bool quiet) {
  std::filesystem::path page;
  try {
    page = render::writeViewerPage(runDir);
  } catch (...) {
    return reportFailure();
  }
  if (!quiet) printPath(page);
  return kSuccess;
}

int renderCommand(const std::string& runDir, const std::string& size, const render::RenderRunOptions& options,
                  bool quiet) {
  render::RenderRunOptions o = options;
  render::RenderRunResult result;
  try {
    if (!size.empty()) render::parseImageSize(size, o.width, o.height);
    if (!o.pngFrames) o.gif = true;  // a GIF unless only PNG frames were asked for
    result = render::renderRun(runDir, o);
  } catch (...) {
    return reportFailure();
  }
  if (quiet) return kSuccess;
  std::printf("%s %dx%d at %g fps, %.1f ms per frame\n", counted(result.frames, "frame", "frames").c_str(), o.width,
              o.height, o.fps, 1000 * result.secondsPerFrame);
  std::printf("subject height: %.0f %% of the picture at least, %.0f %% median\n", 100 * result.subjectHeightMin,
              100 * result.subjectHeightMedian);
  if (!result.gif.empty()) printPath(result.gif);
  if (!result.framesDir.empty()) printPath(result.framesDir, "/");
  return kSuccess;
}

int editCommand(const std::string& model, const std::string& out, bool quiet, const model::LoadOptions& load) {
  std::filesystem::path page;
  try {
    page = render::writeEditorPage(model, out, load);
  } catch (...) {
    return reportFailure();
  }
  if (!quiet) printPath(page);
  return kSuccess;
}

}  // namespace articula::app
