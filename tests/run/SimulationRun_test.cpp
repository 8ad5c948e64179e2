// runSimulation against the damped oscillator m x'' + c x' + k x = 0 in closed form: positions at
// the report times and the dissipated energy (the non-conservative work is integrated step by
// step, the oracle is E(t) - E(0) from the analytic solution).
#include "articula/run/SimulationRun.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "articula/model/ModelFile.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;

namespace {

const char* kOscillator = R"({
  "format": "articula-model", "version": 1, "name": "oscillator", "gravity": [0, 0, 0],
  "bodies": [{"name": "block", "mass": 2, "inertia": [0.01, 0.01, 0.01],
              "joint": {"name": "rail", "type": "slider", "parent": "ground"}}],
  "forces": [{"type": "mobility_linear_spring", "body": "block", "coordinate": "x", "stiffness": 200},
             {"type": "mobility_linear_damper", "body": "block", "coordinate": "x", "damping": 4}],
  "initial_state": {"q": {"rail.x": 0.1}},
  "scenario": {"duration": 1, "accuracy": 1e-8, "report_interval": 0.05}
})";

}  // namespace

TEST(SimulationRun, DampedOscillatorMatchesTheClosedForm) {
  const ModelSpec m = readModel(nlohmann::json::parse(kOscillator), "oscillator.json");
  const BuiltModel b = buildModel(m);
  int calls = 0;
  const RunResult r = runSimulation(m, b, m.scenario, [&](Real, Real, Real) { ++calls; });
  ASSERT_EQ(r.frames.size(), 21u);
  EXPECT_EQ(calls, 20);
  const Real mass = 2, k = 200, c = 4, x0 = 0.1;
  const Real wn = std::sqrt(k / mass), zeta = c / (2 * std::sqrt(k * mass)), wd = wn * std::sqrt(1 - zeta * zeta);
  for (const Frame& f : r.frames) {
    const Real t = f.time, e = std::exp(-zeta * wn * t);
    const Real x = x0 * e * (std::cos(wd * t) + zeta * wn / wd * std::sin(wd * t));
    const Real v = -x0 * e * (wn * wn / wd) * std::sin(wd * t);
    EXPECT_NEAR(f.bodies[0].origin.x(), x, 1e-6) << "t = " << t;
    const Real energy = 0.5 * mass * v * v + 0.5 * k * x * x;
    EXPECT_NEAR(f.kineticEnergy + f.potentialEnergy, energy, 1e-6) << "t = " << t;
    EXPECT_NEAR(f.nonConservativeWork, energy - 0.5 * k * x0 * x0, 1e-5) << "t = " << t;
  }
  EXPECT_NEAR(r.frames.back().time, 1.0, 1e-12);
  EXPECT_TRUE(r.head.body.empty());
  EXPECT_GT(r.statistics.stepsTaken, 0);
}

TEST(SimulationRun, FindsTheHeadBody) {
  ModelSpec m;
  m.bodies.resize(3);
  m.bodies[0].name = "torso";
  m.bodies[1].name = "Head_segment";
  m.bodies[2].name = "head";
  EXPECT_EQ(findHeadBody(m), 1);
  m.bodies[1].name = "neck";
  EXPECT_EQ(findHeadBody(m), 2);
  // Named by the scenario, the head is that body whatever the names of the others.
  m.scenario.headBody = "torso";
  EXPECT_EQ(findHeadBody(m), 0);
  m.scenario.headBody = "skull";
  EXPECT_THROW(findHeadBody(m), articula::Error);
}

// Peaks are taken at every accepted step as well as at the frames: a ball (named "head") dropped
// onto a floor gives nearly the same peak contact force, depth and head acceleration whether frames
// come every millisecond or every 0.1 s (the steps do not depend on the frames; a fine frame can
// still fall between two step ends nearer the true peak), where the coarse frames alone miss the
// impact.
TEST(SimulationRun, PeaksComeFromTheStepsNotOnlyTheFrames) {
  const char* text = R"({"format": "articula-model", "version": 1, "name": "drop",
    "contact_materials": {"rubber": {"type": "hertz", "youngs_modulus": 1e6, "poisson_ratio": 0.4, "dissipation": 2},
                          "steel": {"type": "hertz", "youngs_modulus": 2e11, "poisson_ratio": 0.3}},
    "bodies": [{"name": "head", "mass": 4, "inertia": [0.02, 0.02, 0.02],
                "joint": {"name": "j", "type": "free", "parent": "ground"},
                "geometry": [{"type": "sphere", "radius": 0.1, "material": "rubber"}]}],
    "contact": {"ground": {"height": 0, "normal": [0, 0, 1], "material": "steel"}},
    "initial_state": {"q": {"j.z": 0.6}},
    "scenario": {"duration": 0.5, "accuracy": 1e-4, "report_interval": 0.001}})";
  ModelSpec m = readModel(nlohmann::json::parse(text), "drop.json");
  const BuiltModel b = buildModel(m, "drop.json");
  const RunResult fine = runSimulation(m, b, m.scenario);
  m.scenario.reportInterval = 0.1;
  const RunResult coarse = runSimulation(m, b, m.scenario);
  ASSERT_EQ(fine.statistics.stepsTaken, coarse.statistics.stepsTaken);
  ASSERT_EQ(fine.totals.peakContactForce.size(), 1u);
  ASSERT_EQ(coarse.totals.peakContactForce.size(), 1u);
  EXPECT_GT(fine.totals.peakContactForce[0], 100.0);  // an impact happened
  // The coarse frames are among the fine ones (same steps, same interpolation): never above them.
  auto near = [](Real coarseValue, Real fineValue) {
    EXPECT_LE(coarseValue, fineValue);
    EXPECT_GE(coarseValue, 0.99 * fineValue);
  };
  near(coarse.totals.peakContactForce[0], fine.totals.peakContactForce[0]);
  near(coarse.totals.deepest, fine.totals.deepest);
  near(coarse.head.peakAcceleration, fine.head.peakAcceleration);
  EXPECT_NEAR(coarse.head.hic15.value, fine.head.hic15.value, 0.05 * fine.head.hic15.value);
  EXPECT_GT(fine.head.hic15.value, 0);
  EXPECT_NEAR(coarse.totals.peakContactTime[0], fine.totals.peakContactTime[0], 2e-3);
  EXPECT_NEAR(coarse.head.peakTime, fine.head.peakTime, 2e-3);
  Real framePeak = 0;
  for (const Frame& f : fine.frames) {
    EXPECT_LE(f.contactForce[0].norm(), fine.totals.peakContactForce[0]);
    framePeak = std::max(framePeak, f.contactForce[0].norm());
  }
  EXPECT_GT(framePeak, 0.5 * fine.totals.peakContactForce[0]);  // the frames saw the impact too
  // The frames of the coarse run (0, 0.1, ... s) alone would miss it.
  Real coarseFramePeak = 0;
  for (const Frame& f : coarse.frames) coarseFramePeak = std::max(coarseFramePeak, f.contactForce[0].norm());
  EXPECT_LT(coarseFramePeak, 0.5 * coarse.totals.peakContactForce[0]);
}
