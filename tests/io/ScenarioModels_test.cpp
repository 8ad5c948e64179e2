// Scenarios of several models: every file of models/scenarios round-trips through the writer, and
// the "models" list places each model where it says (pose, initial velocity, name prefix).
#include <gtest/gtest.h>

#include <filesystem>

#include "IoTestSupport.h"
#include "articula/io/ModelBuilder.h"
#include "articula/io/ModelFile.h"

using namespace articula;
using namespace articula::io;
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
