#include "articula/io/EditorPage.h"

#include <gtest/gtest.h>

#include "IoTestSupport.h"

using namespace articula::io;
using namespace articula::iotest;
namespace fs = std::filesystem;

TEST(EditorPage, EmbedsTheModelSafely) {
  const std::string html = editorPageHtml(R"({"name": "a </script> b"})");
  EXPECT_NE(html.find(R"(id="articula-model">{"name": "a \u003c/script> b"}</script>)"), std::string::npos);
  EXPECT_NE(editorPageHtml("").find(R"(id="articula-model">null</script>)"), std::string::npos);
  EXPECT_EQ(html.find("<script src="), std::string::npos);  // self-contained
}

TEST(EditorPage, CliWritesThePageWithTheModelOrRefusesBadModels) {
  TempDir dir;
  CliResult r = runCli("edit " + sourcePath("models/double_pendulum.json") + " --out " + (dir / "e.html"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("e.html"), std::string::npos);
  const std::string page = readText(dir / "e.html");
  EXPECT_NE(page.find(R"("format": "articula-model")"), std::string::npos);
  EXPECT_NE(page.find(R"("name": "upper")"), std::string::npos);
  {
    std::ofstream(dir / "bad.json") << R"({"format": "articula-model", "version": 1, "bodies": [{"name": "x", "mass": -1}]})";
  }
  r = runCli("edit " + (dir / "bad.json") + " --out " + (dir / "bad.html"), dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("bad.json"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "bad.html"));
}
