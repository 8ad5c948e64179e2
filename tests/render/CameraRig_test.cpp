#include "articula/render/CameraRig.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <numbers>

#include "articula/Error.h"
#include "articula/render/RunRenderer.h"
#include "articula/render/SoftwareRenderer.h"
#include "support/IoTestSupport.h"

using namespace articula::render;
using articula::run::BodyPose;
using articula::run::RunTrajectory;
using articula::run::TrajectoryFrame;
using Eigen::Vector3d;

namespace {

constexpr double kDeg = std::numbers::pi / 180;

struct Ball {
  std::string name, parent;
  double radius;
};

// Balls (sphere shapes at the body origin) whose origins follow `position(body, t)`.
RunTrajectory ballsRun(const std::vector<Ball>& balls, int frames, double dt,
                       const std::function<Vector3d(int, double)>& position) {
  RunTrajectory run;
  for (const Ball& b : balls) {
    articula::run::TrajectoryBody body;
    body.name = b.name;
    body.parent = b.parent;
    articula::run::TrajectoryShape shape;
    shape.dims.setConstant(b.radius);
    body.geometry.push_back(shape);
    run.bodies.push_back(body);
  }
  for (int k = 0; k < frames; ++k) {
    TrajectoryFrame f;
    f.t = k * dt;
    for (std::size_t b = 0; b < balls.size(); ++b)
      f.poses.push_back(BodyPose{position(int(b), f.t), Eigen::Quaterniond::Identity()});
    run.frames.push_back(f);
  }
  return run;
}

// Normalized screen coordinates (-1..1 across the picture) of p seen by camera c, computed from
// the camera's definition (SoftwareRenderer: right = forward x up).
Eigen::Vector2d screen(const Camera& c, const Vector3d& p, double aspect) {
  const Vector3d f = (c.target - c.eye).normalized();
  const Vector3d r = f.cross(c.up).normalized(), u = r.cross(f);
  const Vector3d q = p - c.eye;
  const double t = std::tan(0.5 * c.fovYDegrees * kDeg);
  return {q.dot(r) / q.dot(f) / (t * aspect), q.dot(u) / q.dot(f) / t};
}

// Screen extent of a ball: its centre +- radius along the screen axes (a close bound at these
// distances).
void ballExtent(const Camera& c, const Vector3d& centre, double radius, double aspect, Eigen::Vector2d& lo,
                Eigen::Vector2d& hi) {
  const Vector3d f = (c.target - c.eye).normalized();
  const Vector3d r = f.cross(c.up).normalized(), u = r.cross(f);
  lo = Eigen::Vector2d::Constant(1e9);
  hi = -lo;
  for (const Vector3d& d : {r, u, Vector3d(-r), Vector3d(-u)}) {
    const Eigen::Vector2d s = screen(c, centre + radius * d, aspect);
    lo = lo.cwiseMin(s);
    hi = hi.cwiseMax(s);
  }
}

}  // namespace

TEST(CameraRig, ModesAreParsedAndBadOnesNamed) {
  EXPECT_EQ(parseCameraMode("follow"), CameraMode::Follow);
  EXPECT_EQ(parseCameraMode("fixed"), CameraMode::Fixed);
  EXPECT_EQ(parseCameraMode("fit-all"), CameraMode::FitAll);
  try {
    parseCameraMode("side");
    FAIL();
  } catch (const articula::Error& e) {
    EXPECT_EQ(std::string(e.what()), "--camera \"side\": expected follow, fixed or fit-all (view presets are --view)");
  }
}

TEST(CameraRig, FollowFillsThePictureWithABallAtTheAnalyticDistance) {
  // A ball of radius R seen from distance D spans tan(asin(R/D)) of the view's half-height
  // tangent; the rig fits it to fill = 0.9 of the (narrower) height: D = R / sin(atan(0.9 tan 20deg)).
  const double R = 0.3;
  const RunTrajectory run = ballsRun({{"ball", "", R}}, 41, 0.05, [](int, double t) { return Vector3d(2 * t, 0, 1); });
  CameraRigOptions options;
  options.view = "front";
  const CameraRig rig(run, run.frames, options);
  const double expected = R / std::sin(std::atan(0.92 * std::tan(20 * kDeg)));
  for (std::size_t k = 0; k < rig.size(); ++k) {
    const Camera& c = rig.camera(k);
    // Within 5 %: the tessellated sphere's vertices lie on the sphere but may miss its silhouette.
    EXPECT_NEAR((c.eye - c.target).norm(), expected, 0.05 * expected) << k;
    // Steady motion stays centred (to the tessellation's asymmetry: the picture is centred).
    EXPECT_NEAR((c.target - run.frames[k].poses[0].position).norm(), 0, 0.02 * R) << k;
    EXPECT_NEAR(rig.subjectHeightFraction(k), 0.92, 0.05) << k;
  }
}

