// measureModel and scaleModel: heights from hand-computed shape extents, the adult male scaled to
// two statures, a pendulum's frequency going as 1/sqrt(s), poses of a scaled OpenSim leg (custom
// knee, markers, muscles) being s times the original's, and rejected targets.
#include "articula/model/ModelScaling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>

#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/model/JointTypes.h"
#include "articula/model/Markers.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "articula/model/MusclePaths.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {

const Real kPi = 3.14159265358979323846;

ModelSpec fromJson(const std::string& bodies, const std::string& extra = "") {
  return readModelText(R"({"format": "articula-model", "version": 1, "name": "t", "gravity": [0, 0, -9.81],
    "bodies": [)" + bodies +
                           "]" + extra + "}",
                       "t.json");
}

const char* kInertia = R"("inertia": {"moments": [0.01, 0.02, 0.03], "products": [0, 0, 0]})";

std::string body(const std::string& name, const std::string& joint, const std::string& geometry, Real mass = 1) {
  return R"({"name": ")" + name + R"(", "mass": )" + std::to_string(mass) + ", " + kInertia + R"(, "joint": )" + joint +
         R"(, "geometry": [)" + geometry + "]}";
}

Real total(const ModelSpec& m) {
  Real sum = 0;
  for (const BodySpec& b : m.bodies) sum += b.mass;
  return sum;
}

}  // namespace

// Five shapes on a small tree, each's extent along z worked out by hand: the sphere and the box
// (turned 90 degrees about x, so its y half-length stands up) sit between; the cylinder, tilted 60
// degrees about y, is lowest; the ellipsoid, turned 30 degrees about x on top of a capsule, is highest.
TEST(ModelScaling, MeasuresShapesAlongUpAtTheZeroPose) {
  const ModelSpec m = fromJson(
      body("a", R"({"type": "pin", "parent": "ground", "parent_frame": {"position": [0, 0, 1]},
                    "child_frame": {"position": [0, 0, 0.5]}})",
           R"({"type": "sphere", "radius": 0.1})", 2) +
      "," +
      body("b", R"({"type": "weld", "parent": "a", "parent_frame": {"position": [0, 0, 1]}})",
           R"({"type": "box", "half_lengths": [0.1, 0.2, 0.3], "orientation": {"axis": [1, 0, 0], "angle_deg": 90}})",
           3) +
      "," +
      body("c", R"({"type": "weld", "parent": "a"})",
           R"({"type": "cylinder", "radius": 0.05, "half_length": 0.4, "position": [0, 0, -1],
               "orientation": {"axis": [0, 1, 0], "angle_deg": 60}})",
           0.5) +
      "," +
      body("d", R"({"type": "weld", "parent": "b", "parent_frame": {"position": [0, 0, 0.5]}})",
           R"({"type": "capsule", "radius": 0.1, "half_length": 0.3})", 0.25) +
      "," +
      body(
          "e", R"({"type": "ball", "parent": "d", "parent_frame": {"position": [0, 0, 0.7]}})",
          R"({"type": "ellipsoid", "semi_axes": [0.1, 0.2, 0.3], "orientation": {"axis": [1, 0, 0], "angle_deg": 30}})",
          0.125));
  const Real c30 = std::cos(kPi / 6), s30 = 0.5;
  const Real top = 1 + 0.5 + 0.5 + 0.7 + std::hypot(0.2 * s30, 0.3 * c30);  // e's centre + its extent
  const Real bottom = (1 - 0.5 - 1) - (0.4 * 0.5 + 0.05 * std::sin(kPi / 3));
  const ModelSize size = measureModel(m);
  EXPECT_NEAR(size.height, top - bottom, 1e-14);
  EXPECT_EQ(size.mass, 2 + 3 + 0.5 + 0.25 + 0.125);
  // Up is minus gravity: along x every centre is at 0; the sphere, box, capsule and ellipsoid
  // reach 0.1 either side, the tilted cylinder 0.4 sin60 + 0.05 cos60.
  ModelSpec sideways = m;
  sideways.gravity = Vec3(9.81, 0, 0);
  EXPECT_NEAR(measureModel(sideways).height, 2 * (0.4 * std::sin(kPi / 3) + 0.05 * 0.5), 1e-14);
}

