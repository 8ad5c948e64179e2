#include "articula/render/SoftwareRenderer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "articula/Error.h"
#include "articula/render/RunRenderer.h"
#include "support/RenderTestRuns.h"

using namespace articula::render;
using namespace articula::run;

namespace {

RenderOptions small() {
  RenderOptions o;
  o.width = 160;
  o.height = 120;
  return o;
}

int differingPixels(const Image& a, const Image& b) {
  int n = 0;
  for (std::size_t i = 0; i < a.rgb.size(); i += 3)
    if (std::abs(a.rgb[i] - b.rgb[i]) + std::abs(a.rgb[i + 1] - b.rgb[i + 1]) + std::abs(a.rgb[i + 2] - b.rgb[i + 2]) >
        12)
      ++n;
  return n;
}

}  // namespace

TEST(SoftwareRenderer, BodiesChangeThePictureAndMotionMovesThem) {
  const RunTrajectory run = parseTrajectoryJson(articula::test::pendulumTrajectoryJson(51, 0.02), "t.json");
  RunTrajectory empty = run;
  for (auto& b : empty.bodies) b.geometry.clear();
  for (auto& f : empty.frames)
    for (auto& p : f.poses) p.position += Eigen::Vector3d(100, 100, 100);  // default balls far away
  const SoftwareRenderer renderer(run, small());
  const Camera camera = parseViewSpec("front", renderer, run.up, 160.0 / 120);
  const Image first = renderer.render(run.frames[0], camera);
  ASSERT_EQ(first.width, 160);
  ASSERT_EQ(first.rgb.size(), 160u * 120 * 3);
  const SoftwareRenderer emptyRenderer(empty, small());
  const Image background = emptyRenderer.render(empty.frames[0], camera);
  EXPECT_GT(differingPixels(first, background), 600);  // the pendulum covers a few percent of the image
  const Image later = renderer.render(run.frames[20], camera);
  EXPECT_GT(differingPixels(first, later), 200);
  // Deterministic.
  EXPECT_EQ(renderer.render(run.frames[0], camera).rgb, first.rgb);
}

TEST(SoftwareRenderer, GroundStaysBelowTheBodiesAndBoundsHoldThem) {
  const RunTrajectory run = parseTrajectoryJson(articula::test::pendulumTrajectoryJson(51, 0.02), "t.json");
  const SoftwareRenderer renderer(run, small());
  EXPECT_LE(renderer.groundHeight(), 0.0);
  EXPECT_NEAR(renderer.sceneCentre().y(), 0, 0.1);
  EXPECT_GT(renderer.sceneRadius(), 0.5);
  EXPECT_LT(renderer.sceneRadius(), 2.0);
}

TEST(SoftwareRenderer, ShadowsAndContactArrowsDrawSomething) {
  const RunTrajectory run = parseTrajectoryJson(articula::test::pendulumTrajectoryJson(5, 0.02, true), "t.json");
  RenderOptions plain = small();
  plain.shadows = false;
  plain.contactArrows = false;
  const SoftwareRenderer full(run, small()), bare(run, plain);
  const Camera camera = parseViewSpec("iso", full, run.up, 160.0 / 120);
  const Image a = full.render(run.frames[2], camera), b = bare.render(run.frames[2], camera);
  EXPECT_GT(differingPixels(a, b), 30);
  // Red arrow pixels appear only with arrows on.
  auto reds = [](const Image& im) {
    int n = 0;
    for (std::size_t i = 0; i < im.rgb.size(); i += 3) n += im.rgb[i] > 170 && im.rgb[i + 1] < 80 && im.rgb[i + 2] < 80;
    return n;
  };
  EXPECT_GT(reds(a), 10);
  EXPECT_EQ(reds(b), 0);
}

// Markers are dots in the viewer's marker colour at their pinhole projection (computed here from
// the camera: focal length H/2 / tan(fov/2), image centre at W/2, H/2), hidden behind a body.
TEST(SoftwareRenderer, MarkersAreDotsAtTheirProjection) {
  RunTrajectory run = parseTrajectoryJson(articula::test::pendulumTrajectoryJson(3, 0.02), "t.json");
  // The upper arm's ellipsoid (semi-axis 0.06 along y) is centred at (0, 0, -0.25) of its body:
  // one marker 1 cm in front of it (towards the camera at -y), one behind it further down the arm
  // (there the ellipsoid reaches y = ±0.048), one on Ground.
  run.markers = {{"front", 0, {0, -0.07, -0.25}}, {"behind", 0, {0, 0.06, -0.4}}, {"lab", -1, {0.45, 0, 0.9}}};
  const Camera camera{{0, -3, 0.4}, {0, 0, 0.3}, {0, 0, 1}, 40};
  const RenderOptions with = small();
  RenderOptions without = small();
  without.markers = false;
  const Image a = SoftwareRenderer(run, with).render(run.frames[0], camera);
  const Image b = SoftwareRenderer(run, without).render(run.frames[0], camera);
  const Eigen::Vector3d f = (camera.target - camera.eye).normalized(), r = f.cross(camera.up).normalized(),
                        u = r.cross(f);
  const double focal = 0.5 * 120 / std::tan(20 * std::numbers::pi / 180);
  const auto pixel = [&](const Image& im, const Eigen::Vector3d& p) {
    const Eigen::Vector3d d = p - camera.eye;
    const int x = int(std::floor(80 + focal * d.dot(r) / d.dot(f))),
              y = int(std::floor(60 - focal * d.dot(u) / d.dot(f)));
    const std::size_t i = (std::size_t(y) * im.width + x) * 3;
    return Eigen::Vector3i(im.rgb[i], im.rgb[i + 1], im.rgb[i + 2]);
  };
  const Eigen::Vector3i marker(224, 40, 140);
  const auto& pose = run.frames[0].poses[0];
  const auto inGround = [&](const TrajectoryMarker& k) {
    return k.body < 0 ? k.location : Eigen::Vector3d(pose.position + pose.orientation * k.location);
  };
  EXPECT_EQ(pixel(a, inGround(run.markers[0])), marker);
  EXPECT_EQ(pixel(a, inGround(run.markers[2])), marker);
  EXPECT_NE(pixel(a, inGround(run.markers[1])), marker);  // the ellipsoid is in front of it
  EXPECT_NE(pixel(b, inGround(run.markers[0])), marker);
  EXPECT_NE(pixel(b, inGround(run.markers[2])), marker);
  // Only the two visible dots change the picture: each at least the 2.5-pixel minimum radius.
  int changed = 0;
  for (std::size_t i = 0; i < a.rgb.size(); i += 3) changed += a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1];
  EXPECT_GE(changed, 2 * 16);
  EXPECT_LE(changed, 2 * 60);
}

TEST(SoftwareRenderer, RejectsBadSizesAndFrames) {
  const RunTrajectory run = parseTrajectoryJson(articula::test::pendulumTrajectoryJson(3, 0.02), "t.json");
  RenderOptions bad = small();
  bad.width = 2;
  EXPECT_THROW(SoftwareRenderer(run, bad), articula::Error);
  const SoftwareRenderer renderer(run, small());
  TrajectoryFrame frame = run.frames[0];
  frame.poses.pop_back();
  EXPECT_THROW(renderer.render(frame, Camera{}), articula::Error);
}
