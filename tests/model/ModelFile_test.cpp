// Round trip of the Articula format: load -> save -> load gives the same model and the same
// dynamics (udot at a random state).
#include "articula/model/ModelFile.h"

#include <gtest/gtest.h>

#include <random>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {

// A random state: q and u uniform in [-0.5, 0.5], quaternions normalized.
State randomState(const BuiltModel& b, unsigned seed) {
  State s = b.initialState;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<Real> d(-0.5, 0.5);
  const MatterSubsystem& matter = b.system->getMatter();
  for (int i = 0; i < s.getNQ(); ++i) matter.updQ(s)[i] = d(rng);
  for (int i = 0; i < s.getNU(); ++i) matter.updU(s)[i] = d(rng);
  matter.normalizeQ(s);
  s.setTime(0.15);  // inside the torque pulses
  b.system->realize(s, Stage::Acceleration);
  return s;
}

void expectSameDynamics(const ModelSpec& a, const ModelSpec& b) {
  const BuiltModel ba = buildModel(a), bb = buildModel(b);
  ASSERT_EQ(ba.initialState.getNQ(), bb.initialState.getNQ());
  ASSERT_EQ(ba.initialState.getNU(), bb.initialState.getNU());
  for (unsigned seed : {1u, 2u, 3u}) {
    const State sa = randomState(ba, seed);
    State sb = bb.initialState;
    sb.setTime(sa.getTime());
    sb.updQ() = sa.getQ();
    sb.updU() = sa.getU();
    bb.system->realize(sb, Stage::Acceleration);
    const Vector ua = sa.getUDot(), ub = sb.getUDot();
    EXPECT_LE((ua - ub).norm(), 1e-9 * (1 + ua.norm())) << "seed " << seed;
    EXPECT_GT(ua.norm(), 0);
  }
  // The initial states agree too.
  EXPECT_LE((ba.initialState.getQ() - bb.initialState.getQ()).norm(), 1e-12);
  EXPECT_LE((ba.initialState.getU() - bb.initialState.getU()).norm(), 1e-12);
}

}  // namespace

TEST(ModelFile, RoundTripKeepsEveryJointForceAndGeometry) {
  const ModelSpec a = loadModelFile(sourcePath("tests/data/models/all_joints.json"));
  TempDir dir;
  saveModelFile(a, dir / "saved.json");
  const ModelSpec b = loadModelFile(dir / "saved.json");
  // Saving again gives identical text: nothing was lost or altered by the second load.
  EXPECT_EQ(writeArticulaModel(a).dump(), writeArticulaModel(b).dump());
  EXPECT_EQ(b.bodies.size(), 20u);
  EXPECT_EQ(b.forces.size(), 16u);
  EXPECT_EQ(b.contactMaterials.size(), 2u);
  EXPECT_EQ(b.bodies[0].geometry.size(), 2u);
  expectSameDynamics(a, b);
}

// scenario.head_body names a body of the model; it is written back, and a name that is no body
// is refused at its path.
TEST(ModelFile, ScenarioHeadBodyNamesABody) {
  nlohmann::json doc = {{"format", "articula-model"},
                        {"version", 1},
                        {"bodies",
                         {{{"name", "skull"},
                           {"mass", 1},
                           {"inertia", {0.01, 0.01, 0.01}},
                           {"joint", {{"name", "j"}, {"type", "free"}, {"parent", "ground"}}}}}},
                        {"scenario", {{"head_body", "skull"}}}};
  const ModelSpec m = readModel(doc, "m.json");
  EXPECT_EQ(m.scenario.headBody, "skull");
  EXPECT_EQ(writeArticulaModel(m)["scenario"]["head_body"], "skull");
  EXPECT_FALSE(writeArticulaModel(ModelSpec())["scenario"].contains("head_body"));
  doc["scenario"]["head_body"] = "head";
  try {
    readModel(doc, "m.json");
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("/scenario/head_body"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no body of that name"), std::string::npos) << e.what();
  }
}

TEST(ModelFile, RoundTripOfAnOpenMbdImport) {
  const ModelSpec a = loadModelFile(openMbdPath("openmbd_male.json"));
  TempDir dir;
  saveModelFile(a, dir / "male.json");
  const ModelSpec b = loadModelFile(dir / "male.json");
  EXPECT_EQ(b.sourceFormat, SourceFormat::Articula);
  EXPECT_EQ(b.bodies.size(), a.bodies.size());
  expectSameDynamics(a, b);
}

TEST(ModelFile, DegreesAndAxisAreApplied) {
  // Double pendulum: pins about Ground's y, rods hanging along -z; shoulder at 90 degrees.
  // A right-handed 90 degree turn about +y takes -z to -x, so the upper rod's mass centre
  // (0, 0, -0.25) moves to (-0.25, 0, 0) and the elbow to (-0.5, 0, 0).
  const ModelSpec m = loadModelFile(sourcePath("models/double_pendulum.json"));
  const BuiltModel b = buildModel(m);
  const auto& matter = b.system->getMatter();
  const Vec3 com = matter.findStationLocationInGround(b.initialState, b.mobodOfBody[0], Vec3(0, 0, -0.25));
  EXPECT_LT((com - Vec3(-0.25, 0, 0)).norm(), 1e-12);
  const Vec3 elbow = matter.getBodyTransform(b.initialState, b.mobodOfBody[1]).p();
  EXPECT_LT((elbow - Vec3(-0.5, 0, 0)).norm(), 1e-12);
}

TEST(ModelFile, QuaternionJointStartsAtTheGivenXyzAngles) {
  const ModelSpec m = loadModelFile(sourcePath("tests/data/models/all_joints.json"));
  const BuiltModel b = buildModel(m);
  const int ball = b.mobodOfBody[m.findBody("b_ball")];
  const Rotation R = b.system->getMatter().getMobilizerTransform(b.initialState, ball).R();
  const Real d = M_PI / 180;
  const Rotation expected = Rotation::aboutX(10 * d) * Rotation::aboutY(-15 * d) * Rotation::aboutZ(5 * d);
  EXPECT_TRUE(R.isSameRotation(expected, 1e-12));
}

TEST(ModelFile, DetectsTheFormat) {
  EXPECT_THROW(readModel(nlohmann::json::array(), "x.json"), ModelError);
  EXPECT_THROW(readModel(nlohmann::json{{"name", "x"}}, "x.json"), ModelError);
  try {
    readModel(nlohmann::json{{"format", "articula-model"}, {"version", 2}, {"bodies", nlohmann::json::array()}},
              "v.json");
    FAIL();
  } catch (const ModelError& e) {
    EXPECT_EQ(e.path(), "/version");
    EXPECT_NE(std::string(e.what()).find("v.json: /version = 2: unsupported version"), std::string::npos) << e.what();
  }
}

TEST(ModelFile, SourceFormatsByName) {
  EXPECT_EQ(kindList<SourceFormat>(), "articula, openmbd, urdf, mjcf, opensim");
  EXPECT_EQ(nameOf(SourceFormat::OpenMbd), "openmbd");
  EXPECT_EQ(nameOf(SourceFormat::Urdf), "urdf");
  EXPECT_EQ(nameOf(SourceFormat::Mjcf), "mjcf");
  EXPECT_EQ(nameOf(SourceFormat::Osim), "opensim");
  EXPECT_EQ(kindNamed<SourceFormat>("articula"), SourceFormat::Articula);
  EXPECT_FALSE(kindNamed<SourceFormat>("sdf"));
}
