// `articula sweep`: exit codes, nothing written for a bad sweep file, resuming after a kill (torn
// line, lost rows) runs every case exactly once, and 1 or 2 jobs give the same results.csv byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/IoTestSupport.h"

using namespace articula::iotest;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A grid over the lower mass (the given values) of the double pendulum, 0.2 s each.
std::string writeSweep(const TempDir& dir, json masses, const std::string& name = "sweep.json") {
  const json j = {
      {"format", "articula-sweep"},
      {"version", 1},
      {"model", sourcePath("models/double_pendulum.json")},
      {"design", {{"type", "grid"}}},
      {"parameters",
       {{{"name", "mass"}, {"pointer", "/bodies/1/mass"}, {"values", std::move(masses)}},
        {{"name", "duration"}, {"pointer", "/scenario/duration"}, {"values", {0.2}}}}},
      {"outputs",
       {{{"name", "elbow"}, {"final_q", "elbow.angle"}}, {{"name", "steps"}, {"summary", "/integrator/steps_taken"}}}}};
  std::ofstream(dir / name) << j.dump(2);
  return dir / name;
}

json masses(int n) {
  json m = json::array();
  for (int i = 0; i < n; ++i) m.push_back(0.5 + 0.25 * i);
  return m;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

}  // namespace

TEST(SweepCommand, AllCasesOkExitsZeroWithResultsAndTotals) {
  TempDir dir;
  const CliResult r = runCli("sweep " + writeSweep(dir, masses(4)) + " --out " + (dir / "out"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("4 cases: 4 ok, 0 failed"), std::string::npos) << r.out;
  const auto rows = lines(readText(dir / "out/results.csv"));
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0], "case,status,mass,duration,elbow,steps,reason");
  for (int i = 0; i < 4; ++i) EXPECT_EQ(rows[1 + i].rfind(std::to_string(i) + ",ok,", 0), 0u) << rows[1 + i];
  const json totals = json::parse(readText(dir / "out/sweep.json"));
  EXPECT_EQ(totals["cases"], 4);
  EXPECT_EQ(totals["ok"], 4);
  EXPECT_EQ(totals["failed"], 0);
}

TEST(SweepCommand, FailedCasesGiveTenPlusTheirNumber) {
  TempDir dir;
  const CliResult r = runCli("sweep " + writeSweep(dir, {1, -1, 2, -3}) + " -q --out " + (dir / "out"), dir);
  EXPECT_EQ(r.exitCode, 12) << r.err;
  EXPECT_TRUE(r.out.empty());
  const auto rows = lines(readText(dir / "out/results.csv"));
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[2].rfind("1,failed,-1,0.20000000000000001,,,", 0), 0u) << rows[2];
  EXPECT_NE(rows[2].find("/bodies/1/mass"), std::string::npos) << rows[2];
  EXPECT_EQ(rows[3].rfind("2,ok,", 0), 0u) << rows[3];
}