// A tall subject seen from above: the top is nearer the eye and projects larger, so centring the
// subject's box would leave it lopsided (its foot on the bottom edge, its head short of the top).
// The picture of it is centred instead, and so fills the height.
TEST(CameraRig, ATallSubjectSeenFromAboveIsCentredInThePicture) {
  const double R = 0.1;
  const RunTrajectory run = ballsRun({{"foot", "", R}, {"head", "", R}}, 21, 0.05,
                                     [R](int b, double t) { return Vector3d(t, 0, b == 0 ? R : 1.8); });
  CameraRigOptions options;
  options.view = "0,-3,6";  // looking down at 63 degrees
  options.aspect = 4.0 / 3;
  const CameraRig rig(run, run.frames, options);
  for (std::size_t k = 0; k < rig.size(); ++k) {
    Eigen::Vector2d footLo, footHi, headLo, headHi;
    ballExtent(rig.camera(k), run.frames[k].poses[0].position, R, options.aspect, footLo, footHi);
    ballExtent(rig.camera(k), run.frames[k].poses[1].position, R, options.aspect, headLo, headHi);
    const double bottom = std::min(footLo.y(), headLo.y()), top = std::max(footHi.y(), headHi.y());
    EXPECT_NEAR(top + bottom, 0, 0.02) << k;  // equal margins above and below
    EXPECT_NEAR(top - bottom, 2 * 0.92, 0.04) << k;
  }
}

TEST(CameraRig, FollowIsSmoothAndKeepsAJitteringSubjectInThePicture) {
  // A ball going up and along with +-4 cm of frame-to-frame jitter; in the second run a child
  // ball swings out and back, so the framing must grow and shrink.
  const double aspect = 4.0 / 3;
  auto path = [](double t) {
    const double jitter = 0.04 * ((int(std::lround(t / 0.02)) % 2) ? 1 : -1);
    return Vector3d(1.5 * t + jitter, 0, 1 + 0.3 * t - jitter);
  };
  const RunTrajectory alone = ballsRun({{"a", "", 0.2}}, 101, 0.02, [&](int, double t) { return path(t); });
  const CameraRig steady(alone, alone.frames, CameraRigOptions{});
  double rawSecond = 0, camSecond = 0;
  for (std::size_t k = 2; k < steady.size(); ++k) {
    const auto p = [&](std::size_t j) { return alone.frames[j].poses[0].position; };
    rawSecond = std::max(rawSecond, (p(k) - 2 * p(k - 1) + p(k - 2)).norm());
    const auto e = [&](std::size_t j) { return steady.camera(j).eye; };
    camSecond = std::max(camSecond, (e(k) - 2 * e(k - 1) + e(k - 2)).norm());
  }
  EXPECT_NEAR(rawSecond, 0.16 * std::sqrt(2.0), 1e-9);  // the jitter's second difference: 4 x 4 cm in x and z
  EXPECT_LT(camSecond, 0.05 * rawSecond);

  const RunTrajectory run = ballsRun({{"a", "", 0.2}, {"b", "a", 0.1}}, 101, 0.02, [&](int b, double t) {
    return b == 0 ? path(t) : Vector3d(path(t) + Vector3d(0.2 + 1.2 * std::sin(3 * t) * std::sin(3 * t), 0.1, 0));
  });
  const CameraRig rig(run, run.frames, CameraRigOptions{});
  double least = 1e9, most = 0;
  for (std::size_t k = 0; k < rig.size(); ++k) {
    for (int b = 0; b < 2; ++b) {
      Eigen::Vector2d lo, hi;
      ballExtent(rig.camera(k), run.frames[k].poses[b].position, b ? 0.1 : 0.2, aspect, lo, hi);
      EXPECT_GE(lo.minCoeff(), -1) << k;
      EXPECT_LE(hi.maxCoeff(), 1) << k;
    }
    least = std::min(least, (rig.camera(k).eye - rig.camera(k).target).norm());
    most = std::max(most, (rig.camera(k).eye - rig.camera(k).target).norm());
  }
  EXPECT_GT(most, 2 * least);  // it zooms out for the swing and back in
}

