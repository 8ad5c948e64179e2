// The scenario's "events": each trigger and action read into the typed spec and written back
// unchanged, and every malformed event refused at its JSON path with the value and the problem.
#include "model/EventFields.h"

#include <gtest/gtest.h>

#include <limits>

#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"

using namespace articula;
using namespace articula::model;

namespace {

const char* kModel = R"({
  "format": "articula-model", "version": 1,
  "bodies": [{"name": "ball", "mass": 1, "inertia": [0.01, 0.01, 0.01],
              "joint": {"name": "fly", "type": "free", "parent": "ground"}}],
  "forces": [{"type": "constant_force", "name": "push", "body": "ball", "force": [1, 0, 0]},
             {"type": "global_damper", "name": "air", "damping": 0.1}],
  "initial_state": {"q": {"fly.z": 2}},
  "scenario": {"duration": 1}
})";

nlohmann::json withEvents(const nlohmann::json& events) {
  nlohmann::json doc = nlohmann::json::parse(kModel);
  doc["scenario"]["events"] = events;
  return doc;
}

ModelSpec read(const nlohmann::json& events) { return readModel(withEvents(events), "m.json"); }

// The ModelError's message for `events`, "" when they are accepted.
std::string problem(const nlohmann::json& events) {
  try {
    read(events);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(EventFields, KindsAreNamedAsInTheFile) {
  EXPECT_EQ(kindList<EventTriggerKind>(), "time, height_below");
  EXPECT_EQ(kindList<EventActionKind>(), "end_run, disable_force, enable_force");
  EXPECT_EQ(kindNamed<EventActionKind>("disable_force"), EventActionKind::DisableForce);
  EXPECT_EQ(nameOf(EventTriggerKind::HeightBelow), "height_below");
}

TEST(EventFields, ReadsEachTriggerAndAction) {
  const ModelSpec m = read(nlohmann::json::parse(R"([
    {"name": "down", "when": {"body": "ball", "height_below": 0.5}, "action": "end_run"},
    {"name": "low", "when": {"body": "ball", "height_below": -1, "station": [0, 0, -0.1]}, "action": {"enable_force": "air"}},
    {"name": "off", "when": {"time": 0.3}, "action": {"disable_force": "push"}},
    {"name": "start", "when": {"time": 0}, "action": {"disable_force": "air"}}])"));
  const std::vector<EventSpec>& e = m.scenario.events;
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[0].name, "down");
  EXPECT_EQ(e[0].trigger, EventTriggerKind::HeightBelow);
  EXPECT_EQ(e[0].body, "ball");
  EXPECT_EQ(e[0].height, 0.5);
  EXPECT_FALSE(e[0].station) << "absent: the mass centre";
  EXPECT_EQ(e[0].action, EventActionKind::EndRun);
  EXPECT_EQ(e[0].source, "/scenario/events/0");
  EXPECT_EQ(e[1].height, -1) << "a height is along up from Ground's origin: any finite value";
  ASSERT_TRUE(e[1].station);
  EXPECT_EQ(*e[1].station, Vec3(0, 0, -0.1));
  EXPECT_EQ(e[1].action, EventActionKind::EnableForce);
  EXPECT_EQ(e[1].force, "air");
  EXPECT_EQ(e[2].trigger, EventTriggerKind::Time);
  EXPECT_EQ(e[2].time, 0.3);
  EXPECT_EQ(e[2].action, EventActionKind::DisableForce);
  EXPECT_EQ(e[2].force, "push");
  EXPECT_EQ(e[3].time, 0);
}

TEST(EventFields, WritesBackWhatItRead) {
  const nlohmann::json events = nlohmann::json::parse(R"([
    {"name": "down", "when": {"body": "ball", "height_below": 0.5}, "action": "end_run"},
    {"name": "low", "when": {"body": "ball", "height_below": 0.25, "station": [0, 0, -0.1]}, "action": {"enable_force": "air"}},
    {"name": "off", "when": {"time": 0.3}, "action": {"disable_force": "push"}}])");
  const ModelSpec m = read(events);
  const nlohmann::json written = writeArticulaModel(m);
  EXPECT_EQ(written["scenario"]["events"], events) << written["scenario"]["events"].dump();
  const ModelSpec again = readModel(written, "again.json");
  EXPECT_EQ(writeArticulaModel(again).dump(), written.dump());
  EXPECT_FALSE(writeArticulaModel(readModel(nlohmann::json::parse(kModel), "m.json"))["scenario"].contains("events"))
      << "a scenario without events is written as before";
}

