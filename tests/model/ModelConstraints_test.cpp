// The constraints section of the model format end to end: each constraint type read from JSON,
// written back identically, built into the library constraint and assembled (every position and
// velocity error zero, the geometry it stands for checked directly); joint motion; held
// coordinates; an unreachable assembly names the constraint.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using nlohmann::json;

namespace {

// A free body "a" (at z = 1), a pin "pin" about y and a slider "slide" along x, all on Ground.
json baseModel() {
  return json::parse(R"({
    "format": "articula-model", "version": 1, "name": "constraint test",
    "bodies": [
      {"name": "a", "mass": 1, "inertia": [0.01, 0.01, 0.01], "joint": {"name": "root", "type": "free", "parent": "ground"}},
      {"name": "p", "mass": 1, "mass_center": [0.1, 0, 0], "inertia": [0.01, 0.01, 0.01],
       "joint": {"name": "pin", "type": "pin", "parent": "ground", "axis": [0, 1, 0]}},
      {"name": "s", "mass": 1, "inertia": [0.01, 0.01, 0.01], "joint": {"name": "slide", "type": "slider", "parent": "ground"}}],
    "initial_state": {"q": {"root.z": 1, "root.x": 0.02}, "u": {"root.vx": 0.3, "root.wz": 0.2, "pin.angle": 0.1}},
    "scenario": {"duration": 0.1, "report_interval": 0.01}})");
}

ModelSpec withConstraint(const json& constraint) {
  json m = baseModel();
  m["constraints"] = json::array({constraint});
  return readModel(m, "test.json");
}

Vec3 originOf(const BuiltModel& b, const ModelSpec& m, const char* body) {
  return b.system->getMatter().getBodyTransform(b.initialState, b.mobodOfBody[m.findBody(body)]).p();
}

Real qOf(const BuiltModel& b, const ModelSpec& m, const char* body) {
  const auto& matter = b.system->getMatter();
  return matter.getQ(b.initialState)[matter.getInfo(b.mobodOfBody[m.findBody(body)]).qStart];
}

struct Case {
  const char* json;
  std::function<void(const ModelSpec&, const BuiltModel&)> check;
};

}  // namespace

