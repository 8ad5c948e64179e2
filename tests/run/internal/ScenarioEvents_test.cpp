// The scenario's events in a run, against closed forms: a falling body whose end_run height event
// stops the run at t = sqrt(2 (h0 - h) / g), a force switched off and on at scheduled times that
// changes the motion exactly there, the energy balance across a switched spring, and the
// summary's report of what fired (only for scenarios with events).
#include "run/ScenarioEvents.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "articula/model/ModelFile.h"
#include "articula/run/RunOutputs.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;

namespace {

// A ball on a free joint, 2 m up, falling under 9.81 m/s^2.
const char* kFall = R"({
  "format": "articula-model", "version": 1, "name": "fall",
  "bodies": [{"name": "ball", "mass": 1.5, "inertia": [0.01, 0.01, 0.01],
              "joint": {"name": "fly", "type": "free", "parent": "ground"}}],
  "initial_state": {"q": {"fly.z": 2}},
  "scenario": {"duration": 1, "accuracy": 1e-6, "report_interval": 0.01,
               "events": [{"name": "down", "when": {"body": "ball", "height_below": 0.5}, "action": "end_run"}]}
})";

// A 2 kg block on a rail, pushed by 6 N, without gravity; the push is switched by the events.
const char* kPush = R"({
  "format": "articula-model", "version": 1, "name": "push", "gravity": [0, 0, 0],
  "bodies": [{"name": "block", "mass": 2, "inertia": [0.01, 0.01, 0.01],
              "joint": {"name": "rail", "type": "slider", "parent": "ground"}}],
  "forces": [{"type": "mobility_constant_force", "name": "push", "body": "block", "coordinate": "x", "force": 6}],
  "scenario": {"duration": 0.5, "accuracy": 1e-8, "report_interval": 0.05}
})";

ModelSpec spec(const char* text, const nlohmann::json& events = nullptr) {
  nlohmann::json doc = nlohmann::json::parse(text);
  if (!events.is_null()) doc["scenario"]["events"] = events;
  return readModel(doc, "m.json");
}

nlohmann::json timed(const char* name, double t, const char* action) {
  return {{"name", name}, {"when", {{"time", t}}}, {"action", {{action, "push"}}}};
}

}  // namespace

TEST(ScenarioEvents, EndRunStopsAFallAtTheAnalyticTime) {
  const ModelSpec m = spec(kFall);
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  const Real tEvent = std::sqrt(2 * (2.0 - 0.5) / 9.81);  // 0.553 s
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].event, 0);
  EXPECT_EQ(r.endEvent, 0);
  // The event is reported at the end of its localization window (accuracy x 0.1 s), never before.
  const Real window = 1e-6 * 0.1;
  EXPECT_GE(r.events[0].time, tEvent - 1e-12);
  EXPECT_LE(r.events[0].time, tEvent + window + 1e-12);
  // The frames: the report grid up to the event, then the event's state as the last frame.
  ASSERT_EQ(r.frames.size(), 57u);  // 0, 0.01, ..., 0.55 and the event
  EXPECT_NEAR(r.frames[55].time, 0.55, 1e-12);
  EXPECT_EQ(r.frames.back().time, r.events[0].time);
  EXPECT_NEAR(r.frames.back().bodies[0].com.z(), 0.5, 9.81 * tEvent * window + 1e-9);
  EXPECT_EQ(r.totals.last.time, r.events[0].time);
}

// Without the event the same model runs to its duration: the event is what stopped it.
TEST(ScenarioEvents, WithoutEventsTheRunGoesToTheDuration) {
  ModelSpec m = spec(kFall);
  m.scenario.events.clear();
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  EXPECT_TRUE(r.events.empty());
  EXPECT_EQ(r.endEvent, -1);
  EXPECT_EQ(r.frames.size(), 101u);
}

