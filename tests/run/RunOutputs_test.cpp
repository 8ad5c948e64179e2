// The output files say what docs/output-format.md says: trajectory.csv's Pos columns are mass
// centres, Origin columns and trajectory.json poses are body-frame origins. Oracle: the double
// pendulum's start pose worked out by hand (shoulder at 90 degrees about y: rods along -x).
#include "articula/run/RunOutputs.h"

#include <gtest/gtest.h>

#include <sstream>

#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream s(line);
  for (std::string cell; std::getline(s, cell, ',');) out.push_back(cell);
  return out;
}

struct ShortRun {
  ModelSpec model;
  BuiltModel built;
  RunResult result;
};

ShortRun shortRun() {
  ShortRun r;
  r.model = loadModelFile(sourcePath("models/double_pendulum.json"));
  r.model.scenario.duration = 0.02;
  r.model.scenario.reportInterval = 0.01;
  r.built = buildModel(r.model);
  r.result = runSimulation(r.model, r.built, r.model.scenario);
  return r;
}

}  // namespace

TEST(RunOutputs, CsvColumnsMeanWhatTheDocumentSays) {
  const ShortRun r = shortRun();
  std::stringstream csv(makeTrajectoryCsv(r.model, r.built, r.result));
  std::string header, first;
  std::getline(csv, header);
  std::getline(csv, first);
  const auto names = split(header), values = split(first);
  ASSERT_EQ(names.size(), values.size());
  auto value = [&](const std::string& column) {
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == column) return std::stod(values[i]);
    ADD_FAILURE() << "no column " << column;
    return 0.0;
  };
  EXPECT_EQ(value("time[s]"), 0);
  EXPECT_NEAR(value("upper.pos_x[m]"), -0.25, 1e-9);  // mass centre
  EXPECT_NEAR(value("upper.pos_z[m]"), 0, 1e-9);
  EXPECT_NEAR(value("lower.pos_x[m]"), -0.75, 1e-9);
  EXPECT_NEAR(value("lower.origin_x[m]"), -0.5, 1e-9);  // the elbow
  // Released from rest: gravity (-z) accelerates the rods downward, so both mass centres start
  // with acc_z < 0 and zero velocity.
  EXPECT_LT(value("upper.acc_z[m/s^2]"), -1);
  EXPECT_EQ(value("lower.vel_z[m/s]"), 0);
  EXPECT_NEAR(value("energy_balance[J]"), 0, 1e-12);
  // A 90 degree turn about +y: quaternion (cos 45, 0, sin 45, 0).
  EXPECT_NEAR(value("upper.quat_w[1]"), std::sqrt(0.5), 1e-9);
  EXPECT_NEAR(value("upper.quat_y[1]"), std::sqrt(0.5), 1e-9);
}

TEST(RunOutputs, TrajectoryJsonHasTreeGeometryAndOriginPoses) {
  const ShortRun r = shortRun();
  const auto j = nlohmann::json::parse(makeTrajectoryJson(r.model, r.result));
  EXPECT_EQ(j["format"], "articula-trajectory");
  EXPECT_EQ(j["up"], nlohmann::json({0.0, 0.0, 1.0}));
  ASSERT_EQ(j["bodies"].size(), 2u);
  EXPECT_TRUE(j["bodies"][0]["parent"].is_null());
  EXPECT_EQ(j["bodies"][1]["parent"], "upper");
  EXPECT_EQ(j["bodies"][1]["geometry"][1]["type"], "sphere");
  EXPECT_EQ(j["bodies"][1]["geometry"][1]["size"]["radius"], 0.04);
  ASSERT_EQ(j["frames"].size(), 3u);
  const auto& lower = j["frames"][0]["poses"][1];
  EXPECT_NEAR(lower[0].get<double>(), -0.5, 1e-7);
  EXPECT_NEAR(lower[2].get<double>(), 0, 1e-7);
  EXPECT_NEAR(j["frames"][2]["t"].get<double>(), 0.02, 1e-12);
}

TEST(RunOutputs, SummaryJsonAndText) {
  const ShortRun r = shortRun();
  RunDescription d;
  d.modelFile = "dp.json";
  d.scenario = r.model.scenario;
  d.degreesOfFreedom = 2;
  d.numQ = 2;
  const nlohmann::json s = makeSummaryJson(r.model, d, r.result);
  EXPECT_EQ(s["model"]["bodies"], 2);
  EXPECT_EQ(s["run"]["frames"], 3);
  EXPECT_TRUE(s["head"].is_null());
  const std::string text = makeSummaryText(s);
  EXPECT_NE(text.find("2 bodies, 2 degrees of freedom, 2.000 kg"), std::string::npos) << text;
}
