// One sweep case: the same numbers as the edited model run directly, failures as rows with their
// reason, kept run folders, and the same row whichever thread runs it.
#include "articula/run/SweepRun.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "articula/model/ModelFile.h"
#include "articula/model/ModelScaling.h"
#include "articula/run/RunOutputs.h"
#include "articula/run/SweepResults.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::run;
using articula::iotest::sourcePath;
using articula::iotest::TempDir;
using nlohmann::json;

namespace {

json pendulumSweep(json massValues) {
  return {{"format", "articula-sweep"},
          {"version", 1},
          {"model", sourcePath("models/double_pendulum.json")},
          {"design", {{"type", "grid"}}},
          {"parameters",
           {{{"name", "mass"}, {"pointer", "/bodies/1/mass"}, {"values", std::move(massValues)}},
            {{"name", "duration"}, {"pointer", "/scenario/duration"}, {"values", {0.3}}}}},
          {"outputs",
           {{{"name", "q"}, {"final_q", "elbow.angle"}},
            {{"name", "u"}, {"final_u", "shoulder.angle"}},
            {{"name", "steps"}, {"summary", "/integrator/steps_taken"}},
            {{"name", "ke"}, {"summary", "/energy/final_kinetic_J"}}}}};
}

model::SweepSpec parse(const json& j) { return model::parseSweepText(j.dump(), "/sweeps/pendulum.json"); }

Real num(const model::SweepValue& v) { return std::get<Real>(v); }

}  // namespace

TEST(SweepRun, ACaseGivesTheNumbersOfTheEditedModelRunDirectly) {
  const model::SweepSpec spec = parse(pendulumSweep({1.0, 2.5}));
  const auto cases = model::sweepCases(spec);
  const SweepRow row = runSweepCase(spec, cases[1], "", nullptr);
  ASSERT_EQ(row.status, SweepStatus::Ok) << row.reason;
  // The model file edited by hand, loaded from disk and run with the command's defaults (frame thread on).
  TempDir dir;
  json doc = json::parse(iotest::readText(sourcePath("models/double_pendulum.json")));
  doc["bodies"][1]["mass"] = 2.5;
  doc["scenario"]["duration"] = 0.3;
  std::ofstream(dir / "edited.json") << doc.dump();
  const model::ModelSpec m = model::loadModelFile(dir / "edited.json");
  const model::BuiltModel built = model::buildModel(m, dir / "edited.json");
  const RunResult r = runSimulation(m, built, m.scenario);
  ASSERT_EQ(row.outputs.size(), 4u);
  EXPECT_EQ(num(row.outputs[0]), r.totals.last.q[1]);  // bit for bit
  EXPECT_EQ(num(row.outputs[1]), r.totals.last.u[0]);
  EXPECT_EQ(num(row.outputs[2]), static_cast<Real>(r.statistics.stepsTaken));
  EXPECT_EQ(num(row.outputs[3]), r.totals.last.kineticEnergy);
  EXPECT_EQ(row.parameters, cases[1].values);
  // And the edit matters: the other mass gives another motion.
  EXPECT_NE(num(runSweepCase(spec, cases[0], "", nullptr).outputs[0]), num(row.outputs[0]));
}

TEST(SweepRun, AFailingCaseIsARowWithItsReason) {
  json j = pendulumSweep({1.0, -1.0, 2.0});
  j["parameters"].push_back({{"name", "max_steps"}, {"pointer", "/scenario/max_steps"}, {"values", {100000, 3}}});
  const model::SweepSpec spec = parse(j);
  const auto cases = model::sweepCases(spec);
  ASSERT_EQ(cases.size(), 6u);
  for (const model::SweepCase& c : cases) {
    const SweepRow row = runSweepCase(spec, c, "", nullptr);
    const bool badMass = num(c.values[0]) < 0, fewSteps = num(c.values[2]) == 3;
    SCOPED_TRACE(c.id);
    if (badMass) {
      EXPECT_EQ(row.status, SweepStatus::Failed);
      EXPECT_NE(row.reason.find("/bodies/1/mass"), std::string::npos) << row.reason;
    } else if (fewSteps) {
      EXPECT_EQ(row.status, SweepStatus::Failed);
      EXPECT_NE(row.reason.find("step"), std::string::npos) << row.reason;
    } else {
      EXPECT_EQ(row.status, SweepStatus::Ok) << row.reason;
      EXPECT_TRUE(row.reason.empty());
    }
    EXPECT_EQ(row.outputs.size(), 4u);  // empty cells when failed: the table's columns stay
  }
}

