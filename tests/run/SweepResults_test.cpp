// results.csv: its header and rows (round-trip numbers, RFC 4180 strings), the finished cases of a
// torn file, a different sweep's file refused, finalizing (sorted, each case once), sweep.json.
#include "articula/run/SweepResults.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::run;
using articula::iotest::readText;
using articula::iotest::sourcePath;
using articula::iotest::TempDir;
using nlohmann::json;

namespace {

model::SweepSpec spec(const std::string& outputName = "steps") {
  const json j = {{"format", "articula-sweep"},
                  {"version", 1},
                  {"model", sourcePath("models/double_pendulum.json")},
                  {"design", {{"type", "grid"}}},
                  {"parameters", {{{"name", "mass, kg"}, {"pointer", "/bodies/1/mass"}, {"values", {1, 2}}}}},
                  {"outputs", {{{"name", outputName}, {"summary", "/integrator/steps_taken"}}}}};
  return model::parseSweepText(j.dump(), "/sweeps/s.json");
}

SweepRow row(int64_t id, Real mass, Real steps) {
  SweepRow r;
  r.id = id;
  r.parameters = {mass};
  r.outputs = {steps};
  return r;
}

void write(const std::string& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

}  // namespace

TEST(SweepResults, HeaderAndRowsQuoteStringsAndKeepEveryDigit) {
  EXPECT_EQ(sweepHeader(spec()), "case,status,\"mass, kg\",steps,reason\n");
  EXPECT_EQ(sweepRowText(row(3, 0.1, 57)), "3,ok,0.10000000000000001,57,\n");
  SweepRow failed = row(4, 2, 0);
  failed.status = SweepStatus::Failed;
  failed.outputs = {std::string()};
  failed.reason = "bad \"mass\", negative";
  EXPECT_EQ(sweepRowText(failed), "4,failed,2,,\"bad \"\"mass\"\", negative\"\n");
  for (Real x : {0.1, 1.0 / 3, -2.5e-300, 6.02214076e23, 1 + 0x1p-52}) {
    const std::string cell = csvCell(x);
    EXPECT_EQ(std::strtod(cell.c_str(), nullptr), x) << cell;  // reads back to the same double
  }
}

TEST(SweepResults, FinishedCasesIgnoreATornLastLine) {
  TempDir dir;
  const std::string file = dir / "results.csv";
  EXPECT_TRUE(readFinished(file, spec()).empty());  // no file yet
  write(file, sweepHeader(spec()) + sweepRowText(row(1, 2, 50)) + sweepRowText(row(0, 1, 40)) + "5,ok,1,4");
  EXPECT_EQ(readFinished(file, spec()), (std::set<int64_t>{0, 1}));
  dropTornRecord(file);
  EXPECT_EQ(readText(file), sweepHeader(spec()) + sweepRowText(row(1, 2, 50)) + sweepRowText(row(0, 1, 40)));
}

TEST(SweepResults, ADifferentSweepsFileIsRefused) {
  TempDir dir;
  const std::string file = dir / "results.csv";
  write(file, sweepHeader(spec("n")) + sweepRowText(row(0, 1, 40)));
  try {
    readFinished(file, spec());
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("results.csv belongs to a different sweep"), std::string::npos);
  }
}

TEST(SweepResults, FinalizingSortsByCaseAndKeepsEachCaseOnce) {
  TempDir dir;
  const std::string file = dir / "results.csv";
  write(file, sweepHeader(spec()) + sweepRowText(row(10, 2, 50)) + sweepRowText(row(2, 1, 40)) +
                  sweepRowText(row(10, 2, 99)) + sweepRowText(row(9, 1, 30)) + "11,ok");
  finalizeResults(file);
  EXPECT_EQ(readText(file), sweepHeader(spec()) + sweepRowText(row(2, 1, 40)) + sweepRowText(row(9, 1, 30)) +
                                sweepRowText(row(10, 2, 50)));
  const SweepTotals t = countResults(file);
  EXPECT_EQ(t.cases, 3);
  EXPECT_EQ(t.ok, 3);
  EXPECT_EQ(t.failed, 0);
}

TEST(SweepResults, TotalsGoToSweepJson) {
  TempDir dir;
  SweepTotals t;
  t.cases = 10, t.ok = 8, t.failed = 2, t.ranNow = 4, t.wallSeconds = 2, t.jobs = 3;
  writeSweepTotals(dir / "sweep.json", t);
  const json j = json::parse(readText(dir / "sweep.json"));
  EXPECT_EQ(j["cases"], 10);
  EXPECT_EQ(j["ok"], 8);
  EXPECT_EQ(j["failed"], 2);
  EXPECT_EQ(j["jobs"], 3);
  EXPECT_EQ(j["cases_per_second"], 2.0);
  EXPECT_EQ(j["wall_seconds"], 2.0);
}