TEST(CameraRig, TheSubjectIsTheTreesThatMove) {
  // a (root) moves; b is a's child and stays put; c is a root of its own that stays put.
  const RunTrajectory run = ballsRun({{"a", "", 0.1}, {"b", "a", 0.1}, {"c", "", 0.5}}, 11, 0.1, [](int b, double t) {
    return b == 0 ? Vector3d(t, 0, 1) : b == 1 ? Vector3d(0, 1, 1) : Vector3d(5, 5, 0.5);
  });
  EXPECT_EQ(CameraRig(run, run.frames, CameraRigOptions{}).subject(), (std::vector<int>{0, 1}));
  CameraRigOptions one;
  one.follow = "c";
  EXPECT_EQ(CameraRig(run, run.frames, one).subject(), (std::vector<int>{2}));
  one.follow = "nobody";
  EXPECT_THROW(CameraRig(run, run.frames, one), articula::Error);
  const RunTrajectory still = ballsRun({{"a", "", 0.1}, {"b", "", 0.1}}, 3, 0.1,
                                       [](int b, double) { return Vector3d(b, 0, 0); });
  EXPECT_EQ(CameraRig(still, still.frames, CameraRigOptions{}).subject(), (std::vector<int>{0, 1}));
}

TEST(CameraRig, FixedIsOneCameraHoldingEveryFrameAndFitAllAddsStaticBodies) {
  const double aspect = 4.0 / 3;
  const RunTrajectory run = ballsRun({{"mover", "", 0.2}, {"post", "", 0.3}}, 21, 0.1, [](int b, double t) {
    return b == 0 ? Vector3d(3 * t, 0, 1) : Vector3d(-4, 3, 0.3);
  });
  for (CameraMode mode : {CameraMode::Fixed, CameraMode::FitAll}) {
    CameraRigOptions options;
    options.mode = mode;
    options.view = "front";
    const CameraRig rig(run, run.frames, options);
    double left = 1, right = -1;
    for (std::size_t k = 0; k < rig.size(); ++k) {
      EXPECT_EQ(rig.camera(k).eye, rig.camera(0).eye);
      Eigen::Vector2d lo, hi;
      ballExtent(rig.camera(k), run.frames[k].poses[0].position, 0.2, aspect, lo, hi);
      EXPECT_GE(lo.minCoeff(), -1);
      EXPECT_LE(hi.maxCoeff(), 1);
      left = std::min(left, lo.x());
      right = std::max(right, hi.x());
    }
    Eigen::Vector2d lo, hi;
    ballExtent(rig.camera(0), Vector3d(-4, 3, 0.3), 0.3, aspect, lo, hi);
    if (mode == CameraMode::Fixed) {
      EXPECT_GT(right - left, 2 * 0.85);  // the mover's path spans the picture's width (fill 0.9)
      EXPECT_LT(lo.x(), -1);              // the post is not framed
    } else {
      EXPECT_GE(lo.minCoeff(), -1);  // the post is in the picture
      EXPECT_LE(hi.maxCoeff(), 1);
    }
  }
}

TEST(CameraRig, AutoLooksAcrossTheMainMotion) {
  // The same run turned about the vertical by 70 degrees gives the view turned by 70 degrees, and
  // the motion runs across the picture, seen from above the horizon.
  const Eigen::AngleAxisd turn(70 * kDeg, Vector3d::UnitZ());
  auto direction = [&](bool turned) {
    const RunTrajectory run = ballsRun({{"a", "", 0.2}}, 21, 0.05, [&](int, double t) {
      const Vector3d p(2 * t, 0.3 * std::sin(9 * t), 1 - t * t);
      return turned ? Vector3d(turn * p) : p;
    });
    const CameraRig rig(run, run.frames, CameraRigOptions{});
    const Camera& c = rig.camera(0);
    const Vector3d across = (c.target - c.eye).cross(c.up).normalized();  // screen right
    const Vector3d motion = turned ? Vector3d(turn * Vector3d::UnitX()) : Vector3d::UnitX();
    EXPECT_GT(std::abs(motion.dot(across)), 0.7);
    return rig.viewDirection();
  };
  const Vector3d straight = direction(false), turned = direction(true);
  EXPECT_NEAR((turned - turn * straight).norm(), 0, 1e-6);
  EXPECT_GT(straight.z(), 0.3);
  // Only vertical motion: no main horizontal direction, so the iso preset.
  const RunTrajectory drop = ballsRun({{"a", "", 0.2}}, 11, 0.05, [](int, double t) { return Vector3d(0, 0, 1 - t); });
  EXPECT_NEAR((CameraRig(drop, drop.frames, CameraRigOptions{}).viewDirection() -
               *presetViewDirection("iso", Vector3d::UnitZ()))
                  .norm(),
              0, 1e-12);
}

