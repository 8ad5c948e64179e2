// Sweep files: the pointer edits, table columns, every malformed file refused with the file, the
// pointer in it and the problem, the example and the schema. The designs' cases are in
// SweepDesigns_test.cpp.
#include "articula/model/SweepSpec.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "SweepFiles.h"
#include "articula/model/ModelError.h"
#include "support/ErrorOf.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::sweeptest;
using articula::iotest::sourcePath;
using nlohmann::json;

TEST(SweepSpec, CaseDocumentEditsPointersWithEscapesNewMembersAndIndices) {
  const SweepSpec s = parse(sweep({{"type", "table"}, {"columns", {"a", "b", "c"}}, {"rows", {{3000, 2.5, -9}}}},
                                  {{{"name", "a"}, {"pointer", "/scenario/max_steps"}},  // a new member
                                   {{"name", "b"}, {"pointer", "/bodies/1/mass"}},
                                   {{"name", "c"}, {"pointer", "/gravity/2"}}}));
  const json doc = caseDocument(s, sweepCases(s)[0]);
  EXPECT_EQ(doc["scenario"]["max_steps"], 3000);
  EXPECT_EQ(doc["scenario"]["duration"], 5);  // the rest kept
  EXPECT_EQ(doc["bodies"][1]["mass"], 2.5);
  EXPECT_EQ(doc["gravity"], json({0, 0, -9}));
  EXPECT_EQ(s.baseDocument["bodies"][1]["mass"], 1.0);  // the base is not edited
  // RFC 6901 escapes: ~1 is '/', ~0 is '~'.
  SweepSpec by;
  by.baseDocument = {{"a/b", {{"c~d", 1}}}};
  by.parameters.resize(2);
  by.parameters[0].pointer = "/a~1b/c~0d";
  by.parameters[1].pointer = "/a~1b/~01";
  const json edited = caseDocument(by, SweepCase{0, {2.0, std::string("x")}});
  EXPECT_EQ(edited, json({{"a/b", {{"c~d", 2.0}, {"~1", "x"}}}}));
}

TEST(SweepSpec, TableColumnsMayComeInAnyOrderAndFromACsvFile) {
  articula::iotest::TempDir dir;
  {
    std::ofstream csv(dir / "table.csv");
    csv << "duration,mass\n0.5,2\r\n\"1.5\",3\n";
  }
  json j = sweep(
      {{"type", "table"}, {"file", "table.csv"}},
      {{{"name", "mass"}, {"pointer", "/bodies/0/mass"}}, {{"name", "duration"}, {"pointer", "/scenario/duration"}}});
  const auto cases = sweepCases(parseSweepText(j.dump(), dir / "sweep.json"));
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].values, (std::vector<SweepValue>{2.0, 0.5}));
  EXPECT_EQ(cases[1].values, (std::vector<SweepValue>{3.0, 1.5}));
}

namespace {

struct Bad {
  const char* what;
  json sweep;
  std::string pointer, problem;
};

json withKey(json j, const std::string& pointer, json value) {
  j[json::json_pointer(pointer)] = std::move(value);
  return j;
}

}  // namespace

