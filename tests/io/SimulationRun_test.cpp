// runSimulation against the damped oscillator m x'' + c x' + k x = 0 in closed form: positions at
// the report times and the dissipated energy (the non-conservative work is integrated step by
// step, the oracle is E(t) - E(0) from the analytic solution).
#include "articula/io/SimulationRun.h"

#include <gtest/gtest.h>

#include <cmath>

#include "articula/io/ModelFile.h"

using namespace articula;
using namespace articula::io;

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
}
