// RunTotals gathers, frame by frame, what the summary used to compute from all the frames: first
// and last frame, largest kinetic energy, contact peaks and the head's acceleration series; the
// peaks at the integrator's steps (StepPeaks) are merged in at the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "articula/model/ModelFile.h"
#include "articula/run/SimulationRun.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;

namespace {

TEST(RunTotals, MatchTheKeptFramesOfAContactRun) {
  ModelSpec m = loadModelFile(sourcePath("models/scenarios/standing_fall.json"));
  m.scenario.duration = 0.4;
  m.scenario.reportInterval = 0.005;
  const BuiltModel b = buildModel(m, sourcePath("models/scenarios/standing_fall.json"));
  const RunResult r = runSimulation(m, b, m.scenario);
  const RunTotals& t = r.totals;
  ASSERT_EQ(t.frames, r.frames.size());
  EXPECT_EQ(t.first.time, r.frames.front().time);
  EXPECT_EQ(t.last.time, r.frames.back().time);
  EXPECT_EQ(t.last.kineticEnergy, r.frames.back().kineticEnergy);
  EXPECT_EQ(t.secondTime, r.frames[1].time);
  Real maxKe = 1e-300, deepest = 0;
  size_t most = 0;
  std::vector<Real> peak(m.bodies.size(), 0);
  for (const Frame& f : r.frames) {
    maxKe = std::max(maxKe, f.kineticEnergy);
    most = std::max(most, f.contacts.size());
    for (const ContactSample& c : f.contacts) deepest = std::max(deepest, c.depth);
    for (size_t i = 0; i < peak.size(); ++i) peak[i] = std::max(peak[i], f.contactForce[i].norm());
  }
  EXPECT_EQ(t.maxKineticEnergy, maxKe);
  // The contact peaks include the integrator's steps (merged at the end): at least the frames'.
  EXPECT_GE(t.mostContacts, most);
  EXPECT_GE(t.deepest, deepest);
  ASSERT_EQ(t.peakContactForce.size(), peak.size());
  for (size_t i = 0; i < peak.size(); ++i) EXPECT_GE(t.peakContactForce[i], peak[i]) << m.bodies[i].name;
  ASSERT_EQ(t.headBody, findHeadBody(m));
  ASSERT_TRUE(t.head);
  // The head's peak over the frames and the steps: at least the frames' own, at a frame's or step's time.
  Real framePeak = 0;
  for (const Frame& f : r.frames) framePeak = std::max(framePeak, f.bodies[t.headBody].comAcceleration.norm());
  EXPECT_GE(t.head->peak(), framePeak);
  EXPECT_GT(t.head->peakTime(), 0);
  EXPECT_GT(t.head->hic15().value, 0);
}

// A ball dropped from rest: it first touches when its centre has fallen h − r, at sqrt(2 g (h − r)),
// so the frame before shows at most one frame interval's worth of gravity less.
TEST(RunTotals, ImpactSpeedOfAFreeFallIsTheFallsSpeedAtTheFrameBefore) {
  const char* text = R"({"format": "articula-model", "version": 1, "gravity": [0, 0, -9.81],
    "bodies": [{"name": "ball", "mass": 1, "inertia": {"moments": [0.004, 0.004, 0.004]},
      "joint": {"name": "root", "type": "free", "parent": "ground"},
      "geometry": [{"type": "sphere", "radius": 0.1, "material": "rubber"}]}],
    "contact_materials": {"rubber": {"type": "hertz", "youngs_modulus": 1e7, "poisson_ratio": 0.45,
      "dissipation": 0.5, "static_friction": 0.8, "dynamic_friction": 0.6}},
    "contact": {"ground": {"height": 0, "normal": [0, 0, 1], "material": "rubber"}},
    "initial_state": {"q": {"root.z": 1.1}},
    "scenario": {"duration": 0.6, "integrator": "RungeKuttaMerson", "accuracy": 1e-8, "report_interval": 0.001}})";
  const ModelSpec m = readModelText(text, "ball.json");
  const BuiltModel b = buildModel(m, "ball.json");
  const RunResult r = runSimulation(m, b, m.scenario);
  const RunTotals& t = r.totals;
  ASSERT_EQ(t.firstContactTime.size(), 1u);
  const Real g = 9.81, fall = 1.0, touch = std::sqrt(2 * fall / g), speed = std::sqrt(2 * g * fall);
  EXPECT_GE(t.firstContactTime[0], touch);
  EXPECT_LT(t.firstContactTime[0], touch + 0.001 + 1e-9);
  EXPECT_LE(t.impactSpeed[0], speed + 1e-6);
  EXPECT_GT(t.impactSpeed[0], speed - g * 0.001 - 1e-6);
}