TEST(ModelConstraints, EveryTypeReadsWritesBuildsAndAssembles) {
  const std::vector<Case> cases{
      {R"({"type": "rod", "body1": "a", "station1": [0.1, 0, 0], "body2": "ground", "station2": [0.1, 0, 1.2], "length": 0.3})",
       [](const ModelSpec& m, const BuiltModel& b) {
         const auto& matter = b.system->getMatter();
         const Vec3 p = matter.findStationLocationInGround(b.initialState, b.mobodOfBody[m.findBody("a")],
                                                           Vec3(0.1, 0, 0));
         EXPECT_NEAR((p - Vec3(0.1, 0, 1.2)).norm(), 0.3, 1e-9);
       }},
      {R"({"type": "ball", "body1": "a", "body2": "ground", "station2": [0.05, 0, 1]})",
       [](const ModelSpec& m, const BuiltModel& b) {
         EXPECT_NEAR((originOf(b, m, "a") - Vec3(0.05, 0, 1)).norm(), 0, 1e-9);
       }},
      {R"({"type": "weld", "body1": "a", "body2": "ground", "frame2": {"position": [0, 0, 1.1], "orientation": {"xyz_deg": [0, 0, 30]}}})",
       [](const ModelSpec& m, const BuiltModel& b) {
         const auto& matter = b.system->getMatter();
         const Transform X = matter.getBodyTransform(b.initialState, b.mobodOfBody[m.findBody("a")]);
         EXPECT_NEAR((X.p() - Vec3(0, 0, 1.1)).norm(), 0, 1e-9);
         EXPECT_NEAR(std::atan2(X.R().x().y(), X.R().x().x()), M_PI / 6, 1e-9);
       }},
      {R"({"type": "constant_orientation", "body1": "ground", "frame1": {"orientation": {"axis": [0, 0, 1], "angle_deg": 20}}, "body2": "a"})",
       [](const ModelSpec& m, const BuiltModel& b) {
         const Rotation R = b.system->getMatter().getBodyTransform(b.initialState, b.mobodOfBody[m.findBody("a")]).R();
         EXPECT_NEAR(std::atan2(R.x().y(), R.x().x()), 20 * M_PI / 180, 1e-9);
       }},
      {R"({"type": "point_in_plane", "plane_body": "ground", "normal": [0, 0, 1], "height": 1.1, "follower_body": "a"})",
       [](const ModelSpec& m, const BuiltModel& b) { EXPECT_NEAR(originOf(b, m, "a").z(), 1.1, 1e-9); }},
      {R"({"type": "point_on_line", "line_body": "ground", "direction": [0, 0, 1], "point": [0.1, 0.2, 0], "follower_body": "a"})",
       [](const ModelSpec& m, const BuiltModel& b) {
         EXPECT_NEAR(originOf(b, m, "a").x(), 0.1, 1e-9);
         EXPECT_NEAR(originOf(b, m, "a").y(), 0.2, 1e-9);
       }},
      {R"({"type": "constant_angle", "body1": "a", "axis1": [1, 0, 0], "body2": "ground", "axis2": [0, 0, 1], "angle_deg": 80})",
       [](const ModelSpec& m, const BuiltModel& b) {
         const Rotation R = b.system->getMatter().getBodyTransform(b.initialState, b.mobodOfBody[m.findBody("a")]).R();
         EXPECT_NEAR(std::acos(R.x().z()), 80 * M_PI / 180, 1e-9);
       }},
      {R"({"type": "constant_speed", "coordinate": "pin.angle", "speed": 1.5})",
       [](const ModelSpec& m, const BuiltModel& b) {
         const auto& matter = b.system->getMatter();
         EXPECT_NEAR(matter.getU(b.initialState)[matter.getInfo(b.mobodOfBody[m.findBody("p")]).uStart], 1.5, 1e-9);
       }},
      {R"({"type": "constant_acceleration", "coordinate": "slide.x", "acceleration": 0.5})",
       [](const ModelSpec& m, const BuiltModel& b) {
         const auto& matter = b.system->getMatter();
         EXPECT_NEAR(matter.getUDot(b.initialState)[matter.getInfo(b.mobodOfBody[m.findBody("s")]).uStart], 0.5, 1e-9);
       }},
      {R"({"type": "coordinate_coupler", "function": {"type": "linear", "coefficients": [1, -2, 0], "args": ["pin.angle", "slide.x"]}})",
       [](const ModelSpec& m, const BuiltModel& b) { EXPECT_NEAR(qOf(b, m, "p"), 2 * qOf(b, m, "s"), 1e-9); }},
      {R"({"type": "speed_coupler", "function": {"type": "linear", "coefficients": [1, -2, 0], "args": ["pin.angle", "slide.x"]}})",
       [](const ModelSpec& m, const BuiltModel& b) {
         const auto& matter = b.system->getMatter();
         const Vector& u = matter.getU(b.initialState);
         EXPECT_NEAR(u[matter.getInfo(b.mobodOfBody[m.findBody("p")]).uStart],
                     2 * u[matter.getInfo(b.mobodOfBody[m.findBody("s")]).uStart], 1e-9);
       }},
      {R"({"type": "prescribed_motion", "coordinate": "slide.x", "function": {"type": "polynomial", "coefficients": [0.25, 1], "args": ["t"]}})",
       [](const ModelSpec& m, const BuiltModel& b) { EXPECT_NEAR(qOf(b, m, "s"), 0.25, 1e-9); }},
      {R"({"type": "no_slip_1d", "case_body": "ground", "point": [0, 0, 0], "direction": [1, 0, 0], "body1": "ground", "body2": "a"})",
       [](const ModelSpec& m, const BuiltModel& b) {
         const auto& matter = b.system->getMatter();
         const int a = b.mobodOfBody[m.findBody("a")];
         const Vec3 p_BS = matter.getBodyTransform(b.initialState, a).inverse() *
                           Vec3::Zero();  // a's point at Ground's origin
         EXPECT_NEAR(matter.findStationVelocityInGround(b.initialState, a, p_BS).x(), 0, 1e-9);
       }},
      {R"({"type": "sphere_on_plane", "plane_body": "ground", "sphere_body": "a", "radius": 0.1, "no_slip": true})",
       [](const ModelSpec& m, const BuiltModel& b) { EXPECT_NEAR(originOf(b, m, "a").z(), 0.1, 1e-9); }},
      {R"({"type": "sphere_on_sphere", "body1": "ground", "radius1": 0.5, "body2": "a", "radius2": 0.2})",
       [](const ModelSpec& m, const BuiltModel& b) { EXPECT_NEAR(originOf(b, m, "a").norm(), 0.7, 1e-9); }},
      {R"({"type": "disk_on_plane", "plane_body": "ground", "disk_body": "a", "axle": [0, 1, 0], "radius": 0.3, "no_slip": true})",
       [](const ModelSpec& m, const BuiltModel& b) { EXPECT_NEAR(originOf(b, m, "a").z(), 0.3, 1e-9); }},
      {R"({"type": "line_on_line", "body1": "ground", "point1": [0, 0, 1.05], "direction1": [1, 0, 0], "body2": "a", "direction2": [0, 1, 0]})",
       [](const ModelSpec& m, const BuiltModel& b) { EXPECT_NEAR(originOf(b, m, "a").z(), 1.05, 1e-9); }},
  };
  std::set<ConstraintType> types;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.json);
    const ModelSpec m = withConstraint(json::parse(c.json));
    ASSERT_EQ(m.constraints.size(), 1u);
    types.insert(m.constraints[0].type);
    // Round trip: written, read and written again gives the same document.
    const json once = writeArticulaModel(m);
    EXPECT_EQ(writeArticulaModel(readModel(once, "again.json")), once);
    const BuiltModel b = buildModel(m, "test.json");
    EXPECT_GT(b.constraintEquations, 0);
    const State& s = b.initialState;
    for (int i = 0; i < s.getQErr().size(); ++i) EXPECT_NEAR(s.getQErr()[i], 0, 1e-9);
    for (int i = 0; i < s.getUErr().size(); ++i) EXPECT_NEAR(s.getUErr()[i], 0, 1e-9);
    c.check(m, b);
  }
  EXPECT_EQ(types.size(), 17u);  // every type of the format
}

