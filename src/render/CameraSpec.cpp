// parseCameraSpec and parseImageSize: the --camera and --size options of `articula render`.
#include <cmath>
#include <numbers>
#include <sstream>

#include "articula/Error.h"
#include "articula/render/RunRenderer.h"

namespace articula::render {
namespace {

bool parseVector(const std::string& text, Eigen::Vector3d& out) {
  std::istringstream in(text);
  char comma1 = 0, comma2 = 0;
  double x, y, z;
  if (!(in >> x >> comma1 >> y >> comma2 >> z) || comma1 != ',' || comma2 != ',') return false;
  in >> std::ws;
  if (!in.eof() || !std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return false;
  out = {x, y, z};
  return true;
}

}  // namespace

Camera parseCameraSpec(const std::string& spec, const SoftwareRenderer& scene, const Eigen::Vector3d& up,
                       double aspect) {
  Camera camera;
  camera.up = up;
  camera.target = scene.sceneCentre();
  // Horizontal axes: for z-up scenes "front" looks along +y, "side" along -x.
  Eigen::Vector3d front, side;
  if (std::abs(up.z()) > 0.9) {
    front = -Eigen::Vector3d::UnitY();
    side = Eigen::Vector3d::UnitX();
  } else if (std::abs(up.y()) > 0.9) {
    front = Eigen::Vector3d::UnitZ();
    side = Eigen::Vector3d::UnitX();
  } else {
    const Eigen::Vector3d seed = std::abs(up.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
    side = (seed - seed.dot(up) * up).normalized();
    front = up.cross(side);
  }
  // Distance that fits the bounding sphere in the narrower field of view, with a margin.
  const double halfV = 0.5 * camera.fovYDegrees * std::numbers::pi / 180;
  const double halfH = std::atan(std::tan(halfV) * aspect);
  const double distance = 1.08 * scene.sceneRadius() / std::sin(std::min(halfV, halfH));
  Eigen::Vector3d direction;
  if (spec == "auto" || spec == "iso") direction = (front + 0.75 * side + 0.55 * up).normalized();
  else if (spec == "front") direction = (front + 0.12 * up).normalized();
  else if (spec == "side") direction = (side + 0.12 * up).normalized();
  else if (spec == "top") direction = (up + 0.02 * front).normalized();
  else {
    const auto colon = spec.find(':');
    Eigen::Vector3d eye, target = camera.target;
    if (!parseVector(spec.substr(0, colon), eye) ||
        (colon != std::string::npos && !parseVector(spec.substr(colon + 1), target)))
      throw Error("--camera \"" + spec +
                  "\": expected auto, iso, front, side, top, \"ex,ey,ez\" or \"ex,ey,ez:tx,ty,tz\"");
    if ((eye - target).norm() < 1e-9) throw Error("--camera \"" + spec + "\": eye and target coincide");
    camera.eye = eye;
    camera.target = target;
    return camera;
  }
  camera.eye = camera.target + distance * direction;
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