// merge keeps, figure by figure, the larger of the frames' peak and the steps', with its time.
TEST(RunTotals, MergeTakesTheLargerPeakWithItsTime) {
  RunTotals t(0);
  Frame f;
  f.time = 0.1;
  f.bodies.resize(2);
  f.bodies[0].comAcceleration = Vec3(0, 0, 30);
  f.contactForce = {Vec3(0, 0, 100), Vec3(0, 0, 5)};
  f.contacts.resize(1);
  f.contacts[0].depth = 0.002;
  t.add(f);
  StepPeaks steps;
  steps.add(0.05, {20, 50}, 3, 0.001);
  steps.add(0.07, {80, 40}, 2, 0.003);
  t.merge(steps);
  EXPECT_EQ(t.peakContactForce, (std::vector<Real>{100, 50}));
  EXPECT_EQ(t.peakContactTime, (std::vector<Real>{0.1, 0.05}));
  EXPECT_EQ(t.mostContacts, 3u);
  EXPECT_EQ(t.deepest, 0.003);
  EXPECT_EQ(t.deepestTime, 0.07);
}

// The head's track merges the steps' samples with the frames' in time order, one sample per time
// (the frame's where both fall on one time), and takes the peak and HIC15 of that series.
TEST(RunTotals, HeadTrackMergesStepsAndFramesInTimeOrder) {
  RunTotals t(0);
  Frame f;
  f.bodies.resize(1);
  const auto frame = [&](Real time, Real a) {
    f.time = time;
    f.bodies[0].comAcceleration = Vec3(0, 0, a);
    t.add(f);
  };
  t.head->addStep(0.101, 100);
  t.head->addStep(0.104, 450);
  t.head->addStep(0.108, 60);  // after the next frame: waits for it
  frame(0.106, 300);
  t.head->addStep(0.110, 210);  // at a frame's time: the frame's sample is kept
  t.head->addStep(0.113, 50);   // after the last frame: taken by merge
  frame(0.110, 200);
  t.merge(StepPeaks());
  EXPECT_EQ(t.head->peak(), 450);
  EXPECT_EQ(t.head->peakTime(), 0.104);
  const std::vector<Real> time{0.101, 0.104, 0.106, 0.108, 0.110, 0.113}, a{100, 450, 300, 60, 200, 50};
  std::vector<Real> aG;
  for (Real x : a) aG.push_back(x / 9.80665);
  const HicResult expected = calcHic(time, aG, 0.015), got = t.head->hic15();
  EXPECT_EQ(got.value, expected.value);
  EXPECT_EQ(got.t1, expected.t1);
  EXPECT_EQ(got.t2, expected.t2);
  EXPECT_GT(got.value, 0);
}

TEST(RunTotals, KeepFramesOffLeavesTheFramesToTheSinks) {
  ModelSpec m = loadModelFile(sourcePath("models/double_pendulum.json"));
  m.scenario.duration = 0.1;
  m.scenario.reportInterval = 0.01;
  const BuiltModel b = buildModel(m);
  struct Count : FrameSink {
    std::vector<Real> times;
    void add(const Frame& f) override { times.push_back(f.time); }
  } count;
  RunSettings settings;
  settings.sinks = {&count};
  settings.keepFrames = false;
  const RunResult r = runSimulation(m, b, m.scenario, nullptr, settings);
  EXPECT_TRUE(r.frames.empty());
  ASSERT_EQ(count.times.size(), 11u);
  EXPECT_EQ(r.totals.frames, 11u);
  for (size_t k = 1; k < count.times.size(); ++k) EXPECT_GT(count.times[k], count.times[k - 1]);
}

}  // namespace
