#include "articula/render/EditorPage.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "articula/files/TextOutput.h"
#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula::model;
using namespace articula::render;
using namespace articula::iotest;
using articula::Real;
namespace fs = std::filesystem;

TEST(EditorPage, EmbedsTheModelSafely) {
  SKIP_WITHOUT_BROWSER_PAGES();
  const std::string html = editorPageHtml(R"({"name": "a </script> b"})");
  EXPECT_NE(html.find(R"(id="articula-model">{"name": "a \u003c/script> b"}</script>)"), std::string::npos);
  EXPECT_NE(editorPageHtml("").find(R"(id="articula-model">null</script>)"), std::string::npos);
  EXPECT_EQ(html.find("<script src="), std::string::npos);  // self-contained
}

TEST(EditorPage, CliWritesThePageWithTheModelOrRefusesBadModels) {
  SKIP_WITHOUT_BROWSER_PAGES();
  TempDir dir;
  CliResult r = runCli("edit " + sourcePath("models/double_pendulum.json") + " --out " + (dir / "e.html"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("e.html"), std::string::npos);
  const std::string page = readText(dir / "e.html");
  EXPECT_NE(page.find(R"("format": "articula-model")"), std::string::npos);
  EXPECT_NE(page.find(R"("name": "upper")"), std::string::npos);
  {
    std::ofstream(dir / "bad.json")
        << R"({"format": "articula-model", "version": 1, "bodies": [{"name": "x", "mass": -1}]})";
  }
  r = runCli("edit " + (dir / "bad.json") + " --out " + (dir / "bad.html"), dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("bad.json"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "bad.html"));
}

TEST(EditorPage, EmbedsTheMeshFilesTheModelNames) {
  const ModelSpec spec = articula::model::loadModelFile(sourcePath("models/mesh_drop.json"));
  const nlohmann::json meshes = nlohmann::json::parse(editorMeshesJson(spec));
  ASSERT_TRUE(meshes.contains("meshes/cube.obj")) << meshes.dump().substr(0, 200);
  // The file's own counts, read here line by line: 98 "v" and 192 triangular "f" records, unscaled.
  std::ifstream obj(sourcePath("models/meshes/cube.obj"));
  int v = 0, f = 0;
  Real largest = 0;
  for (std::string line; std::getline(obj, line);) {
    if (line.rfind("v ", 0) == 0) {
      ++v;
      std::istringstream in(line.substr(2));
      Real x, y, z;
      in >> x >> y >> z;
      largest = std::max({largest, std::abs(x), std::abs(y), std::abs(z)});
    }
    if (line.rfind("f ", 0) == 0) ++f;
  }
  const auto& m = meshes["meshes/cube.obj"];
  EXPECT_EQ(static_cast<int>(m["vertices"].size()), v);
  EXPECT_EQ(static_cast<int>(m["faces"].size()), f);
  Real drawnLargest = 0;
  for (const auto& p : m["vertices"])
    for (const auto& c : p) drawnLargest = std::max(drawnLargest, std::abs(c.get<Real>()));
  EXPECT_DOUBLE_EQ(drawnLargest, largest);  // not the model's 0.2 scale: the page applies it
  EXPECT_EQ(editorMeshesJson(articula::model::loadModelFile(sourcePath("models/double_pendulum.json"))), "");
  SKIP_WITHOUT_BROWSER_PAGES();  // the rest puts the meshes into the page
  const std::string html = editorPageHtml("{}", meshes.dump());
  EXPECT_NE(html.find(R"(id="articula-meshes">{"meshes/cube.obj")"), std::string::npos);
  EXPECT_NE(editorPageHtml("{}").find(R"(id="articula-meshes">null</script>)"), std::string::npos);
}

TEST(EditorPage, WriteEditorPageNamesThePageAfterTheModel) {
  SKIP_WITHOUT_BROWSER_PAGES();
  TempDir dir;
  const fs::path page = writeEditorPage(sourcePath("models/double_pendulum.json"), dir / "p.html");
  EXPECT_EQ(page, fs::path(dir / "p.html"));
  EXPECT_NE(readText(page).find(R"("name": "lower")"), std::string::npos);
  // No target: "<model stem>-editor.html" in the working folder ("model-editor.html" for a new model).
  const fs::path here = fs::current_path();
  fs::current_path(dir.path);
  const fs::path named = writeEditorPage(sourcePath("models/double_pendulum.json"), "");
  const fs::path blank = writeEditorPage("", "");
  fs::current_path(here);
  EXPECT_EQ(named, fs::path("double_pendulum-editor.html"));
  EXPECT_EQ(blank, fs::path("model-editor.html"));
  EXPECT_NE(readText(dir / "model-editor.html").find(R"(id="articula-model">null</script>)"), std::string::npos);
  EXPECT_THROW(writeEditorPage(sourcePath("models/double_pendulum.json"), dir / "none/p.html"),
               articula::files::OutputError);
  EXPECT_THROW(writeEditorPage(dir / "missing.json", dir / "q.html"), articula::Error);
  EXPECT_FALSE(fs::exists(dir / "q.html"));
}
