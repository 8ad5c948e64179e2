// Scenarios of several models: every file of models/scenarios round-trips through the writer, and
// the "models" list places each model where it says (pose, initial velocity, name prefix).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
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

namespace {

// A scenario in `dir` including `entry` (a models-list entry; "file" relative to the repository).
ModelSpec loadScenario(const iotest::TempDir& dir, nlohmann::json entry, const nlohmann::json& extra = {}) {
  entry["file"] = sourcePath(entry["file"].get<std::string>());
  nlohmann::json j = {{"format", "articula-model"}, {"version", 1}, {"name", "s"}, {"models", {entry}}};
  for (const auto& [k, v] : extra.items()) j[k] = v;
  const std::string file = dir / "scenario.json";
  std::ofstream(file) << j.dump();
  return loadModelFile(file);
}

int countForces(const ModelSpec& m, ForceType type) {
  return static_cast<int>(
      std::count_if(m.forces.begin(), m.forces.end(), [&](const ForceSpec& f) { return f.type == type; }));
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

// A URDF file named in the models list takes its import options from the entry: the ANYmal's
// root link floats (a free joint, 6 degrees of freedom) only with "floating_base"; the Panda's 9
// joint <limit>s (7 arm joints, 2 fingers; counted in panda.urdf) become forces only with
// "urdf_limits"; and with a prefix both are renamed like any included model.
TEST(ScenarioModels, UrdfEntriesCarryTheirImportOptions) {
  iotest::TempDir dir;
  const ModelSpec welded = loadScenario(dir, {{"file", "models/robots/anymal_c.urdf"}});
  const ModelSpec floating = loadScenario(dir, {{"file", "models/robots/anymal_c.urdf"}, {"floating_base", true}});
  EXPECT_EQ(welded.bodies[0].joint.type, JointType::Weld);
  EXPECT_EQ(floating.bodies[0].joint.type, JointType::Free);
  EXPECT_EQ(floating.bodies[0].joint.parent, "ground");
  const ModelSpec loose = loadScenario(dir, {{"file", "models/robots/panda.urdf"}});
  const ModelSpec limited = loadScenario(
      dir, {{"file", "models/robots/panda.urdf"}, {"urdf_limits", true}, {"prefix", "p_"}});
  EXPECT_EQ(countForces(loose, ForceType::RangeOfMotionLimit), 0);
  EXPECT_EQ(countForces(limited, ForceType::RangeOfMotionLimit), 9);
  EXPECT_GE(limited.findBody("p_panda_hand"), 0);
  EXPECT_FALSE(limited.constraints.empty());  // the finger's mimic coupler, renamed with the rest
  ASSERT_FALSE(limited.constraints[0].function.empty());
  for (const std::string& arg : limited.constraints[0].function[0].args) EXPECT_EQ(arg.rfind("p_", 0), 0u) << arg;
  // package_paths resolve against the scenario's folder: an empty folder finds no meshes, and the
  // model still loads (each missing mesh a warning).
  std::filesystem::create_directories(dir / "pkgs");
  const ModelSpec searched = loadScenario(dir, {{"file", "models/robots/panda.urdf"}, {"package_paths", {"pkgs"}}});
  EXPECT_EQ(searched.bodies.size(), loose.bodies.size());
  EXPECT_FALSE(searched.warnings.empty());
}

// The import options belong to URDF files: on an Articula file the entry is refused, naming it.
TEST(ScenarioModels, UrdfOptionsOnAnotherFormatAreAnError) {
  iotest::TempDir dir;
  for (const char* key : {"floating_base", "urdf_limits"}) {
    const std::string e = errorOf([&] { loadScenario(dir, {{"file", "models/double_pendulum.json"}, {key, true}}); });
    EXPECT_NE(e.find(std::string("/models/0/") + key), std::string::npos) << e;
    EXPECT_NE(e.find("URDF"), std::string::npos) << e;
  }
}

// "geometry" adds shapes to the included model's bodies in their own frames: the Panda's hand
// (meshes absent: no shape of its own) gets a box, which takes the entry's material; prefixed
// names are not used in the map. Unknown bodies, duplicate shape names and unknown materials are
// errors naming the entry.
TEST(ScenarioModels, EntriesAddShapesToIncludedBodies) {
  iotest::TempDir dir;
  const nlohmann::json materials = {
      {"contact_materials", {{"rubber", {{"type", "hertz"}, {"youngs_modulus", 1e7}, {"poisson_ratio", 0.45}}}}}};
  const nlohmann::json box = {
      {"name", "stand_in"}, {"type", "box"}, {"half_lengths", {0.03, 0.1, 0.03}}, {"position", {0, 0, 0.03}}};
  const ModelSpec m = loadScenario(dir,
                                   {{"file", "models/robots/panda.urdf"},
                                    {"prefix", "p_"},
                                    {"material", "rubber"},
                                    {"geometry", {{"panda_hand", {box}}}}},
                                   materials);
  const BodySpec& hand = m.bodies[m.findBody("p_panda_hand")];
  ASSERT_EQ(hand.geometry.size(), 1u);
  EXPECT_EQ(hand.geometry[0].name, "stand_in");
  EXPECT_EQ(hand.geometry[0].type, GeometryType::Box);
  EXPECT_EQ(hand.geometry[0].size, Vec3(0.03, 0.1, 0.03));
  EXPECT_EQ(hand.geometry[0].pose.position, Vec3(0, 0, 0.03));
  EXPECT_EQ(hand.geometry[0].material, "rubber");

  std::string e = errorOf([&] {
    loadScenario(dir, {{"file", "models/robots/panda.urdf"}, {"geometry", {{"no_such_link", {box}}}}});
  });
  EXPECT_NE(e.find("/models/0/geometry/no_such_link"), std::string::npos) << e;
  e = errorOf([&] {
    loadScenario(dir, {{"file", "models/robots/panda.urdf"}, {"geometry", {{"panda_hand", {box, box}}}}});
  });
  EXPECT_NE(e.find("/models/0/geometry/panda_hand/1"), std::string::npos) << e;
  EXPECT_NE(e.find("already"), std::string::npos) << e;
  nlohmann::json felt = box;
  felt["material"] = "felt";
  e = errorOf([&] {
    loadScenario(dir, {{"file", "models/robots/panda.urdf"}, {"geometry", {{"panda_hand", {felt}}}}}, materials);
  });
  EXPECT_NE(e.find("/models/0/geometry/panda_hand/0/material"), std::string::npos) << e;
}