// Off at 0.3 s: x = 1.5 t^2 until then, straight on at the speed reached after. The frames at
// 0.3 s see the state before the event (the left limit), as TimeStepper documents.
TEST(ScenarioEvents, DisablingAForceChangesTheMotionExactlyThere) {
  const ModelSpec m = spec(kPush, nlohmann::json::array({timed("off", 0.3, "disable_force")}));
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  ASSERT_EQ(r.events.size(), 1u);
  EXPECT_EQ(r.events[0].time, 0.3) << "a scheduled event fires exactly at its time";
  EXPECT_EQ(r.endEvent, -1);
  ASSERT_EQ(r.frames.size(), 11u);
  const Real a = 6.0 / 2, t1 = 0.3;
  for (const Frame& f : r.frames) {
    const Real t = f.time;
    const Real x = t <= t1 ? 0.5 * a * t * t : 0.5 * a * t1 * t1 + a * t1 * (t - t1);
    const Real accel = t <= t1 ? a : 0.0;
    EXPECT_NEAR(f.bodies[0].origin.x(), x, 1e-9) << "t = " << t;
    EXPECT_NEAR(f.bodies[0].comAcceleration.x(), accel, 1e-9) << "t = " << t;
  }
}

// Off from the start and on at 0.2 s: the block rests, then x = 1.5 (t - 0.2)^2.
TEST(ScenarioEvents, EnablingAForceStartsItsMotionThere) {
  const ModelSpec m = spec(kPush,
                           nlohmann::json::array({timed("off", 0, "disable_force"), timed("on", 0.2, "enable_force")}));
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  ASSERT_EQ(r.events.size(), 2u);
  EXPECT_EQ(r.events[0].event, 0);
  EXPECT_EQ(r.events[0].time, 0);
  EXPECT_EQ(r.events[1].event, 1);
  EXPECT_EQ(r.events[1].time, 0.2);
  for (const Frame& f : r.frames) {
    const Real t = f.time, x = t <= 0.2 ? 0 : 1.5 * (t - 0.2) * (t - 0.2);
    EXPECT_NEAR(f.bodies[0].origin.x(), x, 1e-9) << "t = " << t;
  }
}

// A spring switched off while stretched takes its stored energy with it: the run books that as
// work done by the switch, so that KE + PE - W_nc stays where it started.
TEST(ScenarioEvents, TheEnergyBalanceClosesAcrossASwitchedSpring) {
  nlohmann::json doc = nlohmann::json::parse(kPush);
  doc["forces"] = nlohmann::json::array({{{"type", "mobility_linear_spring"},
                                          {"name", "spring"},
                                          {"body", "block"},
                                          {"coordinate", "x"},
                                          {"stiffness", 200}}});
  doc["initial_state"] = {{"q", {{"rail.x", 0.1}}}};
  doc["scenario"]["events"] = nlohmann::json::array(
      {{{"name", "cut"}, {"when", {{"time", 0.05}}}, {"action", {{"disable_force", "spring"}}}}});
  const ModelSpec m = readModel(doc, "m.json");
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  const Real e0 = 0.5 * 200 * 0.1 * 0.1;
  for (const Frame& f : r.frames)
    EXPECT_NEAR(f.kineticEnergy + f.potentialEnergy - f.nonConservativeWork, e0, 1e-6) << "t = " << f.time;
  EXPECT_EQ(r.frames.back().potentialEnergy, 0.0);
  EXPECT_LT(r.frames.back().nonConservativeWork, -1e-3) << "the spring's energy left with the switch";
}

