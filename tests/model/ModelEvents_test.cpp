// Events against a built model: up is opposite gravity, a station's height follows the body's
// pose, and buildModel refuses events that could never work from the initial state.
#include "articula/model/ModelEvents.h"

#include <gtest/gtest.h>

#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"

using namespace articula;
using namespace articula::model;

namespace {

const char* kModel = R"({
  "format": "articula-model", "version": 1, "gravity": [0, -9.81, 0],
  "bodies": [{"name": "ball", "mass": 1, "mass_center": [0.1, 0, 0], "inertia": [0.01, 0.01, 0.01],
              "joint": {"name": "fly", "type": "free", "parent": "ground"}}],
  "forces": [{"type": "constant_force", "name": "push", "body": "ball", "force": [1, 0, 0]}],
  "initial_state": {"q": {"fly.x": 0.5, "fly.y": 2, "fly.z": 3}, "q_deg": {"fly.rz": 90}}
})";

nlohmann::json document(const nlohmann::json& events) {
  nlohmann::json doc = nlohmann::json::parse(kModel);
  doc["scenario"]["events"] = events;
  return doc;
}

}  // namespace

TEST(ModelEvents, UpIsOppositeGravity) {
  ModelSpec m;
  m.gravity = Vec3(0, -9.81, 0);
  EXPECT_TRUE(upDirection(m).isApprox(Vec3(0, 1, 0)));
  m.gravity = Vec3(3, 0, -4);
  EXPECT_TRUE(upDirection(m).isApprox(Vec3(-0.6, 0, 0.8)));
  m.gravity = Vec3::Zero();
  EXPECT_THROW(upDirection(m), Error);
}

// Gravity along -y: the height is y. The body is turned 90 degrees about z, so its mass centre
// (0.1 along the body's x) is 0.1 above the origin, and a station [0, -0.3, 0] is 0.3 to the +x.
TEST(ModelEvents, StationHeightFollowsThePose) {
  const ModelSpec m = readModel(document(nlohmann::json::array()), "m.json");
  const BuiltModel b = buildModel(m);
  EventSpec e;
  e.trigger = EventTriggerKind::HeightBelow;
  e.body = "ball";
  const EventStation centre = eventStation(m, b, e);
  EXPECT_EQ(centre.mobod, b.mobodOfBody[0]);
  EXPECT_NEAR(stationHeight(b, centre, upDirection(m), b.initialState), 2.1, 1e-12);
  e.station = Vec3(0, -0.3, 0);
  EXPECT_NEAR(stationHeight(b, eventStation(m, b, e), upDirection(m), b.initialState), 2.0, 1e-12);
  e.body = "nobody";
  EXPECT_THROW(eventStation(m, b, e), Error);
}

TEST(ModelEvents, DescribesAnEvent) {
  EventSpec e;
  e.name = "x";
  e.time = 0.3;
  e.action = EventActionKind::DisableForce;
  e.force = "tone";
  EXPECT_EQ(describeEvent(e), "at t = 0.3 s: disable_force \"tone\"");
  e.trigger = EventTriggerKind::HeightBelow;
  e.body = "head";
  e.height = 0.12;
  e.action = EventActionKind::EndRun;
  EXPECT_EQ(describeEvent(e), "body \"head\"'s mass centre below 0.12 m: end_run");
  e.station = Vec3(0, 0, -0.1);
  EXPECT_EQ(describeEvent(e), "body \"head\"'s station [0, 0, -0.1] below 0.12 m: end_run");
}

// A station that starts at or below its height would never fall below it: the event could not
// fire, so the model is refused where the height is given.
TEST(ModelEvents, RefusesAStationThatStartsBelowItsHeight) {
  const ModelSpec above = readModel(
      document({{{"name", "down"}, {"when", {{"body", "ball"}, {"height_below", 2.09}}}, {"action", "end_run"}}}),
      "m.json");
  EXPECT_NO_THROW(buildModel(above, "m.json"));
  const ModelSpec below = readModel(
      document({{{"name", "down"}, {"when", {{"body", "ball"}, {"height_below", 2.1}}}, {"action", "end_run"}}}),
      "m.json");
  try {
    buildModel(below, "m.json");
    FAIL() << "accepted";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.file(), "m.json");
    EXPECT_EQ(e.path(), "/scenario/events/0/when/height_below");
    EXPECT_EQ(e.value(), "2.1");
    EXPECT_NE(e.problem().find("mass centre starts at height 2.1 m, not above it"), std::string::npos) << e.what();
  }
}

// Specs made in code are checked too (the reader is not the only way in).
TEST(ModelEvents, RefusesAForceTheBuiltModelLacks) {
  ModelSpec m = readModel(document(nlohmann::json::array()), "m.json");
  EventSpec e;
  e.name = "off";
  e.action = EventActionKind::DisableForce;
  e.force = "tone";
  m.scenario.events.push_back(e);
  try {
    buildModel(m, "m.json");
    FAIL() << "accepted";
  } catch (const ModelError& x) {
    EXPECT_EQ(x.path(), "/scenario/events/0/action");
    EXPECT_EQ(x.value(), "\"tone\"");
  }
  m.scenario.events[0] = EventSpec{};
  m.scenario.events[0].name = "down";
  m.scenario.events[0].trigger = EventTriggerKind::HeightBelow;
  m.scenario.events[0].body = "nobody";
  try {
    buildModel(m, "m.json");
    FAIL() << "accepted";
  } catch (const ModelError& x) {
    EXPECT_EQ(x.path(), "/scenario/events/0");
    EXPECT_NE(x.problem().find("no body \"nobody\""), std::string::npos) << x.what();
  }
}