TEST(ModelScaling, AdultMaleReachesTheTargets) {
  const ModelSpec original = loadModelFile(sourcePath("models/adult_male.json"));
  const ModelSize before = measureModel(original);
  EXPECT_NEAR(before.mass, 73.0, 1e-9);  // de Leva's 73 kg man
  EXPECT_GT(before.height, 1.6);
  EXPECT_LT(before.height, 1.9);
  for (const auto& [height, mass] : {std::pair<Real, Real>{1.60, 55}, {1.95, 110}}) {
    SCOPED_TRACE(height);
    ModelSpec m = original;
    scaleModel(m, height, mass);
    const ModelSize after = measureModel(m);
    EXPECT_NEAR(after.height / height, 1, 1e-12);
    EXPECT_NEAR(after.mass / mass, 1, 1e-12);
    EXPECT_NEAR(total(m) / mass, 1, 1e-12);
    const Real s = height / before.height, k = mass / before.mass;
    for (size_t i = 0; i < m.bodies.size(); ++i) {
      const BodySpec &a = original.bodies[i], &b = m.bodies[i];
      EXPECT_NEAR(b.mass, k * a.mass, 1e-14 * b.mass);
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) EXPECT_NEAR(b.inertia(r, c), k * s * s * a.inertia(r, c), 1e-15 * b.inertia.norm());
      EXPECT_NEAR((b.massCenter - s * a.massCenter).norm(), 0, 1e-15);
      EXPECT_NEAR((b.joint.parentFrame.position - s * a.joint.parentFrame.position).norm(), 0, 1e-15);
      EXPECT_NEAR(b.geometry[0].size[2], s * a.geometry[0].size[2], 1e-15);
    }
    // The root stands on the floor at the new stature: its initial height scales too.
    EXPECT_NEAR(m.initialState.q.at("root.z"), s * original.initialState.q.at("root.z"), 1e-15);
    // Range-of-motion limits are angles and stay.
    for (size_t i = 0; i < m.forces.size(); ++i) EXPECT_EQ(m.forces[i].numbers, original.forces[i].numbers);
  }
}

TEST(ModelScaling, ScalingToTheModelsOwnSizeChangesNothing) {
  const ModelSpec original = loadModelFile(sourcePath("models/adult_male.json"));
  const ModelSize size = measureModel(original);
  ModelSpec m = original;
  scaleModel(m, size.height, size.mass);
  EXPECT_EQ(writeArticulaModel(m), writeArticulaModel(original));
}

// A bob of mass 2 kg, 0.8 m below a pin about y: omega^2 = m g L / (I_yy + m L^2). Scaled by s in
// length and k in mass, I becomes k s^2 I and m L becomes k s m L, so omega goes as 1/sqrt(s).
// omega^2 is read off the built model: at angle q and rest the pin's acceleration is exactly
// -omega^2 sin q.
TEST(ModelScaling, PendulumFrequencyGoesAsOneOverRootOfLengthScale) {
  const ModelSpec original = fromJson(
      R"({"name": "bob", "mass": 2, "mass_center": [0, 0, -0.8],
          "inertia": {"moments": [0.004, 0.004, 0.004], "products": [0, 0, 0]},
          "joint": {"name": "pivot", "type": "pin", "parent": "ground", "axis": [0, 1, 0],
                    "parent_frame": {"position": [0, 0, 2]}},
          "geometry": [{"type": "sphere", "radius": 0.1, "position": [0, 0, -0.8]},
                       {"type": "sphere", "radius": 0.02}]})");
  EXPECT_NEAR(measureModel(original).height, 0.8 + 0.1 + 0.02, 1e-15);
  auto omega = [](const ModelSpec& m) {
    const BuiltModel b = buildModel(m);
    State s = b.initialState;
    const auto& matter = b.system->getMatter();
    matter.updQ(s)[0] = 0.3;
    b.system->realize(s, Stage::Acceleration);
    return std::sqrt(-matter.getUDot(s)[0] / std::sin(0.3));
  };
  const Real w0 = omega(original);
  EXPECT_NEAR(w0, std::sqrt(2 * 9.81 * 0.8 / (0.004 + 2 * 0.8 * 0.8)), 1e-12);
  for (const auto& [height, mass] : {std::pair<Real, Real>{0.46, 1}, {2.3, 7}}) {
    ModelSpec m = original;
    scaleModel(m, height, mass);
    const Real s = height / 0.92;
    EXPECT_NEAR(omega(m) / w0, 1 / std::sqrt(s), 1e-12) << height;
  }
}

