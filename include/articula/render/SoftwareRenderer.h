// A small CPU rasterizer for run animations without a GPU or display: the bodies' shapes with
// per-pixel (Phong) shading, a checkered ground plane with planar shadows, contact-force arrows,
// the centre of pressure and markers as dots. Deterministic; the same frame always gives the same pixels.
#pragma once
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "articula/render/ShapeTessellation.h"
#include "articula/run/TrajectoryReader.h"

namespace articula::render {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  // row-major, top row first, 3 bytes per pixel
};

struct Camera {
  Eigen::Vector3d eye{3, -3, 2}, target{0, 0, 0}, up{0, 0, 1};
  double fovYDegrees = 40;
};

struct RenderOptions {
  int width = 640, height = 480;
  int supersample = 2;  // rendered at this multiple and averaged down (anti-aliasing)
  bool shadows = true;
  bool contactArrows = true;   // arrows for frame.contacts and a disc at the centre of pressure
  double newtonsPerMetre = 0;  // arrow scale; 0 = the run's largest force spans a fifth of the scene
  // The run's markers as dots in the viewer's marker colour (kMarkerColor), hidden behind bodies
  // as the viewer's spheres are: radius min(12 mm, 1% of the scene), at least 2.5 pixels.
  bool markers = true;
};

inline const Eigen::Vector3d kMarkerColor{224 / 255.0, 40 / 255.0, 140 / 255.0};  // viewer.html's 0xe0288c

class SoftwareRenderer {
 public:
  // Tessellates every shape once. Throws articula::Error on a bad size or empty run.
  SoftwareRenderer(const run::RunTrajectory& run, RenderOptions options);

  Image render(const run::TrajectoryFrame& frame, const Camera& camera) const;

  // Centre and radius of a sphere holding every shape over the whole run, and the ground height
  // (along `up`): min(0, the lowest point of any shape) — the floor never cuts through a body.
  const Eigen::Vector3d& sceneCentre() const { return centre_; }
  double sceneRadius() const { return radius_; }
  double groundHeight() const { return ground_; }

 private:
  struct BodyMesh {
    int body;
    TriangleMesh mesh;  // in the body frame
    Eigen::Vector3d color;
  };
  const run::RunTrajectory& run_;
  RenderOptions options_;
  std::vector<BodyMesh> meshes_;
  Eigen::Vector3d centre_ = Eigen::Vector3d::Zero();
  double radius_ = 1, ground_ = 0, arrowScale_ = 0;
};

}  // namespace articula::render
