// The JSON Schema (schema/articula-model-1.schema.json) accepts the shipped models and what the
// writer produces, and rejects most of the malformed catalog on its own (the rest needs the
// program's semantic checks: names that refer to other parts, loops, inertia, unit lengths).
// Uses Python's jsonschema; skipped where it is not installed.
#include <gtest/gtest.h>

#include <filesystem>

#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula::model;
using namespace articula::iotest;

namespace {
int checkSchema(const std::string& files, const TempDir& dir) {
  const std::string cmd = std::string("python3 ") + sourcePath("tests/model/check_schema.py") + " " +
                          sourcePath("schema/articula-model-1.schema.json") + " " + files + " >" +
                          (dir / "schema.txt") + " 2>&1";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
}  // namespace

TEST(Schema, AcceptsShippedAndWrittenModels) {
  TempDir dir;
  saveModelFile(loadModelFile(openMbdPath("openmbd_male.json")), dir / "male.json");
  saveModelFile(loadModelFile(sourcePath("tests/data/models/all_joints.json")), dir / "all.json");
  saveModelFile(loadModelFile(sourcePath("tests/data/osim/shoulder.osim")), dir / "shoulder.json");  // functions
  std::string files = (dir / "male.json") + " " + (dir / "all.json") + " " + (dir / "shoulder.json") + " " +
                      sourcePath("tests/data/models/all_joints.json");
  for (const char* folder : {"models", "models/scenarios"})
    for (const auto& e : std::filesystem::directory_iterator(sourcePath(folder)))
      if (e.path().extension() == ".json") files.append(" ").append(e.path().string());
  const std::string gait = ARTICULA_FIXTURES "/opensim/gait2354/subject01_simbody_adjusted.osim";
  if (std::filesystem::exists(gait)) {  // muscle paths: fixed, conditional and moving points
    saveModelFile(loadModelFile(gait), dir / "gait.json");
    files.append(" ").append(dir / "gait.json");
  }
  const int code = checkSchema(files, dir);
  if (code == 77) GTEST_SKIP() << "python3 jsonschema not installed";
  EXPECT_EQ(code, 0) << readText(dir / "schema.txt");
}

TEST(Schema, RejectsMostOfTheMalformedCatalog) {
  TempDir dir;
  std::string files;
  int total = 0;
  for (const auto& e : std::filesystem::directory_iterator(sourcePath("tests/data/malformed"))) {
    if (e.path().extension() != ".json" || e.path().filename() == "catalog.json") continue;
    ++total;
    files.append(" ").append(e.path().string());
  }
  const int code = checkSchema(files, dir);
  if (code == 77) GTEST_SKIP() << "python3 jsonschema not installed";
  EXPECT_EQ(code, 1);
  const std::string report = readText(dir / "schema.txt");
  int rejected = 0;
  for (size_t at = report.find("INVALID "); at != std::string::npos; at = report.find("INVALID ", at + 1)) ++rejected;
  EXPECT_GE(rejected, total / 2) << report;
}

TEST(Schema, AcceptsWhatTheWriterMakesOfEveryShippedModel) {
  TempDir dir;
  std::string files;
  for (const auto& e : std::filesystem::directory_iterator(sourcePath("models"))) {
    if (e.path().extension() != ".json") continue;
    const std::string out = dir / ("written_" + e.path().filename().string());
    saveModelFile(loadModelFile(e.path().string()), out);
    files.append(" ").append(out);
  }
  const int code = checkSchema(files, dir);
  if (code == 77) GTEST_SKIP() << "python3 jsonschema not installed";
  EXPECT_EQ(code, 0) << readText(dir / "schema.txt");
}
