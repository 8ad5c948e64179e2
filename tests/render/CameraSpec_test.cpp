#include <gtest/gtest.h>

#include "articula/Error.h"
#include "articula/render/RunRenderer.h"
#include "support/RenderTestRuns.h"

using namespace articula::render;
using namespace articula::run;

TEST(CameraSpec, PresetsLookAtTheSceneFromOutsideIt) {
  const RunTrajectory run = parseTrajectoryJson(articula::test::pendulumTrajectoryJson(11, 0.1), "t.json");
  const SoftwareRenderer scene(run, RenderOptions{});
  for (const char* spec : {"auto", "iso", "front", "side", "top"}) {
    const Camera c = parseViewSpec(spec, scene, run.up, 4.0 / 3);
    EXPECT_NEAR((c.target - scene.sceneCentre()).norm(), 0, 1e-12) << spec;
    EXPECT_GT((c.eye - c.target).norm(), 1.5 * scene.sceneRadius()) << spec;
  }
  EXPECT_GT(parseViewSpec("top", scene, run.up, 1).eye.z(), scene.sceneCentre().z() + scene.sceneRadius());
  const Camera custom = parseViewSpec("1,2,3:0,0,0.5", scene, run.up, 1);
  EXPECT_EQ(custom.eye, Eigen::Vector3d(1, 2, 3));
  EXPECT_EQ(custom.target, Eigen::Vector3d(0, 0, 0.5));
  EXPECT_EQ(parseViewSpec("4, 5, 6", scene, run.up, 1).eye, Eigen::Vector3d(4, 5, 6));
}

TEST(CameraSpec, BadSpecsAreNamed) {
  const RunTrajectory run = parseTrajectoryJson(articula::test::pendulumTrajectoryJson(3, 0.1), "t.json");
  const SoftwareRenderer scene(run, RenderOptions{});
  for (const char* spec : {"sideways", "1,2", "1,2,3:4", "1,2,x"}) {
    try {
      parseViewSpec(spec, scene, run.up, 1);
      FAIL() << spec;
    } catch (const articula::Error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("--view \"") + spec + "\""), std::string::npos) << e.what();
    }
  }
}

TEST(CameraSpec, ImageSizes) {
  int w = 0, h = 0;
  parseImageSize("320x200", w, h);
  EXPECT_EQ(w, 320);
  EXPECT_EQ(h, 200);
  for (const char* bad : {"320", "320x", "x200", "4x4", "320x200px", "99999x10"})
    EXPECT_THROW(parseImageSize(bad, w, h), articula::Error) << bad;
}