TEST(SweepRun, AMissingSummaryValueFailsTheCase) {
  json j = pendulumSweep({1.0});
  j["outputs"] = {{{"name", "hic"}, {"summary", "/head/hic15"}}};  // the pendulum has no head: null
  const model::SweepSpec spec = parse(j);
  const SweepRow row = runSweepCase(spec, model::sweepCases(spec)[0], "", nullptr);
  EXPECT_EQ(row.status, SweepStatus::Failed);
  EXPECT_NE(row.reason.find("/head/hic15"), std::string::npos) << row.reason;
}

TEST(SweepRun, AKeptCaseWritesTheRunFolderOfArticulaRun) {
  const model::SweepSpec spec = parse(pendulumSweep({2.5}));
  TempDir dir;
  const SweepRow row = runSweepCase(spec, model::sweepCases(spec)[0], dir / "cases/0", nullptr);
  ASSERT_EQ(row.status, SweepStatus::Ok);
  for (const char* f : {"trajectory.csv", "summary.json", "trajectory.json"})
    EXPECT_TRUE(std::filesystem::exists(dir / (std::string("cases/0/") + f))) << f;
  const json summary = json::parse(iotest::readText(dir / "cases/0/summary.json"));
  EXPECT_EQ(summary["integrator"]["steps_taken"].get<Real>(), num(row.outputs[2]));
}

TEST(SweepRun, ThreadsGiveTheSameRows) {
  const model::SweepSpec spec = parse(pendulumSweep({0.5, 1.0, 1.5, 2.0}));
  const auto cases = model::sweepCases(spec);
  std::vector<std::string> alone, together(cases.size());
  for (const auto& c : cases) alone.push_back(sweepRowText(runSweepCase(spec, c, "", nullptr)));
  std::vector<std::thread> threads;
  for (size_t i = 0; i < cases.size(); ++i)
    threads.emplace_back([&, i] { together[i] = sweepRowText(runSweepCase(spec, cases[i], "", nullptr)); });
  for (auto& t : threads) t.join();
  EXPECT_EQ(alone, together);
}

// Scale parameters: masses by k leave a pendulum's motion as it is (every term of its equations
// scales by k) and give the total mass; lengths by s = 4 slow it by sqrt(s) = 2 (dynamic
// similarity: inertias by k s^2), so at 0.4 s it is where the unscaled one is at 0.2 s.
TEST(SweepRun, ScaleParametersScaleTheModel) {
  const model::ModelSpec base = model::loadModelFile(sourcePath("models/double_pendulum.json"));
  const model::ModelSize size = model::measureModel(base);
  json j = pendulumSweep({1.0});
  j["parameters"] = {{{"name", "duration"}, {"pointer", "/scenario/duration"}, {"values", {0.2, 0.4}}},
                     {{"scale", "height"}, {"values", {size.height, 4 * size.height}}},
                     {{"scale", "mass"}, {"values", {size.mass, 2 * size.mass}}}};
  j["outputs"] = {{{"name", "q"}, {"final_q", "elbow.angle"}},
                  {{"name", "q0"}, {"final_q", "shoulder.angle"}},
                  {{"name", "total_mass"}, {"summary", "/model/total_mass_kg"}}};
  const model::SweepSpec spec = parse(j);
  const auto cases = model::sweepCases(spec);
  ASSERT_EQ(cases.size(), 8u);
  std::vector<SweepRow> rows;
  for (const auto& c : cases) rows.push_back(runSweepCase(spec, c, "", nullptr));
  for (const SweepRow& r : rows) ASSERT_EQ(r.status, SweepStatus::Ok) << r.reason;
  // Case order: duration slowest, then height, then mass.
  EXPECT_NEAR(num(rows[1].outputs[2]), 2 * size.mass, 1e-12);
  EXPECT_NEAR(num(rows[0].outputs[2]), size.mass, 1e-12);
  for (int k : {0, 1}) {
    EXPECT_NEAR(num(rows[1].outputs[k]), num(rows[0].outputs[k]), 1e-9);  // mass alone: same motion
    EXPECT_NEAR(num(rows[6].outputs[k]), num(rows[0].outputs[k]), 1e-4);  // 4x height at 0.4 s = 0.2 s
  }
  EXPECT_GT(std::abs(num(rows[4].outputs[0]) - num(rows[0].outputs[0])), 1e-2);  // the time scaling matters
}