// A scaled model is the original seen through a magnifying glass: at any pose (angles the same,
// translations times s) every body sits s times as far from the ground origin, turned the same;
// markers and muscle path lengths scale by s. The OpenSim leg has a custom knee whose translations
// are splines of the knee angle, a free-ish pelvis with translations, markers and muscles.
TEST(ModelScaling, PosesOfTheScaledLegAreTheOriginalsTimesS) {
  ModelSpec original = loadModelFile(sourcePath("tests/data/external/opensim/models/leg6dof9musc.osim"));
  GeometrySpec ball;  // the leg's meshes are not shipped: a shape gives it a height to scale
  ball.size = Vec3(0.05, 0, 0);
  original.bodies[0].geometry.push_back(ball);
  original.bodies.back().geometry.push_back(ball);
  ASSERT_FALSE(original.muscles.empty());
  ASSERT_FALSE(original.markers.empty());
  const ModelSize size = measureModel(original);
  ASSERT_GT(size.height, 0);
  const Real s = 1.37;
  ModelSpec scaled = original;
  scaleModel(scaled, s * size.height, 2 * size.mass);
  EXPECT_NEAR(measureModel(scaled).height / (s * size.height), 1, 1e-12);

  const BuiltModel a = buildModel(original), b = buildModel(scaled);
  State sa = a.initialState, sb = b.initialState;
  const auto& ma = a.system->getMatter();
  const auto& mb = b.system->getMatter();
  ASSERT_EQ(ma.getQ(sa).size(), mb.getQ(sb).size());
  // Every coordinate away from the initial state (the knee within its spline's range); the
  // translational ones (a body's x, y, z of a non-quaternion joint) are the non-angular names.
  for (size_t i = 0; i < original.bodies.size(); ++i) {
    const int mobod = a.mobodOfBody[i];
    const JointCoordinates jc = jointCoordinates(original.bodies[i].joint);
    if (jc.quaternion) continue;
    for (size_t c = 0; c < jc.q.size(); ++c) {
      const int qi = ma.getInfo(mobod).qStart + static_cast<int>(c);
      const Real q = ma.getQ(sa)[qi] + 0.05 * static_cast<Real>(c + 1) - 0.1 * static_cast<Real>(i % 2);
      ma.updQ(sa)[qi] = q;
      mb.updQ(sb)[qi] = jc.q[c].angular ? q : s * q;
    }
  }
  a.system->realize(sa, Stage::Position);
  b.system->realize(sb, Stage::Position);
  for (size_t i = 0; i < original.bodies.size(); ++i) {
    const Transform Xa = ma.getBodyTransform(sa, a.mobodOfBody[i]), Xb = mb.getBodyTransform(sb, b.mobodOfBody[i]);
    EXPECT_NEAR((Xb.p() - s * Xa.p()).norm(), 0, 1e-12) << original.bodies[i].name;
    EXPECT_NEAR((Xb.R().matrix() - Xa.R().matrix()).norm(), 0, 1e-12) << original.bodies[i].name;
  }
  const std::vector<Vec3> pa = markerPositions(original, a, sa), pb = markerPositions(scaled, b, sb);
  for (size_t i = 0; i < pa.size(); ++i) EXPECT_NEAR((pb[i] - s * pa[i]).norm(), 0, 1e-12) << original.markers[i].name;
  const MusclePaths la(original, a), lb(scaled, b);
  for (int i = 0; i < la.muscleCount(); ++i) EXPECT_NEAR(lb.length(sb, i), s * la.length(sa, i), 1e-12) << i;
}

