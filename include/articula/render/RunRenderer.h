// `articula render OUTDIR`: the run's animation as a GIF (and optionally PNG frames), rendered
// in software from OUTDIR/trajectory.json at a fixed frame rate so the GIF plays in real time.
#pragma once
#include <filesystem>
#include <string>

#include "articula/render/CameraRig.h"
#include "articula/render/SoftwareRenderer.h"

namespace articula::render {

struct RenderRunOptions {
  bool gif = true;         // OUTDIR/animation.gif
  bool pngFrames = false;  // OUTDIR/frames/frame_00000.png ...
  double fps = 25;         // frames per second of simulated time (real time)
  double speed = 1;        // playback speed: 0.5 = slow motion at half speed
  int width = 640, height = 480;
  std::string camera = "follow";  // follow, fixed or fit-all (CameraRig.h)
  std::string view = "auto";      // auto, iso, front, side, top or an explicit eye (CameraRig.h)
  std::string follow;             // body name: the camera frames that body alone
  bool shadows = true, contactArrows = true;
  bool markers = true;  // the run's markers (an imported model's) as dots, as viewer.html shows them
  int supersample = 2;
};

struct RenderRunResult {
  int frames = 0;
  double secondsPerFrame = 0;  // wall time of rendering one frame (mean)
  // The height of the subject's projected bounding box over the image height: least and median.
  double subjectHeightMin = 0, subjectHeightMedian = 0;
  std::filesystem::path gif, framesDir;
};

// One camera for a view looking at the scene's bounding sphere: the presets "auto" (= "iso"),
// "iso", "front", "side", "top" from a distance that fits the sphere; or explicit "ex,ey,ez"
// (eye, looking at the scene centre) or "ex,ey,ez:tx,ty,tz" (eye and target), in metres in
// Ground. Throws articula::Error naming the spec when it is malformed.
Camera parseViewSpec(const std::string& spec, const SoftwareRenderer& scene, const Eigen::Vector3d& up, double aspect);

// Parses "WIDTHxHEIGHT" (e.g. "640x480"); throws articula::Error naming the value.
void parseImageSize(const std::string& text, int& width, int& height);

// Renders the run in `runDir`. Outputs are written to temporary names and renamed when complete;
// a failure leaves no partial file. Throws articula::Error (e.g. "<dir>/trajectory.json: cannot open").
RenderRunResult renderRun(const std::filesystem::path& runDir, const RenderRunOptions& options);

}  // namespace articula::render
