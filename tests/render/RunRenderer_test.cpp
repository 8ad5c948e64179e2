#include "articula/render/RunRenderer.h"

#include <gtest/gtest.h>

#include "articula/Error.h"
#include "support/ImageReading.h"
#include "support/IoTestSupport.h"
#include "support/RenderTestRuns.h"

using namespace articula::render;
using articula::iotest::listing;
namespace fs = std::filesystem;

namespace {

std::string errorOf(const fs::path& dir, const RenderRunOptions& options) {
  try {
    renderRun(dir, options);
  } catch (const articula::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(RunRenderer, GifHasRealTimeFrameCountSizeAndMotion) {
  const auto dir = articula::test::freshTempDir("renderrun");
  articula::test::writeText(dir / "trajectory.json", articula::test::pendulumTrajectoryJson(51, 0.02));  // 1 s
  RenderRunOptions options;
  options.width = 96;
  options.height = 72;
  options.fps = 20;
  options.pngFrames = true;
  const RenderRunResult result = renderRun(dir, options);
  EXPECT_EQ(result.frames, 21);  // t = 0, 0.05, ..., 1.0
  EXPECT_GT(result.secondsPerFrame, 0);
  const auto gif = articula::test::readGif((dir / "animation.gif").string());
  EXPECT_EQ(gif.width, 96);
  EXPECT_EQ(gif.height, 72);
  ASSERT_EQ(gif.frames.size(), 21u);
  int total = 0;
  for (int d : gif.delays) total += d;
  EXPECT_EQ(total, 105);  // 21 frames of 1/20 s
  int changed = 0;
  for (std::size_t k = 1; k < gif.frames.size(); ++k) changed += gif.frames[k] != gif.frames[k - 1];
  EXPECT_GE(changed, 18);  // the pendulum moves between (almost) all frames
  EXPECT_TRUE((fs::status(dir / "animation.gif").permissions() & fs::perms::others_read) != fs::perms::none);
  EXPECT_TRUE(fs::exists(dir / "frames" / "frame_00020.png"));
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  ASSERT_TRUE(articula::test::readPng((dir / "frames" / "frame_00000.png").string(), w, h, rgb));
  EXPECT_EQ(w, 96);
  EXPECT_EQ(h, 72);
  EXPECT_EQ(listing(dir), (std::vector<std::string>{"animation.gif", "frames", "trajectory.json"}));  // no temporaries
  fs::remove_all(dir);
}

TEST(RunRenderer, SpeedAndFollow) {
  const auto dir = articula::test::freshTempDir("renderspeed");
  articula::test::writeText(dir / "trajectory.json", articula::test::pendulumTrajectoryJson(51, 0.02));
  RenderRunOptions options;
  options.width = 64;
  options.height = 48;
  options.fps = 10;
  options.speed = 0.5;
  options.follow = "lower";
  EXPECT_EQ(renderRun(dir, options).frames, 21);  // 1 s at half speed = 2 s of GIF at 10 fps
  options.follow = "nobody";
  EXPECT_EQ(errorOf(dir, options), "--follow \"nobody\": no such body in " + (dir / "trajectory.json").string());
  fs::remove_all(dir);
}

TEST(RunRenderer, BadInputLeavesNoOutput) {
  const auto dir = articula::test::freshTempDir("renderbad");
  RenderRunOptions options;
  EXPECT_EQ(errorOf(dir, options).rfind((dir / "trajectory.json").string() + ": cannot open", 0), 0u);
  articula::test::writeText(dir / "trajectory.json",
                            R"({"format": "articula-trajectory", "version": 1, "bodies": [], "frames": []})");
  EXPECT_EQ(errorOf(dir, options), (dir / "trajectory.json").string() + ": /frames = []: expected a non-empty array");
  articula::test::writeText(dir / "trajectory.json", articula::test::pendulumTrajectoryJson(3, 0.02));
  options.fps = 0;
  EXPECT_NE(errorOf(dir, options).find("--fps"), std::string::npos);
  options.fps = 25;
  options.camera = "nowhere";
  EXPECT_NE(errorOf(dir, options).find("--camera \"nowhere\""), std::string::npos);
  options.camera = "fixed";
  options.view = "nowhere";
  EXPECT_NE(errorOf(dir, options).find("--view \"nowhere\""), std::string::npos);
  EXPECT_EQ(listing(dir), (std::vector<std::string>{"trajectory.json"}));
  EXPECT_NE(errorOf(dir / "missing", options).find("not a folder"), std::string::npos);
  fs::remove_all(dir);
}