// Forces, constraints, events, the ground and the initial state: lengths scale, stiffnesses stay.
TEST(ModelScaling, ScalesLengthsOfForcesConstraintsAndTheScenario) {
  ModelSpec m = fromJson(
      body("a", R"({"type": "slider", "parent": "ground"})", R"({"type": "sphere", "radius": 0.5})") + "," +
          body("b", R"({"type": "pin", "parent": "a", "parent_frame": {"position": [0, 0, -1]}})",
               R"({"type": "box", "half_lengths": [0.5, 0.5, 0.5]})"),
      R"(, "forces": [
          {"type": "two_point_linear_spring", "body1": "ground", "station1": [1, 2, 3], "body2": "b",
           "station2": [0, 0, 1], "stiffness": 100, "natural_length": 0.5},
          {"type": "mobility_linear_stop", "body": "a", "coordinate": "x", "lower": -0.2, "upper": 0.3,
           "stiffness": 1000},
          {"type": "mobility_linear_stop", "body": "b", "coordinate": "angle", "lower": -0.2, "upper": 0.3,
           "stiffness": 1000},
          {"type": "linear_bushing", "body1": "ground", "frame1": {"position": [0, 1, 0]}, "body2": "a",
           "stiffness": [1, 1, 1, 1, 1, 1]}],
        "constraints": [{"type": "rod", "body1": "ground", "station1": [0, 0, 1], "body2": "b", "length": 2}],
        "contact": {"ground": {"height": -0.25}},
        "markers": [{"name": "m", "body": "b", "location": [0.1, 0.2, 0.3]}],
        "initial_state": {"q": {"a.x": 0.4, "b.angle": 0.5}, "u": {"a.x": 1, "b.angle": 2}},
        "scenario": {"events": [{"name": "low", "when": {"body": "b", "height_below": -0.5, "station": [0, 0, 1]},
                                 "action": "end_run"}]})");
  const ModelSize size = measureModel(m);
  EXPECT_NEAR(size.height, 2.0, 1e-15);  // the box's bottom at z = -1.5, the sphere's top at 0.5
  scaleModel(m, 3.0, 4.0);
  const Real s = 1.5;
  const ForceSpec &spring = m.forces[0], &slide = m.forces[1], &turn = m.forces[2], &bushing = m.forces[3];
  EXPECT_EQ(spring.numbers.at("station1"), (std::vector<Real>{1.5, 3, 4.5}));
  EXPECT_EQ(spring.numbers.at("natural_length")[0], 0.75);
  EXPECT_EQ(spring.numbers.at("stiffness")[0], 100);  // N/m: kept (ModelScaling.h)
  EXPECT_EQ(slide.numbers.at("lower")[0], -0.2 * s);
  EXPECT_EQ(slide.numbers.at("upper")[0], 0.3 * s);
  EXPECT_EQ(turn.numbers.at("lower")[0], -0.2);  // an angle
  EXPECT_EQ(bushing.numbers.at("frame1.position"), (std::vector<Real>{0, 1.5, 0}));
  EXPECT_EQ(m.constraints[0].numbers.at("length")[0], 3);
  EXPECT_EQ(m.constraints[0].numbers.at("station1"), (std::vector<Real>{0, 0, 1.5}));
  EXPECT_EQ(m.contact.groundHeight, -0.375);
  EXPECT_NEAR((m.markers[0].location - Vec3(0.15, 0.3, 0.45)).norm(), 0, 1e-15);
  EXPECT_DOUBLE_EQ(m.initialState.q.at("a.x"), 0.6);
  EXPECT_EQ(m.initialState.q.at("b.angle"), 0.5);
  EXPECT_EQ(m.initialState.u.at("a.x"), 1.5);
  EXPECT_EQ(m.initialState.u.at("b.angle"), 2);
  EXPECT_EQ(m.scenario.events[0].height, -0.75);
  EXPECT_EQ(*m.scenario.events[0].station, Vec3(0, 0, 1.5));
  EXPECT_EQ(total(m), 4.0);
}

