// renderRun: samples the trajectory at the frame rate, renders each frame in software and
// streams it into a GIF (one palette from the first, middle and last frame) and/or PNG files.
#include "articula/io/RunRenderer.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "articula/Error.h"
#include "articula/io/ImageWriters.h"

namespace articula::io {
namespace fs = std::filesystem;

namespace {

// Removes a temporary file or folder unless released (the output was renamed into place).
struct TempPath {
  fs::path path;
  bool keep = false;
  ~TempPath() {
    if (!keep && !path.empty()) {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  }
};

}  // namespace

RenderRunResult renderRun(const fs::path& runDir, const RenderRunOptions& options) {
  if (!(options.fps > 0 && options.fps <= 50))
    throw Error("--fps " + std::to_string(options.fps) + ": must be in (0, 50] (GIF delays are in 1/100 s)");
  if (!(options.speed > 0 && options.speed <= 100))
    throw Error("--speed " + std::to_string(options.speed) + ": must be in (0, 100]");
  if (!options.gif && !options.pngFrames) throw Error("render: nothing to write (neither --gif nor --png-frames)");
  if (!fs::is_directory(runDir)) throw Error(runDir.string() + ": not a folder (expected the output folder of `articula run`)");

  const RunTrajectory run = readTrajectoryJson(runDir / "trajectory.json");
  RenderOptions ro;
  ro.width = options.width;
  ro.height = options.height;
  ro.shadows = options.shadows;
  ro.contactArrows = options.contactArrows;
  ro.supersample = options.supersample;
  const SoftwareRenderer renderer(run, ro);
  const Camera base = parseCameraSpec(options.camera, renderer, run.up, double(options.width) / options.height);
  int followed = -1;
  if (!options.follow.empty()) {
    for (std::size_t i = 0; i < run.bodies.size(); ++i)
      if (run.bodies[i].name == options.follow) followed = int(i);
    if (followed < 0) throw Error("--follow \"" + options.follow + "\": no such body in " + (runDir / "trajectory.json").string());
  }

  const double t0 = run.frames.front().t, t1 = run.frames.back().t;
  const double step = options.speed / options.fps;  // simulated time between frames
  const int count = int(std::floor((t1 - t0) / step + 1e-9)) + 1;
  auto frameAt = [&](int k) { return interpolateFrame(run, std::min(t1, t0 + k * step)); };
  auto cameraFor = [&](const TrajectoryFrame& frame) {
    if (followed < 0) return base;
    Camera c = base;
    const BodyPose& pose = frame.poses[std::size_t(followed)];
    const Eigen::Vector3d centre = pose.position + pose.orientation * run.bodies[std::size_t(followed)].massCenter;
    c.eye += centre - c.target;
    c.target = centre;
    return c;
  };

  RenderRunResult result;
  const std::string suffix = ".tmp-" + std::to_string(::getpid());
  TempPath gifTemp, framesTemp;
  std::unique_ptr<GifWriter> gif;
  if (options.gif) {
    std::vector<Image> samples;
    for (int k : {0, count / 2, count - 1}) {
      const TrajectoryFrame f = frameAt(k);
      samples.push_back(renderer.render(f, cameraFor(f)));
    }
    gifTemp.path = runDir / (".animation.gif" + suffix);
    gif = std::make_unique<GifWriter>(gifTemp.path, options.width, options.height, samples);
  }
  if (options.pngFrames) {
    framesTemp.path = runDir / (".frames" + suffix);
    fs::remove_all(framesTemp.path);
    if (!fs::create_directory(framesTemp.path)) throw Error(framesTemp.path.string() + ": cannot create folder");
  }
  double renderSeconds = 0;
  for (int k = 0; k < count; ++k) {
    const TrajectoryFrame f = frameAt(k);
    const auto start = std::chrono::steady_clock::now();
    const Image image = renderer.render(f, cameraFor(f));
    renderSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (gif) {
      // Delays rounded cumulatively, so the whole GIF lasts exactly count / fps seconds.
      const int delay = int(std::lround(100.0 * (k + 1) / options.fps) - std::lround(100.0 * k / options.fps));
      gif->addFrame(image, delay);
    }
    if (options.pngFrames) {
      char name[32];
      std::snprintf(name, sizeof name, "frame_%05d.png", k);
      writePng(framesTemp.path / name, image);
    }
  }
  result.frames = count;
  result.secondsPerFrame = renderSeconds / count;
  if (gif) {
    gif->close();
    // giflib creates the file owner-only (0600); give it the usual rw-r--r-- like the other outputs.
    fs::permissions(gifTemp.path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
    result.gif = runDir / "animation.gif";
    fs::rename(gifTemp.path, result.gif);
    gifTemp.keep = true;
  }
  if (options.pngFrames) {
    result.framesDir = runDir / "frames";
    fs::remove_all(result.framesDir);
    fs::rename(framesTemp.path, result.framesDir);
    framesTemp.keep = true;
  }
  return result;
}

}  // namespace articula::io