TEST(SweepCommand, ABadSweepFileRunsAndWritesNothing) {
  TempDir dir;
  std::ofstream(dir / "bad.json")
      << R"({"format": "articula-sweep", "version": 1, "model": ")" << sourcePath("models/double_pendulum.json")
      << R"(", "design": {"type": "grid"}, "parameters": [{"pointer": "/bodies/0/mas", "values": [1]}]})";
  const CliResult r = runCli("sweep " + (dir / "bad.json") + " --out " + (dir / "out"), dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("bad.json: /parameters/0/pointer"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
  EXPECT_EQ(runCli("sweep " + (dir / "missing.json") + " --out " + (dir / "out"), dir).exitCode, 2);
  EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(SweepCommand, OutputsThatCannotBeWrittenExitOne) {
  TempDir dir;
  std::ofstream(dir / "file") << "x";
  const CliResult r = runCli("sweep " + writeSweep(dir, masses(2)) + " -q --out " + (dir / "file/out"), dir);
  EXPECT_EQ(r.exitCode, 1) << r.err;
}

TEST(SweepCommand, ADifferentSweepsResultsAreNotTouched) {
  TempDir dir;
  ASSERT_EQ(runCli("sweep " + writeSweep(dir, masses(2)) + " -q --out " + (dir / "out"), dir).exitCode, 0);
  const std::string before = readText(dir / "out/results.csv");
  json other = json::parse(readText(dir / "sweep.json"));
  other["outputs"][0]["name"] = "elbow_angle";
  std::ofstream(dir / "other.json") << other.dump();
  const CliResult r = runCli("sweep " + (dir / "other.json") + " -q --out " + (dir / "out"), dir);
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("results.csv belongs to a different sweep"), std::string::npos) << r.err;
  EXPECT_EQ(readText(dir / "out/results.csv"), before);
}

TEST(SweepCommand, AResumedSweepRunsEveryCaseExactlyOnce) {
  TempDir dir;
  const std::string sweep = writeSweep(dir, masses(10));
  ASSERT_EQ(runCli("sweep " + sweep + " -q --jobs 2 --out " + (dir / "full"), dir).exitCode, 0);
  const std::string full = readText(dir / "full/results.csv");
  // As a kill would leave it: rows in finishing order, some missing, the last one torn.
  auto rows = lines(full);
  std::string killed = rows[0] + "\n" + rows[8] + "\n" + rows[2] + "\n" + rows[5] + "\n" + rows[7].substr(0, 9);
  fs::create_directories(dir / "resumed");
  std::ofstream(dir / "resumed/results.csv") << killed;
  const CliResult r = runCli("sweep " + sweep + " --jobs 2 --out " + (dir / "resumed"), dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("(7 run now"), std::string::npos) << r.out;
  EXPECT_EQ(readText(dir / "resumed/results.csv"), full);
  // A rerun of a finished sweep runs nothing and changes nothing.
  ASSERT_EQ(runCli("sweep " + sweep + " --out " + (dir / "resumed"), dir).exitCode, 0);
  EXPECT_EQ(readText(dir / "resumed/results.csv"), full);
  EXPECT_EQ(json::parse(readText(dir / "resumed/sweep.json"))["run_now"], 0);
}

TEST(SweepCommand, OneOrTwoJobsGiveTheSameResultsByteForByte) {
  TempDir dir;
  const std::string sweep = writeSweep(dir, masses(12));
  ASSERT_EQ(runCli("sweep " + sweep + " -q --jobs 1 --out " + (dir / "one"), dir).exitCode, 0);
  ASSERT_EQ(runCli("sweep " + sweep + " -q --jobs 2 --out " + (dir / "two"), dir).exitCode, 0);
  EXPECT_EQ(readText(dir / "one/results.csv"), readText(dir / "two/results.csv"));
  EXPECT_EQ(json::parse(readText(dir / "two/sweep.json"))["jobs"], 2);
}

TEST(SweepCommand, TheExampleSweepKeepsItsListedTrajectory) {
  TempDir dir;
  const CliResult r = runCli("sweep " + sourcePath("examples/sweeps/pendulum_grid.json") + " -q --out " + (dir / "out"),
                             dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(lines(readText(dir / "out/results.csv")).size(), 10u);
  EXPECT_TRUE(fs::exists(dir / "out/cases/0/trajectory.csv"));
  EXPECT_FALSE(fs::exists(dir / "out/cases/1"));
}

TEST(SweepCommand, TheExitCodeStopsAt255) {
  TempDir dir;
  json bad = json::array();
  for (int i = 0; i < 250; ++i) bad.push_back(-1 - i);  // 250 failed cases: 10 + 250 > 255
  const CliResult r = runCli("sweep " + writeSweep(dir, bad) + " -q --out " + (dir / "out"), dir);
  EXPECT_EQ(r.exitCode, 255) << r.err;
  EXPECT_EQ(json::parse(readText(dir / "out/sweep.json"))["failed"], 250);
}
