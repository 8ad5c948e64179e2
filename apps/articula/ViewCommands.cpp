// articula view OUTDIR, articula render OUTDIR and articula edit [MODEL] (docs/viewer.md).
#include <cstdio>
#include <exception>
#include <filesystem>

#include "Commands.h"
#include "articula/files/AtomicFile.h"
#include "articula/model/ModelFile.h"
#include "articula/render/EditorPage.h"
#include "articula/render/ViewerPage.h"

namespace articula::app {

int viewCommand(const std::string& runDir, bool quiet) {
  std::filesystem::path page;
  try {
    page = render::writeViewerPage(runDir);
  } catch (const files::OutputError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  } catch (const std::exception& e) {  // no readable run there (every write failure is an OutputError)
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
  if (!quiet) std::printf("%s\n", std::filesystem::absolute(page).string().c_str());
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
  } catch (const files::OutputError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  } catch (const std::filesystem::filesystem_error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
  if (!quiet) {
    std::printf("%d frames %dx%d at %g fps, %.1f ms per frame\n", result.frames, o.width, o.height, o.fps,
                1000 * result.secondsPerFrame);
    if (!result.gif.empty()) std::printf("%s\n", std::filesystem::absolute(result.gif).string().c_str());
    if (!result.framesDir.empty()) std::printf("%s/\n", std::filesystem::absolute(result.framesDir).string().c_str());
  }
  return kSuccess;
}

int editCommand(const std::string& model, const std::string& out, bool quiet, const model::LoadOptions& load) {
  std::string modelJson, meshesJson;
  if (!model.empty()) {
    try {
      // Any readable model (OpenMBD included) is opened in the Articula format, with the meshes
      // its geometries name (the page cannot read files).
      const model::ModelSpec spec = model::loadModelFile(model, load);
      modelJson = model::writeArticulaModel(spec).dump(2);
      meshesJson = render::editorMeshesJson(spec);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "error: %s\n", e.what());
      return kBadInput;
    }
  }
  const std::filesystem::path target =
      !out.empty()
          ? std::filesystem::path(out)
          : std::filesystem::path(
                (model.empty() ? std::string("model") : std::filesystem::path(model).stem().string()) + "-editor.html");
  try {
    files::writeFileAtomically(target, render::editorPageHtml(modelJson, meshesJson));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  }
  if (!quiet) std::printf("%s\n", std::filesystem::absolute(target).string().c_str());
  return kSuccess;
}

}  // namespace articula::app