TEST(ModelConstraints, DefaultsAreApplied) {
  const ModelSpec m = withConstraint(json::parse(
      R"({"type": "constant_angle", "body1": "a", "axis1": [0, 0.6, 0.8], "body2": "ground", "axis2": [0, 0, 1]})"));
  const ConstraintSpec& c = m.constraints.at(0);
  EXPECT_EQ(c.name, "constant_angle0");
  EXPECT_NEAR(c.numbers.at("angle")[0], M_PI / 2, 1e-15);  // default: perpendicular
  EXPECT_EQ(c.bodies.at("body2"), "ground");
  const ModelSpec d = withConstraint(json::parse(R"({"type": "rod", "body1": "a", "body2": "ground", "length": 0.3})"));
  EXPECT_EQ(d.constraints.at(0).numbers.at("station1"),
            (std::vector<Real>{0, 0, 0}));  // stations default to the origin
}

TEST(ModelConstraints, JointMotionDrivesTheCoordinate) {
  json j = baseModel();
  j["bodies"][1]["joint"]["motion"] = json::parse(
      R"({"level": "position", "functions": [{"type": "sinusoid", "coefficients": [0.5, 3, 0, 0.1], "args": ["t"]}]})");
  const ModelSpec m = readModel(j, "motion.json");
  ASSERT_EQ(m.bodies[1].joint.motion.size(), 1u);
  EXPECT_EQ(writeArticulaModel(readModel(writeArticulaModel(m), "again.json")), writeArticulaModel(m));
  const BuiltModel b = buildModel(m, "motion.json");
  ScenarioSpec sc = m.scenario;
  const RunResult r = runSimulation(m, b, sc);
  for (const Frame& f : r.frames) {
    const Vec3 x = f.bodies[1].orientation.toRotation().x();  // pin about y: x = (cos q, 0, -sin q)
    EXPECT_NEAR(std::atan2(-x.z(), x.x()), 0.5 * std::sin(3 * f.time) + 0.1, 1e-9) << f.time;
  }
}

TEST(ModelConstraints, HeldCoordinatesStayAndOthersMove) {
  json j = baseModel();
  j["constraints"] = json::parse(
      R"([{"type": "coordinate_coupler", "function": {"type": "linear", "coefficients": [1, -2, 0], "args": ["pin.angle", "slide.x"]}}])");
  j["initial_state"]["q"]["pin.angle"] = 0.4;
  j["initial_state"]["hold"] = {"pin.angle"};
  const ModelSpec m = readModel(j, "hold.json");
  const BuiltModel b = buildModel(m, "hold.json");
  EXPECT_NEAR(qOf(b, m, "p"), 0.4, 1e-12);
  EXPECT_NEAR(qOf(b, m, "s"), 0.2, 1e-9);
  EXPECT_NEAR(b.assemblyChange, 0.2, 1e-9);
}

TEST(ModelConstraints, UnreachableAssemblyNamesTheConstraint) {
  // The slider's point can never be 2 m above its guide.
  const ModelSpec m = withConstraint(json::parse(
      R"({"type": "point_in_plane", "name": "too high", "plane_body": "ground", "normal": [0, 0, 1], "height": 2, "follower_body": "s"})"));
  try {
    buildModel(m, "bad.json");
    FAIL() << "assembled";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.path(), "/constraints/0");
    EXPECT_NE(std::string(e.what()).find("cannot assemble the initial state"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'too high'"), std::string::npos) << e.what();
  }
}
