#include "articula/render/ViewerPage.h"

#include <gtest/gtest.h>

#include "articula/Error.h"
#include "support/IoTestSupport.h"
#include "support/RenderTestRuns.h"

using namespace articula::render;
using namespace articula::iotest;
namespace fs = std::filesystem;

TEST(ViewerPage, EmbedsTheRunSafely) {
  SKIP_WITHOUT_BROWSER_PAGES();
  std::string trajectory = articula::test::pendulumTrajectoryJson(3, 0.1);
  trajectory.replace(trajectory.find("double pendulum"), 15, "a </script><b> model");
  const std::string html = viewerPageHtml(trajectory, "Time,upper_PosX\n0,1\n", R"({"run": {"frames": 3}})");
  EXPECT_NE(html.find("a \\u003c/script>\\u003cb> model"), std::string::npos);
  EXPECT_EQ(html.find("</script><b>"), std::string::npos);
  EXPECT_NE(html.find(R"("csv":"Time,upper_PosX\n0,1\n")"), std::string::npos);
  EXPECT_NE(html.find(R"("summary":{"run":{"frames":3}})"), std::string::npos);
  EXPECT_EQ(html.find(R"(id="articula-data">null</script>)"), std::string::npos);
  EXPECT_GT(html.size(), 100000u);  // three.js and the viewer are inline
  EXPECT_EQ(html.find("<script src="), std::string::npos);
}

TEST(ViewerPage, BadRunsAreRefusedWithNamedErrors) {
  SKIP_WITHOUT_BROWSER_PAGES();
  EXPECT_THROW(viewerPageHtml("{}", "", ""), articula::Error);
  TempDir dir;
  try {
    writeViewerPage(dir.path);
    FAIL();
  } catch (const articula::Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind((dir.path / "trajectory.json").string() + ": cannot open", 0), 0u)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(dir.path / "viewer.html"));
}

TEST(ViewerPage, CliRunWritesTheViewerAndViewRewritesIt) {
  SKIP_WITHOUT_BROWSER_PAGES();
  TempDir dir;
  const std::string model = sourcePath("models/double_pendulum.json");
  CliResult r = runCli("run " + model + " --duration 0.1 --report-interval 0.01 -q --out " + (dir / "run"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  ASSERT_TRUE(fs::exists(dir / "run/viewer.html"));
  r = runCli("run " + model + " --duration 0.1 --report-interval 0.01 -q --no-viewer --out " + (dir / "bare"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir / "bare/viewer.html"));
  r = runCli("view " + (dir / "bare"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("viewer.html"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir / "bare/viewer.html"));
  r = runCli("view " + (dir / "nothing"), dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("trajectory.json: cannot open"), std::string::npos) << r.err;
}

TEST(ViewerPage, CliRenderWritesAGifOfTheRun) {
  TempDir dir;
  CliResult r = runCli("run " + sourcePath("models/double_pendulum.json") +
                           " --duration 0.4 --report-interval 0.01 -q --out " + (dir / "run"),
                       dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  r = runCli("render " + (dir / "run") + " --gif --fps 10 --size 120x90 --view side", dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("5 frames 120x90"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("subject height: "), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(dir / "run/animation.gif"));
  for (const char* camera : {"fixed", "fit-all"}) {
    r = runCli("render " + (dir / "run") + " --fps 10 --size 120x90 -q --camera " + camera, dir);
    EXPECT_EQ(r.exitCode, 0) << camera << r.err;
  }
  r = runCli("render " + (dir / "run") + " --camera side", dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--camera \"side\": expected follow, fixed or fit-all"), std::string::npos) << r.err;
  r = runCli("render " + (dir / "run") + " --view sideways", dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--view \"sideways\""), std::string::npos) << r.err;
  r = runCli("render " + (dir / "run") + " --size 12by9", dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--size \"12by9\""), std::string::npos) << r.err;
}