TEST(SweepSpec, MalformedFilesAreRefusedWithFilePointerAndProblem) {
  const json grid = sweep({{"type", "grid"}}, {{{"pointer", "/bodies/0/mass"}, {"values", {1, 2}}}},
                          {{{"summary", "/integrator/steps_taken"}}});
  const json random = sweep({{"type", "random"}, {"samples", 10}}, {uniform("/bodies/0/mass", 1, 2)});
  const json twoBig = sweep({{"type", "grid"}},
                            {{{"pointer", "/bodies/0/mass"}, {"min", 1}, {"max", 2}, {"count", 1001}},
                             {{"pointer", "/bodies/1/mass"}, {"min", 1}, {"max", 2}, {"count", 1000}}});
  const std::vector<Bad> bad{
      {"unknown key", withKey(grid, "/colour", 1), "/colour", "unknown key"},
      {"unknown parameter key", withKey(grid, "/parameters/0/minn", 1), "/parameters/0/minn", "unknown key"},
      {"format", withKey(grid, "/format", "articula-model"), "/format", "must be \"articula-sweep\""},
      {"design", withKey(grid, "/design/type", "sobol"), "/design/type", "unknown design"},
      {"distribution", withKey(random, "/parameters/0/distribution", "cauchy"), "/parameters/0/distribution",
       "unknown distribution"},
      {"pointer syntax", withKey(grid, "/parameters/0/pointer", "bodies/0/mass"), "/parameters/0/pointer",
       "start with '/'"},
      {"pointer escape", withKey(grid, "/parameters/0/pointer", "/bodies/0/m~2ss"), "/parameters/0/pointer",
       "'~' must be followed"},
      {"pointer to nothing", withKey(grid, "/parameters/0/pointer", "/bodies/7/mass"), "/parameters/0/pointer",
       "beyond the end"},
      {"pointer below nothing", withKey(grid, "/parameters/0/pointer", "/nothing/here"), "/parameters/0/pointer",
       "no member \"nothing\""},
      {"misspelt new member", withKey(grid, "/parameters/0/pointer", "/bodies/0/mas"), "/parameters/0/pointer",
       "a new member the model refuses: unknown field"},
      {"pointer '-'", withKey(grid, "/parameters/0/pointer", "/gravity/-"), "/parameters/0/pointer",
       "not an array index"},
      {"pointer at an object", withKey(grid, "/parameters/0/pointer", "/bodies/0/inertia"), "/parameters/0/pointer",
       "gives numbers but the model's value there is a object"},
      {"string at a number", withKey(grid, "/parameters/0/values", {"heavy"}), "/parameters/0/pointer",
       "gives strings"},
      {"min >= max", withKey(random, "/parameters/0/max", 1), "/parameters/0/min", "min must be below max"},
      {"grid min >= max",
       sweep({{"type", "grid"}}, {{{"pointer", "/bodies/0/mass"}, {"min", 2}, {"max", 2}, {"count", 3}}}),
       "/parameters/0/min", "min must be below max"},
      {"sd <= 0",
       sweep({{"type", "random"}, {"samples", 3}},
             {{{"pointer", "/bodies/0/mass"}, {"distribution", "normal"}, {"mean", 1}, {"sd", 0}}}),
       "/parameters/0/sd", "must be positive"},
      {"log min <= 0", withKey(withKey(random, "/parameters/0/distribution", "log_uniform"), "/parameters/0/min", 0),
       "/parameters/0/min", "must be positive"},
      {"samples < 1", withKey(random, "/design/samples", 0), "/design/samples", "at least 1"},
      {"samples not whole", withKey(random, "/design/samples", 2.5), "/design/samples", "whole number"},
      {"count < 1", sweep({{"type", "grid"}}, {{{"pointer", "/bodies/0/mass"}, {"min", 1}, {"max", 2}, {"count", 0}}}),
       "/parameters/0/count", "at least 1"},
      {"grid too big", twoBig, "/parameters", "more than 1000000 cases"},
      {"table row length",
       sweep({{"type", "table"}, {"columns", {"m"}}, {"rows", {{1}, {1, 2}}}},
             {{{"name", "m"}, {"pointer", "/bodies/0/mass"}}}),
       "/design/rows/1", "has 2 values for 1 columns"},
      {"table column",
       sweep({{"type", "table"}, {"columns", {"mass"}}, {"rows", {{1}}}}, {{{"pointer", "/bodies/0/mass"}}}),
       "/design/columns", "no column for the parameter"},
      {"unknown coordinate", withKey(grid, "/outputs/0", {{"final_q", "knee.angle"}}), "/outputs/0/final_q",
       "no coordinate of that name"},
      {"summary pointer", withKey(grid, "/outputs/0", {{"summary", "head/hic15"}}), "/outputs/0/summary",
       "start with '/'"},
      {"two output kinds", withKey(grid, "/outputs/0", {{"summary", "/a"}, {"final_q", "shoulder.angle"}}),
       "/outputs/0", "exactly one of"},
      {"contact body", withKey(grid, "/outputs/0", {{"contact_body", "head"}}), "/outputs/0/contact_body",
       "no body of that name"},
      {"contact figure", withKey(grid, "/outputs/0", {{"contact_body", "upper"}, {"figure", "peak"}}),
       "/outputs/0/figure", "unknown figure"},
      {"figure alone", withKey(grid, "/outputs/0", {{"summary", "/a"}, {"figure", "peak_force_N"}}),
       "/outputs/0/figure", "only goes with"},
      {"duplicated names", withKey(grid, "/outputs/0/name", "/bodies/0/mass"), "/outputs/0/name",
       "the same name as /parameters/0"},
      {"reserved name", withKey(grid, "/parameters/0/name", "status"), "/parameters/0/name", "results table uses"},
      {"pointer and scale", withKey(grid, "/parameters/0/scale", "height"), "/parameters/0", "exactly one of"},
      {"scale kind", sweep({{"type", "grid"}}, {{{"scale", "width"}, {"values", {1}}}}), "/parameters/0/scale",
       "\"height\" or \"mass\""},
      {"same target twice",
       sweep({{"type", "grid"}}, {{{"pointer", "/bodies/0/mass"}, {"values", {1}}},
                                  {{"name", "m2"}, {"pointer", "/bodies/0/mass"}, {"values", {2}}}}),
       "/parameters/1", "changes what /parameters/0 changes"},
      {"grid key in random", withKey(random, "/parameters/0/values", {1}), "/parameters/0/values", "grid only"},
      {"keep out of range", withKey(grid, "/keep_trajectories", {5}), "/keep_trajectories/0", "must be a case id"},
      {"missing model", withKey(grid, "/model", "no/such/model.json"), "/model", "the model cannot be read"},
      {"truncation too narrow",
       sweep({{"type", "random"}, {"samples", 3}},
             {{{"pointer", "/bodies/0/mass"}, {"distribution", "normal"}, {"mean", 0}, {"sd", 1}, {"min", 9}}}),
       "/parameters/0", "less than 1e-6"},
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.what);
    try {
      parse(b.sweep);
      ADD_FAILURE() << "accepted";
    } catch (const ModelError& e) {
      EXPECT_EQ(e.file(), kFile) << e.what();
      EXPECT_EQ(e.path(), b.pointer) << e.what();
      EXPECT_NE(e.problem().find(b.problem), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).rfind(kFile + ": " + b.pointer, 0), 0u) << e.what();
    }
  }
}

