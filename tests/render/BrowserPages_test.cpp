#include "articula/render/BrowserPages.h"

#include <gtest/gtest.h>

#include "articula/Error.h"
#include "articula/render/EditorPage.h"
#include "articula/render/ViewerPage.h"
#include "support/ErrorOf.h"
#include "support/IoTestSupport.h"

using namespace articula::render;
using namespace articula::iotest;
namespace fs = std::filesystem;

// The configuration says which build this is; the library and the command must agree with it.
TEST(BrowserPages, TheBuildHasThePagesItWasConfiguredWith) {
  EXPECT_EQ(hasBrowserPages(), bool(ARTICULA_TEST_WEB));
  if (!hasBrowserPages()) return;
  EXPECT_NE(web::kViewerPage.find(R"(id="articula-data">null</script>)"), std::string_view::npos);
  EXPECT_NE(web::kEditorPage.find(R"(id="articula-model")"), std::string_view::npos);
  EXPECT_NO_THROW(requireBrowserPages("viewer"));
}

TEST(BrowserPages, ABuildWithoutThemSaysSoAndWritesNoPage) {
  if (hasBrowserPages()) GTEST_SKIP() << "this build has the browser pages";
  const std::string message = articula::testing::errorOf([] { requireBrowserPages("editor"); });
  EXPECT_NE(message.find("no browser editor"), std::string::npos) << message;
  EXPECT_NE(message.find("ARTICULA_WEB=ON"), std::string::npos) << message;
  EXPECT_THROW(editorPageHtml("{}"), articula::Error);

  TempDir dir;
  const std::string model = sourcePath("models/double_pendulum.json");
  CliResult r = runCli("run " + model + " --duration 0.1 --report-interval 0.01 --out " + (dir / "run"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "run/trajectory.json"));
  EXPECT_FALSE(fs::exists(dir / "run/viewer.html"));
  EXPECT_NE(r.out.find("No viewer.html"), std::string::npos) << r.out;
  r = runCli("view " + (dir / "run"), dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("no browser viewer"), std::string::npos) << r.err;
  r = runCli("edit " + model + " --out " + (dir / "page.html"), dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_FALSE(fs::exists(dir / "page.html"));
}