TEST(ModelScaling, RejectsBadTargetsNamingTheValue) {
  const ModelSpec original = loadModelFile(sourcePath("models/adult_male.json"));
  const Real nan = std::numeric_limits<Real>::quiet_NaN(), inf = std::numeric_limits<Real>::infinity();
  auto message = [&](Real height, Real mass) -> std::string {
    ModelSpec m = original;
    try {
      scaleModel(m, height, mass);
    } catch (const ModelError& e) {
      EXPECT_EQ(writeArticulaModel(m), writeArticulaModel(original));  // untouched
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(message(-1.5, 70).find("height = -1.5"), std::string::npos) << message(-1.5, 70);
  EXPECT_NE(message(0, 70).find("height = 0"), std::string::npos);
  EXPECT_NE(message(nan, 70).find("height = nan"), std::string::npos);
  EXPECT_NE(message(1.7, -3).find("mass = -3"), std::string::npos);
  EXPECT_NE(message(1.7, inf).find("mass = inf"), std::string::npos);
  EXPECT_NE(message(1.7, 0).find("mass = 0"), std::string::npos);

  ModelSpec bare = original;
  for (BodySpec& b : bare.bodies) b.geometry.clear();
  EXPECT_EQ(measureModel(bare).height, 0);
  try {
    scaleModel(bare, 1.7, 70);
    ADD_FAILURE() << "no error for a model without geometry";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("no measurable height"), std::string::npos) << e.what();
  }
  ModelSpec massless = original;
  for (BodySpec& b : massless.bodies) b.mass = 0;
  EXPECT_THROW(scaleModel(massless, 1.7, 70), ModelError);
}

// The editor's scaling (viewer/src/editor/scaling.js) is checked against this one by
// viewer/test/scaling.test.mjs, which reads what this test writes: the adult male's measured size and
// the model scaled to two targets, in the Articula format. ctest runs it with
// ARTICULA_SCALING_CROSSCHECK set to the file to write (the fixture of the node test); otherwise
// it writes to a temporary file and reads it back.
TEST(ModelScaling, WritesTheEditorCrossCheck) {
  const char* env = std::getenv("ARTICULA_SCALING_CROSSCHECK");
  const std::filesystem::path file = env ? std::filesystem::path(env)
                                         : std::filesystem::temp_directory_path() / "articula-scaling-crosscheck.json";
  const ModelSpec original = loadModelFile(sourcePath("models/adult_male.json"));
  const ModelSize size = measureModel(original);
  nlohmann::json doc{{"height", size.height}, {"mass", size.mass}, {"scaled", nlohmann::json::array()}};
  for (const auto& [height, mass] : {std::pair<Real, Real>{1.60, 55}, {1.95, 110}}) {
    ModelSpec m = original;
    scaleModel(m, height, mass);
    doc["scaled"].push_back({{"height", height}, {"mass", mass}, {"model", writeArticulaModel(m)}});
  }
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << doc.dump(1);
  std::ifstream in(file);
  const nlohmann::json back = nlohmann::json::parse(in);
  EXPECT_EQ(back["scaled"].size(), 2u);
  EXPECT_EQ(back["height"].get<Real>(), size.height);  // 17 significant digits survive the text
  if (!env) std::filesystem::remove(file);
}