TEST(EventFields, RefusesMalformedEventsAtTheirPath) {
  using nlohmann::json;
  const double kInfinity = std::numeric_limits<double>::infinity();
  const json down = {{"body", "ball"}, {"height_below", 0.5}};
  struct Case {
    json events;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {json::object(), "/scenario/events = {}: expected an array, got object"},
      {json::array({json::array()}), "/scenario/events/0 = []: expected an object, got array"},
      {json::array({{{"when", down}, {"action", "end_run"}}}), "/scenario/events/0: missing required field \"name\""},
      {json::array({{{"name", ""}, {"when", down}, {"action", "end_run"}}}), "/scenario/events/0/name = \"\""},
      {json::array({{{"name", "a"}, {"when", down}, {"action", "end_run"}, {"then", 1}}}),
       "/scenario/events/0/then = 1: unknown field \"then\""},
      {json::array({{{"name", "a"}, {"when", down}, {"action", "end_run"}},
                    {{"name", "a"}, {"when", {{"time", 1}}}, {"action", "end_run"}}}),
       "/scenario/events/1/name = \"a\": duplicate event name"},
      {json::array({{{"name", "a"}, {"action", "end_run"}}}), "/scenario/events/0: missing required field \"when\""},
      {json::array({{{"name", "a"}, {"when", 0.3}, {"action", "end_run"}}}),
       "/scenario/events/0/when = 0.3: expected an object, got number"},
      {json::array({{{"name", "a"}, {"when", json::object()}, {"action", "end_run"}}}),
       "/scenario/events/0/when = {}: no trigger: give \"time\", or \"body\" with \"height_below\""},
      {json::array({{{"name", "a"}, {"when", {{"time", 1}, {"height_below", 1}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when = {\"height_below\":1,\"time\":1}: give \"time\" or \"height_below\", not both"},
      {json::array({{{"name", "a"}, {"when", {{"time", -0.1}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when/time = -0.1: must not be negative"},
      {json::array({{{"name", "a"}, {"when", {{"time", "soon"}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when/time = \"soon\": expected a number"},
      {json::array({{{"name", "a"}, {"when", {{"time", 1}, {"body", "ball"}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when/body = \"ball\": unknown field \"body\" (allowed: time)"},
      {json::array({{{"name", "a"}, {"when", {{"height_below", 1}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when: missing required field \"body\""},
      {json::array({{{"name", "a"}, {"when", {{"body", "head"}, {"height_below", 1}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when/body = \"head\": no body of this name"},
      {json::array({{{"name", "a"}, {"when", {{"body", "ground"}, {"height_below", 1}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when/body = \"ground\": ground never moves"},
      {json::array({{{"name", "a"}, {"when", {{"body", "ball"}, {"height_below", "low"}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when/height_below = \"low\": expected a number"},
      {json::array({{{"name", "a"}, {"when", {{"body", "ball"}, {"height_below", kInfinity}}}, {"action", "end_run"}}}),
       "/scenario/events/0/when/height_below"},
      {json::array({{{"name", "a"},
                     {"when", {{"body", "ball"}, {"height_below", 1}, {"station", {0, 0}}}},
                     {"action", "end_run"}}}),
       "/scenario/events/0/when/station = [0,0]"},
      {json::array({{{"name", "a"}, {"when", down}}}), "/scenario/events/0: missing required field \"action\""},
      {json::array({{{"name", "a"}, {"when", down}, {"action", "stop"}}}),
       "/scenario/events/0/action = \"stop\": unknown action (\"end_run\", {\"disable_force\": name} or "
       "{\"enable_force\": name})"},
      {json::array({{{"name", "a"}, {"when", down}, {"action", "disable_force"}}}),
       "/scenario/events/0/action = \"disable_force\": unknown action"},
      {json::array({{{"name", "a"}, {"when", down}, {"action", {{"end_run", "push"}}}}}),
       "/scenario/events/0/action = {\"end_run\":\"push\"}: unknown action"},
      {json::array({{{"name", "a"}, {"when", down}, {"action", {{"disable_force", "push"}, {"enable_force", "air"}}}}}),
       "/scenario/events/0/action = {\"disable_force\":\"push\",\"enable_force\":\"air\"}: an action is"},
      {json::array({{{"name", "a"}, {"when", down}, {"action", 3}}}), "/scenario/events/0/action = 3: an action is"},
      {json::array({{{"name", "a"}, {"when", down}, {"action", {{"disable_force", "tone"}}}}}),
       "/scenario/events/0/action/disable_force = \"tone\": no force element of this name (the model's: \"push\", "
       "\"air\")"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.events.dump());
    const std::string what = problem(c.events);
    EXPECT_EQ(what.rfind("m.json: ", 0), 0u) << what;
    EXPECT_NE(what.find(c.expected), std::string::npos) << what;
  }
}

// Heights are along up, opposite gravity: a model without gravity has none to measure.
TEST(EventFields, AHeightNeedsGravity) {
  nlohmann::json doc = withEvents(
      {{{"name", "a"}, {"when", {{"body", "ball"}, {"height_below", 1}}}, {"action", "end_run"}}});
  doc["gravity"] = {0, 0, 0};
  try {
    readModel(doc, "m.json");
    FAIL() << "accepted";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.path(), "/scenario/events/0/when/height_below");
    EXPECT_NE(e.problem().find("no gravity"), std::string::npos) << e.what();
  }
  doc["scenario"]["events"] = {{{"name", "a"}, {"when", {{"time", 1}}}, {"action", "end_run"}}};
  EXPECT_EQ(readModel(doc, "m.json").scenario.events.size(), 1u) << "a time needs no up";
}

// A force of the model without forces: the message says there are none.
TEST(EventFields, NamesTheForcesThereAre) {
  nlohmann::json doc = withEvents({{{"name", "a"}, {"when", {{"time", 1}}}, {"action", {{"enable_force", "x"}}}}});
  doc.erase("forces");
  try {
    readModel(doc, "m.json");
    FAIL() << "accepted";
  } catch (const ModelError& e) {
    EXPECT_NE(e.problem().find("the model has none"), std::string::npos) << e.what();
  }
}