TEST(SweepSpec, TheExampleSweepFileReads) {
  const SweepSpec s = readSweepFile(sourcePath("examples/sweeps/pendulum_grid.json"));
  EXPECT_EQ(s.numCases(), 9);
  EXPECT_EQ(s.modelFile, sourcePath("models/double_pendulum.json"));
  EXPECT_TRUE(s.keepsTrajectory(0));
  EXPECT_FALSE(s.keepsTrajectory(1));
}

namespace {
int checkSweepSchema(const std::string& files, const articula::iotest::TempDir& dir) {
  const std::string cmd = "python3 " + sourcePath("tests/model/check_schema.py") + " " +
                          sourcePath("schema/articula-sweep-1.schema.json") + " " + files + " >" +
                          (dir / "schema.txt") + " 2>&1";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
}  // namespace

// schema/articula-sweep-1.schema.json accepts the example sweeps (each also read by the program)
// and refuses what the reader refuses for the schema's own reasons. Skipped without Python's jsonschema.
TEST(SweepSpec, SchemaAcceptsTheExamplesAndRefusesMalformedSweeps) {
  articula::iotest::TempDir dir;
  std::string files;
  for (const auto& e : std::filesystem::directory_iterator(sourcePath("examples/sweeps"))) {
    EXPECT_GT(readSweepFile(e.path().string()).numCases(), 0) << e.path();
    files.append(" ").append(e.path().string());
  }
  json scaled = sweep({{"type", "latin_hypercube"}, {"samples", 10}, {"seed", 2}},
                      {{{"scale", "height"}, {"min", 1.5}, {"max", 1.9}},
                       {{"scale", "mass"}, {"distribution", "log_normal"}, {"mean", 4.2}, {"sd", 0.2}}},
                      {{{"final_u", "elbow.angle"}}});
  scaled["keep_trajectories"] = "all";
  std::ofstream(dir / "scaled.json") << scaled.dump();
  files.append(" ").append(dir / "scaled.json");
  int code = checkSweepSchema(files, dir);
  if (code == 77) GTEST_SKIP() << "python3 jsonschema not installed";
  EXPECT_EQ(code, 0) << articula::iotest::readText(dir / "schema.txt");
  const std::vector<json> bad{
      withKey(scaled, "/colour", 1),
      withKey(scaled, "/parameters/0/values", {1}),
      withKey(scaled, "/parameters/0/pointer", "no-slash"),
      withKey(scaled, "/design/samples", 0),
      withKey(scaled, "/design/type", "sobol"),
      withKey(scaled, "/outputs/0/summary", "/a"),
      sweep({{"type", "grid"}}, {{{"pointer", "/a"}, {"values", {1}}, {"min", 0}}}),
  };
  for (size_t i = 0; i < bad.size(); ++i) {
    std::ofstream(dir / ("bad" + std::to_string(i) + ".json")) << bad[i].dump();
    code = checkSweepSchema(dir / ("bad" + std::to_string(i) + ".json"), dir);
    EXPECT_EQ(code, 1) << i << ": " << bad[i].dump();
  }
}
