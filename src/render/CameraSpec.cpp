// parseViewSpec and parseImageSize: the --view and --size options of `articula render`.
#include <cmath>
#include <numbers>
#include <sstream>

#include "articula/Error.h"
#include "articula/render/RunRenderer.h"

namespace articula::render {

Camera parseViewSpec(const std::string& spec, const SoftwareRenderer& scene, const Eigen::Vector3d& up, double aspect) {
  if (const auto camera = parseExplicitView(spec, scene.sceneCentre(), up)) return *camera;
  const auto direction = presetViewDirection(spec == "auto" ? "iso" : spec, up);
  if (!direction)
    throw Error("--view \"" + spec + "\": expected auto, iso, front, side, top, \"ex,ey,ez\" or \"ex,ey,ez:tx,ty,tz\"");
  Camera camera;
  camera.up = up;
  camera.target = scene.sceneCentre();
  // Distance that fits the bounding sphere in the narrower field of view, with a margin.
  const double halfV = 0.5 * camera.fovYDegrees * std::numbers::pi / 180;
  const double halfH = std::atan(std::tan(halfV) * aspect);
  const double distance = 1.08 * scene.sceneRadius() / std::sin(std::min(halfV, halfH));
  camera.eye = camera.target + distance * *direction;
  return camera;
}

void parseImageSize(const std::string& text, int& width, int& height) {
  std::istringstream in(text);
  char x = 0;
  int w = 0, h = 0;
  if (!(in >> w >> x >> h) || (x != 'x' && x != 'X') || !(in >> std::ws).eof() || w < 8 || h < 8 || w > 8192 ||
      h > 8192)
    throw Error("--size \"" + text + "\": expected WIDTHxHEIGHT with both in 8..8192, e.g. 640x480");
  width = w;
  height = h;
}

}  // namespace articula::render
