// renderRun: samples the trajectory at the frame rate, frames each sample with the CameraRig,
// renders it in software and streams it into a GIF (one palette from the first, middle and last frame) and/or PNG files.
#include "articula/render/RunRenderer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "articula/Error.h"
#include "articula/files/AtomicFile.h"
#include "articula/files/FolderSwap.h"
#include "articula/files/TemporaryName.h"
#include "articula/render/ImageWriters.h"
#include "articula/run/RunOutputs.h"

namespace articula::render {
namespace fs = std::filesystem;

namespace {

// A new hidden folder for the frames beside `frames`; its frame files are removed with it unless
// it was moved into place.
struct FramesTemp {
  fs::path path;
  bool keep = false;
  explicit FramesTemp(const fs::path& frames) : path(frames.parent_path() / files::temporaryName("frames")) {
    std::error_code ec;
    if (!fs::create_directory(path, ec) || ec)  // mkdir: never through a planted file or symlink
      throw files::OutputError("cannot create the folder '" + path.string() +
                               "': " + (ec ? ec.message() : "it exists"));
  }
  ~FramesTemp() {
    if (!keep) run::removeFramesFolder(path);
  }
};

// Puts the new frames in the place of the older ones in one step, then removes the older frames.
fs::path commitFrames(FramesTemp& temp, const fs::path& frames) {
  run::checkFramesFolder(frames);  // it may have changed while rendering
  const fs::path old = files::swapIntoPlace(temp.path, frames);
  temp.keep = true;
  if (!old.empty()) run::removeFramesFolder(old);
  return frames;
}

}  // namespace

RenderRunResult renderRun(const fs::path& runDir, const RenderRunOptions& options) {
  if (!(options.fps > 0 && options.fps <= 50))
    throw Error("--fps " + std::to_string(options.fps) + ": must be in (0, 50] (GIF delays are in 1/100 s)");
  if (!(options.speed > 0 && options.speed <= 100))
    throw Error("--speed " + std::to_string(options.speed) + ": must be in (0, 100]");
  if (!options.gif && !options.pngFrames) throw Error("render: nothing to write (neither --gif nor --png-frames)");
  if (!fs::is_directory(runDir))
    throw Error(runDir.string() + ": not a folder (expected the output folder of `articula run`)");

  const run::RunTrajectory run = run::readTrajectoryJson(runDir / "trajectory.json");
  RenderOptions ro;
  ro.width = options.width;
  ro.height = options.height;
  ro.shadows = options.shadows;
  ro.contactArrows = options.contactArrows;
  ro.markers = options.markers;
  ro.supersample = options.supersample;
  const SoftwareRenderer renderer(run, ro);
  if (!options.follow.empty() &&
      std::none_of(run.bodies.begin(), run.bodies.end(), [&](const auto& b) { return b.name == options.follow; }))
    throw Error("--follow \"" + options.follow + "\": no such body in " + (runDir / "trajectory.json").string());

  const double t0 = run.frames.front().t, t1 = run.frames.back().t;
  const double step = options.speed / options.fps;  // simulated time between frames
  const int count = int(std::floor((t1 - t0) / step + 1e-9)) + 1;
  std::vector<run::TrajectoryFrame> frames;
  for (int k = 0; k < count; ++k) frames.push_back(run::interpolateFrame(run, std::min(t1, t0 + k * step)));
  CameraRigOptions rigOptions;
  rigOptions.mode = parseCameraMode(options.camera);
  rigOptions.view = options.view;
  rigOptions.follow = options.follow;
  rigOptions.aspect = double(options.width) / options.height;
  const CameraRig rig(run, frames, rigOptions);

  const fs::path framesDir = runDir / "frames";
  if (options.pngFrames) {  // before rendering: never replace a folder that holds anything else
    run::checkFramesFolder(framesDir);
    files::cleanStaleSwaps(framesDir, run::removeFramesFolder);
  }
  RenderRunResult result;
  std::unique_ptr<files::AtomicFile> gifFile;
  std::unique_ptr<GifWriter> gif;
  if (options.gif) {
    std::vector<Image> samples;
    for (int k : {0, count / 2, count - 1}) samples.push_back(renderer.render(frames[k], rig.camera(k)));
    gifFile = std::make_unique<files::AtomicFile>(runDir / "animation.gif");
    gif = std::make_unique<GifWriter>(gifFile->fd(), gifFile->target(), options.width, options.height, samples);
  }
  std::unique_ptr<FramesTemp> framesTemp;
  if (options.pngFrames) framesTemp = std::make_unique<FramesTemp>(framesDir);
  double renderSeconds = 0;
  for (int k = 0; k < count; ++k) {
    const auto start = std::chrono::steady_clock::now();
    const Image image = renderer.render(frames[k], rig.camera(k));
    renderSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (gif) {
      // Delays rounded cumulatively, so the whole GIF lasts exactly count / fps seconds.
      const int delay = int(std::lround(100.0 * (k + 1) / options.fps) - std::lround(100.0 * k / options.fps));
      gif->addFrame(image, delay);
    }
    if (options.pngFrames) {
      char name[32];
      std::snprintf(name, sizeof name, "frame_%05d.png", k);
      writePng(framesTemp->path / name, image);
    }
  }
  result.frames = count;
  result.secondsPerFrame = renderSeconds / count;
  std::vector<double> heights;
  for (int k = 0; k < count; ++k) heights.push_back(rig.subjectHeightFraction(std::size_t(k)));
  std::sort(heights.begin(), heights.end());
  result.subjectHeightMin = heights.front();
  result.subjectHeightMedian = heights[heights.size() / 2];
  if (gif) {
    gif->close();
    gifFile->commit();
    result.gif = gifFile->target();
  }
  if (framesTemp) result.framesDir = commitFrames(*framesTemp, framesDir);
  return result;
}

}  // namespace articula::render
