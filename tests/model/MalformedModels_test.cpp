// The catalog of malformed model files (tests/data/malformed/catalog.json): each must be refused by
// the library with a ModelError naming the file, JSON path and value, and by `articula run` with
// exit code 2, the same message, and no output folder (nor a leftover temporary one).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {
nlohmann::json catalog() { return nlohmann::json::parse(readText(sourcePath("tests/data/malformed/catalog.json"))); }

// URDF and MJCF files (tests/data/malformed_robots/make_catalog.py): the message names file:line,
// the element and the value.
nlohmann::json robotCatalog() {
  return nlohmann::json::parse(readText(sourcePath("tests/data/malformed_robots/catalog.json")));
}

void expectNamesLineAndElement(const std::string& what, const std::string& file, const nlohmann::json& expected) {
  const std::string at = file + ":" + std::to_string(expected["line"].get<int>()) + ":";
  EXPECT_NE(what.find(at), std::string::npos) << what << "\n  lacks: " << at;
  for (const char* key : {"element", "message"}) {
    const std::string fragment = expected[key].get<std::string>();
    EXPECT_NE(what.find(fragment), std::string::npos) << what << "\n  lacks: " << fragment;
  }
}
}  // namespace

TEST(MalformedModels, CatalogHasAtLeastThirtyFiles) { EXPECT_GE(catalog().size(), 30u); }

TEST(MalformedModels, LibraryRefusesEachWithTheExpectedMessage) {
  const nlohmann::json all = catalog();  // kept alive: items() refers into it
  for (const auto& [name, expected] : all.items()) {
    SCOPED_TRACE(name);
    const std::string file = sourcePath("tests/data/malformed/" + name);
    try {
      const ModelSpec m = loadModelFile(file);
      buildModel(m, file);
      ADD_FAILURE() << "accepted";
    } catch (const ModelError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind(file + ": ", 0), 0u) << what;  // starts with the file name
      EXPECT_NE(what.find(expected["message"].get<std::string>()), std::string::npos) << what;
    }
  }
}

TEST(MalformedModels, CommandExitsWithCode2AndWritesNothing) {
  const nlohmann::json all = catalog();  // kept alive: items() refers into it
  for (const auto& [name, expected] : all.items()) {
    SCOPED_TRACE(name);
    TempDir dir;
    const CliResult r = runCli("run " + sourcePath("tests/data/malformed/" + name) + " --out " + (dir / "run"), dir);
    EXPECT_EQ(r.exitCode, expected["exit"].get<int>());
    EXPECT_NE(r.err.find(expected["message"].get<std::string>()), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    // Only the captured stdout/stderr files are in the folder: no run folder, no temporary one.
    int entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path)) ++entries;
    EXPECT_EQ(entries, 2);
  }
}

TEST(MalformedModels, RobotCatalogHasAtLeastTwentyFilesOfEachFormat) {
  const nlohmann::json all = robotCatalog();  // kept alive: items() refers into it
  int urdf = 0, mjcf = 0;
  for (const auto& [name, expected] : all.items()) (name.ends_with(".urdf") ? urdf : mjcf) += 1;
  EXPECT_GE(urdf, 10);
  EXPECT_GE(mjcf, 10);
  EXPECT_GE(urdf + mjcf, 20);
}

TEST(MalformedModels, LibraryRefusesEachRobotFileNamingLineAndElement) {
  const nlohmann::json all = robotCatalog();  // kept alive: items() refers into it
  for (const auto& [name, expected] : all.items()) {
    SCOPED_TRACE(name);
    const std::string file = sourcePath("tests/data/malformed_robots/" + name);
    try {
      buildModel(loadModelFile(file), file);
      ADD_FAILURE() << "accepted";
    } catch (const ModelError& e) {
      expectNamesLineAndElement(e.what(), file, expected);
    }
  }
}

TEST(MalformedModels, CommandExitsWithCode2OnEachRobotFileAndWritesNothing) {
  const nlohmann::json all = robotCatalog();  // kept alive: items() refers into it
  for (const auto& [name, expected] : all.items()) {
    SCOPED_TRACE(name);
    TempDir dir;
    const std::string file = sourcePath("tests/data/malformed_robots/" + name);
    const CliResult r = runCli("run " + file + " --out " + (dir / "run"), dir);
    EXPECT_EQ(r.exitCode, expected["exit"].get<int>());
    expectNamesLineAndElement(r.err, file, expected);
    EXPECT_TRUE(r.out.empty()) << r.out;
    int entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path)) ++entries;
    EXPECT_EQ(entries, 2);
  }
}