TEST(CameraRig, ExplicitViews) {
  const RunTrajectory run = ballsRun({{"a", "", 0.2}}, 11, 0.1, [](int, double t) { return Vector3d(t, 0, 1); });
  CameraRigOptions options;
  options.mode = CameraMode::Fixed;
  options.view = "1,-6,3:0,0,0.5";
  const CameraRig fixed(run, run.frames, options);
  EXPECT_EQ(fixed.camera(5).eye, Vector3d(1, -6, 3));
  EXPECT_EQ(fixed.camera(5).target, Vector3d(0, 0, 0.5));
  options.mode = CameraMode::Follow;
  const CameraRig follow(run, run.frames, options);
  EXPECT_NEAR((follow.viewDirection() - Vector3d(1, -6, 2.5).normalized()).norm(), 0, 1e-12);
  EXPECT_NEAR((follow.camera(5).target - Vector3d(0.5, 0, 1)).norm(), 0, 0.02 * 0.2);
  for (const char* bad : {"sideways", "1,2", "1,2,3:4"}) {
    options.view = bad;
    try {
      CameraRig rig(run, run.frames, options);
      FAIL() << bad;
    } catch (const articula::Error& e) {
      EXPECT_EQ(std::string(e.what()).rfind(std::string("--view \"") + bad + "\": expected auto, iso", 0), 0u);
    }
  }
}

TEST(CameraRig, PresetDirections) {
  const Vector3d up = Vector3d::UnitZ();
  EXPECT_LT(presetViewDirection("front", up)->y(), -0.9);  // the eye on -y, looking along +y
  EXPECT_GT(presetViewDirection("side", up)->x(), 0.9);
  EXPECT_GT(presetViewDirection("top", up)->z(), 0.99);
  EXPECT_FALSE(presetViewDirection("auto", up));
  EXPECT_GT(presetViewDirection("front", Vector3d::UnitY())->z(), 0.9);  // y-up scenes
}

// The shipped scenarios rendered as `articula render` does (25 fps, 640x480, follow, auto view):
// the bodies that move fill at least half the picture's height in every frame, by the camera's
// projection of their shape vertices, and by pixels in a few frames rendered small (the rows
// where the picture differs from the same frame with the subject taken away).
TEST(CameraRig, ShippedScenariosFillHalfThePictureHeight) {
  articula::iotest::TempDir dir;
  std::vector<std::filesystem::path> scenarios;
  for (const auto& e : std::filesystem::directory_iterator(articula::iotest::sourcePath("models/scenarios")))
    if (e.path().extension() == ".json") scenarios.push_back(e.path());
  std::sort(scenarios.begin(), scenarios.end());
  ASSERT_GE(scenarios.size(), 5u);
  for (const auto& path : scenarios) {
    const std::string name = path.stem().string();
    const std::string out = dir / name;
    const auto r = articula::iotest::runCli("run " + path.string() + " -q --out " + out, dir);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const RunTrajectory run = articula::run::readTrajectoryJson(out + "/trajectory.json");
    std::vector<TrajectoryFrame> frames;
    const double t0 = run.frames.front().t, t1 = run.frames.back().t;
    for (double t = t0; t <= t1 + 1e-9; t += 0.04) frames.push_back(articula::run::interpolateFrame(run, t));
    CameraRigOptions options;
    options.aspect = 640.0 / 480;
    const CameraRig rig(run, frames, options);
    std::vector<double> fractions;
    for (std::size_t k = 0; k < rig.size(); ++k) fractions.push_back(rig.subjectHeightFraction(k));
    std::vector<double> sorted = fractions;
    std::sort(sorted.begin(), sorted.end());
    std::printf("  %-20s %3zu frames, subject height / picture height: min %.2f median %.2f\n", name.c_str(),
                sorted.size(), sorted.front(), sorted[sorted.size() / 2]);
    EXPECT_GE(sorted.front(), 0.5) << name;
    EXPECT_GE(sorted[sorted.size() / 2], 0.8) << name;

    RenderOptions ro;
    ro.width = 128;
    ro.height = 96;
    ro.supersample = 1;
    ro.shadows = false;
    ro.contactArrows = false;
    const SoftwareRenderer renderer(run, ro);
    for (std::size_t k : {std::size_t(0), rig.size() / 4, rig.size() / 2, 3 * rig.size() / 4, rig.size() - 1}) {
      const Camera& camera = rig.camera(k);
      TrajectoryFrame without = frames[k];
      for (int b : rig.subject()) without.poses[b].position = camera.eye - 1e3 * (camera.target - camera.eye);
      const Image a = renderer.render(frames[k], camera), b = renderer.render(without, camera);
      int top = ro.height, bottom = -1;
      for (int y = 0; y < ro.height; ++y)
        for (int x = 0; x < ro.width; ++x)
          for (int c = 0; c < 3; ++c)
            if (a.rgb[3 * (y * ro.width + x) + c] != b.rgb[3 * (y * ro.width + x) + c]) {
              top = std::min(top, y);
              bottom = std::max(bottom, y);
            }
      const double pixels = double(bottom - top + 1) / ro.height;
      EXPECT_GE(pixels, 0.5) << name << " frame " << k;
      EXPECT_NEAR(pixels, fractions[k], 0.04) << name << " frame " << k;  // 4 rows of 96
    }
  }
}
