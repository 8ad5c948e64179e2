// Scenarios of several models: every file of models/scenarios round-trips through the writer, and
// the "models" list places each model where it says (pose, initial velocity, name prefix).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using articula::iotest::sourcePath;

TEST(ScenarioModels, EveryScenarioFileRoundTrips) {
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(sourcePath("models/scenarios"))) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    ++files;
    const ModelSpec a = loadModelFile(e.path().string());
    const nlohmann::json written = writeArticulaModel(a);
    const ModelSpec b = readModel(written, "written.json");
    EXPECT_EQ(writeArticulaModel(b), written);
    EXPECT_EQ(b.bodies.size(), a.bodies.size());
    EXPECT_EQ(b.contact.cliques, a.contact.cliques);
    buildModel(b, "written.json");  // the expanded model builds as well
  }
  EXPECT_GE(files, 3);
}

// Person b of the tackle is turned 180 degrees about z, 1.1 m ahead, running at 5 m/s towards -x
// in Ground; the speeds of its root must say so once built (matter kinematics, not the reader).
TEST(ScenarioModels, PlacementAndVelocityOfAnIncludedModel) {
  const std::string file = sourcePath("models/scenarios/tackle.json");
  const ModelSpec m = loadModelFile(file);
  ASSERT_EQ(m.bodies.size(), 32u);
  const int a = m.findBody("a_pelvis"), b = m.findBody("b_pelvis");
  ASSERT_GE(a, 0);
  ASSERT_GE(b, 0);
  EXPECT_EQ(m.bodies[m.findBody("b_thigh_l")].joint.parent, "b_pelvis");
  const BuiltModel built = buildModel(m, file);
  const MatterSubsystem& matter = built.system->getMatter();
  const State& s = built.initialState;
  const Vec3 v_b = matter.findStationVelocityInGround(s, built.mobodOfBody[b], m.bodies[b].massCenter);
  const Vec3 v_a = matter.findStationVelocityInGround(s, built.mobodOfBody[a], m.bodies[a].massCenter);
  EXPECT_NEAR((v_b - Vec3(-5, 0, 0)).norm(), 0, 1e-9);
  EXPECT_NEAR(v_a.norm(), 0, 1e-12);
  // b faces -x: its pelvis's x axis (anterior) points along -x of Ground, its head leans towards a.
  const Transform& X_Gb = matter.getBodyTransform(s, built.mobodOfBody[b]);
  EXPECT_LT(X_Gb.R().x().x(), -0.8);
  const Vec3 head_b = matter.getBodyTransform(s, built.mobodOfBody[m.findBody("b_head")]).p();
  EXPECT_LT(head_b.x(), X_Gb.p().x());
  EXPECT_GT(X_Gb.p().x(), 0.5);
}

// Two four-bars side by side through the models list: each keeps its loop-closing constraint with
// prefixed bodies and coordinates, and both assemble — the same crank/rocker angles as one alone.
TEST(ScenarioModels, IncludedModelsKeepTheirConstraints) {
  iotest::TempDir dir;
  const std::string scenario = (dir / "two_four_bars.json");
  const std::string fourBar = sourcePath("models/four_bar.json");
  nlohmann::json j = {
      {"format", "articula-model"},
      {"version", 1},
      {"name", "two four-bars"},
      {"models",
       {{{"file", fourBar}, {"prefix", "a_"}}, {{"file", fourBar}, {"prefix", "b_"}, {"position", {0, 2, 0}}}}},
      {"bodies", nlohmann::json::array()}};
  std::ofstream(scenario) << j.dump();
  const ModelSpec one = loadModelFile(fourBar);
  const ModelSpec two = loadModelFile(scenario);
  ASSERT_FALSE(one.constraints.empty());
  ASSERT_EQ(two.constraints.size(), 2 * one.constraints.size());
  const ConstraintSpec& a = two.constraints[0];
  const ConstraintSpec& b = two.constraints[one.constraints.size()];
  for (const auto& [role, body] : one.constraints[0].bodies) {
    EXPECT_EQ(a.bodies.at(role), body == "ground" ? body : "a_" + body);
    EXPECT_EQ(b.bodies.at(role), body == "ground" ? body : "b_" + body);
  }
  const BuiltModel builtOne = buildModel(one, fourBar);
  const BuiltModel builtTwo = buildModel(two, scenario);
  ASSERT_EQ(builtTwo.initialState.getQ().size(), 2 * builtOne.initialState.getQ().size());
  const Eigen::Index n = builtOne.initialState.getQ().size();
  for (Eigen::Index i = 0; i < n; ++i) {
    EXPECT_NEAR(builtTwo.initialState.getQ()[i], builtOne.initialState.getQ()[i], 1e-9);
    EXPECT_NEAR(builtTwo.initialState.getQ()[n + i], builtOne.initialState.getQ()[i], 1e-9);
  }
}