// contact_body picks a body's figures by name, as summary.json lists them under contact.bodies; a
// null summary figure (a body's first contact when it never touched) is an empty cell, not a failure.
TEST(SweepRun, ContactFiguresByBodyNameMatchTheSummary) {
  const json j = {{"format", "articula-sweep"},
                  {"version", 1},
                  {"model", sourcePath("models/scenarios/standing_fall.json")},
                  {"design", {{"type", "grid"}}},
                  {"parameters", {{{"name", "duration"}, {"pointer", "/scenario/duration"}, {"values", {1.2}}}}},
                  {"outputs",
                   {{{"name", "head_peak"}, {"contact_body", "head"}},
                    {{"name", "head_first"}, {"contact_body", "head"}, {"figure", "first_contact_s"}},
                    {{"name", "head_speed"}, {"contact_body", "head"}, {"figure", "impact_speed_m_s"}},
                    {{"name", "hand_peak_t"}, {"contact_body", "hand_l"}, {"figure", "peak_force_time_s"}},
                    {{"name", "head_speed_summary"}, {"summary", "/head/impact_speed_m_s"}}}}};
  const model::SweepSpec spec = model::parseSweepText(j.dump(), sourcePath("examples/sweeps/x.json"));
  const TempDir dir;
  const SweepRow row = runSweepCase(spec, model::sweepCases(spec)[0], (dir.path / "case").string(), nullptr);
  ASSERT_EQ(row.status, SweepStatus::Ok) << row.reason;
  std::ifstream in(dir.path / "case" / "summary.json");
  const json summary = json::parse(in);
  json head, hand;
  for (const json& b : summary["contact"]["bodies"]) {
    if (b["body"] == "head") head = b;
    if (b["body"] == "hand_l") hand = b;
  }
  ASSERT_TRUE(head.is_object() && hand.is_object());
  EXPECT_EQ(num(row.outputs[0]), head["peak_force_N"].get<double>());
  EXPECT_EQ(num(row.outputs[1]), head["first_contact_s"].get<double>());
  EXPECT_EQ(num(row.outputs[2]), head["impact_speed_m_s"].get<double>());
  EXPECT_EQ(num(row.outputs[3]), hand["time_s"].get<double>());
  EXPECT_EQ(num(row.outputs[4]), summary["head"]["impact_speed_m_s"].get<double>());

  // Stopped before the head comes down: no first contact, an empty cell, and the case is ok.
  json early = j;
  early["parameters"][0]["values"] = {0.3};
  const model::SweepSpec before = model::parseSweepText(early.dump(), sourcePath("examples/sweeps/x.json"));
  const SweepRow up = runSweepCase(before, model::sweepCases(before)[0], "", nullptr);
  ASSERT_EQ(up.status, SweepStatus::Ok) << up.reason;
  EXPECT_EQ(num(up.outputs[0]), 0.0);
  EXPECT_EQ(std::get<std::string>(up.outputs[1]), "");
  EXPECT_EQ(std::get<std::string>(up.outputs[4]), "");
}