// summary.json gets "events" only when the scenario has some (every other summary stays as it
// was: the golden check); summary.txt says what fired and how the run ended.
TEST(ScenarioEvents, TheSummaryReportsWhatFiredAndTheEnd) {
  ModelSpec m = spec(kFall);
  m.scenario.events.push_back(m.scenario.events[0]);
  m.scenario.events[1].name = "never";
  m.scenario.events[1].height = -3;
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  const RunDescription what{"fall.json", m.scenario, 6, 7};
  const nlohmann::json s = makeSummaryJson(m, what, r);
  ASSERT_TRUE(s.contains("events"));
  const nlohmann::json& ev = s["events"];
  ASSERT_EQ(ev["fired"].size(), 1u);
  EXPECT_EQ(ev["fired"][0]["name"], "down");
  EXPECT_EQ(ev["fired"][0]["action"], "end_run");
  EXPECT_EQ(ev["fired"][0]["time_s"], r.events[0].time);
  EXPECT_EQ(ev["not_fired"], nlohmann::json::array({"never"}));
  EXPECT_EQ(ev["end"]["reason"], "event");
  EXPECT_EQ(ev["end"]["event"], "down");
  EXPECT_EQ(ev["end"]["time_s"], r.events[0].time);
  EXPECT_EQ(s["run"]["simulated_time_s"], r.events[0].time);
  const std::string text = makeSummaryText(s);
  EXPECT_NE(text.find("Events       \"down\" at t = 0.55"), std::string::npos) << text;
  EXPECT_NE(text.find("the run ended on event \"down\" at t = 0.55"), std::string::npos) << text;
  EXPECT_NE(text.find("not fired: \"never\""), std::string::npos) << text;

  m.scenario.events.clear();
  const BuiltModel plain = buildModel(m);
  const RunDescription before{"fall.json", m.scenario, 6, 7};
  const nlohmann::json none = makeSummaryJson(m, before, runSimulation(m, plain, m.scenario));
  EXPECT_FALSE(none.contains("events"));
  EXPECT_EQ(makeSummaryText(none).find("Events"), std::string::npos);
}

TEST(ScenarioEvents, ASummaryOfARunToTheDuration) {
  const ModelSpec m = spec(kPush, nlohmann::json::array({timed("off", 0.3, "disable_force")}));
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  const nlohmann::json s = makeSummaryJson(m, RunDescription{"push.json", m.scenario, 1, 1}, r);
  EXPECT_EQ(s["events"]["end"]["reason"], "duration");
  EXPECT_TRUE(s["events"]["end"]["event"].is_null());
  EXPECT_EQ(s["events"]["fired"][0]["force"], "push");
  const std::string text = makeSummaryText(s);
  EXPECT_NE(text.find("\"off\" at t = 0.3 s (disable_force \"push\")"), std::string::npos) << text;
  EXPECT_NE(text.find("the run went on to the duration, 0.5 s"), std::string::npos) << text;
}

// The class on its own: a force the built model lacks is an error naming the event.
TEST(ScenarioEvents, NamesAForceTheModelLacks) {
  const ModelSpec m = spec(kPush);
  const BuiltModel b = buildModel(m);
  EventSpec e;
  e.name = "off";
  e.action = EventActionKind::DisableForce;
  e.force = "tone";
  const std::vector<EventSpec> events{e};
  try {
    ScenarioEvents bad(m, b, events);
    FAIL() << "accepted";
  } catch (const Error& x) {
    EXPECT_NE(std::string(x.what()).find("event \"off\": no force element \"tone\""), std::string::npos) << x.what();
  }
}

// The command: `articula run` ends on the event and says so; `convert` keeps the events.
TEST(ScenarioEvents, TheCommandRunsAndConvertsAScenarioWithEvents) {
  using namespace articula::iotest;
  TempDir dir;
  { std::ofstream(dir / "fall.json") << kFall; }
  const CliResult run = runCli("run " + (dir / "fall.json") + " --out " + (dir / "run") + " -q", dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const nlohmann::json s = nlohmann::json::parse(readText(dir / "run/summary.json"));
  EXPECT_EQ(s["events"]["end"]["event"], "down");
  EXPECT_NE(readText(dir / "run/summary.txt").find("the run ended on event \"down\""), std::string::npos);
  const CliResult convert = runCli("convert " + (dir / "fall.json") + " " + (dir / "out.json") + " -q", dir);
  ASSERT_EQ(convert.exitCode, 0) << convert.err;
  const nlohmann::json written = nlohmann::json::parse(readText(dir / "out.json"));
  EXPECT_EQ(written["scenario"]["events"], nlohmann::json::parse(kFall)["scenario"]["events"]);
}
