// The energy balance against the energy moved: every shipped model and scenario closes it at its
// own settings, and a run that does not (the car with RungeKuttaMerson at 1e-3, whose integration
// error the summary used to report as 180 J dissipated) says so in summary.json, summary.txt and
// on the command's stderr, with options that close it.
#include "articula/run/EnergyBalance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "articula/model/ModelFile.h"
#include "articula/run/RunOutputs.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;
namespace fs = std::filesystem;

namespace {

Frame frame(Real ke, Real pe, Real wnc) {
  Frame f;
  f.kineticEnergy = ke;
  f.potentialEnergy = pe;
  f.nonConservativeWork = wnc;
  return f;
}

// Every model file shipped in models/ and models/scenarios/.
std::vector<std::string> shippedModels() {
  std::vector<std::string> files;
  for (const char* dir : {"models", "models/scenarios"})
    for (const auto& e : fs::directory_iterator(sourcePath(dir)))
      if (e.path().extension() == ".json") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

struct Balance {
  Real error, moved;
};

// The balance from the kept frames, independently of RunTotals and judgeEnergyBalance.
Balance balanceOfFrames(const std::vector<Frame>& frames) {
  Real lo = frames.front().kineticEnergy, hi = lo;
  for (const Frame& f : frames) {
    lo = std::min(lo, f.kineticEnergy);
    hi = std::max(hi, f.kineticEnergy);
  }
  const Frame& a = frames.front();
  const Frame& b = frames.back();
  const Real error = b.kineticEnergy + b.potentialEnergy - b.nonConservativeWork - a.kineticEnergy - a.potentialEnergy;
  return {error, (hi - lo) + std::abs(b.nonConservativeWork)};
}

}  // namespace

// A pendulum that swings 0 -> 10 J of kinetic energy and loses 2 J to damping moved 12 J; an end
// state 0.05 J off the balance is 0.42 % of that.
TEST(EnergyBalance, ErrorOverKineticSwingPlusNonConservativeWork) {
  RunTotals t;
  for (const Frame& f : {frame(0, 10, 0), frame(10, 0, -1), frame(3, 5.05, -2)}) t.add(f);
  const EnergyBalance e = judgeEnergyBalance(t);
  EXPECT_NEAR(e.error, 8.05 - (-2) - 10, 1e-12);
  EXPECT_NEAR(e.moved, 10 + 2, 1e-12);
  EXPECT_NEAR(e.relative, 0.05 / 12, 1e-12);
  EXPECT_TRUE(e.closes);
  EXPECT_EQ(balanceWarning(e, ScenarioSpec{}), "");
}

// A body coasting at constant kinetic energy moved nothing: the floor 1e-6 x max KE keeps rounding
// from counting as a failure (no 0/0), while an error of a tenth of that floor still is one.
TEST(EnergyBalance, SteadyMotionUsesTheFloor) {
  RunTotals t;
  for (const Frame& f : {frame(1000, 0, 0), frame(1000, 0, 0), frame(1000, 1e-4, 0)}) t.add(f);
  EnergyBalance e = judgeEnergyBalance(t);
  EXPECT_NEAR(e.moved, 1e-3, 1e-15);
  EXPECT_NEAR(e.relative, 0.1, 1e-9);
  EXPECT_FALSE(e.closes);
  RunTotals still;
  for (const Frame& f : {frame(0, 5, 0), frame(0, 5, 0)}) still.add(f);
  e = judgeEnergyBalance(still);
  EXPECT_EQ(e.error, 0);
  EXPECT_TRUE(e.closes);  // nothing moved, nothing lost: no 0/0
}

TEST(EnergyBalance, AdviceNamesOptionsOfTheCommand) {
  ScenarioSpec s;
  s.integrator = IntegratorMethod::RungeKuttaMerson;
  s.accuracy = 1e-3;
  EXPECT_EQ(balanceAdvice(s), "run with --integrator CvodeBDF --accuracy 1e-6, or --accuracy 1e-5");
  s.integrator = IntegratorMethod::CvodeBDF;
  s.accuracy = 1e-6;
  EXPECT_EQ(balanceAdvice(s), "run with --accuracy 1e-8");
  s.integrator = IntegratorMethod::SemiExplicitEuler;
  s.fixedStep = 1e-4;
  EXPECT_EQ(balanceAdvice(s), "run with --dt 1e-5, or error-controlled: --integrator CvodeBDF --accuracy 1e-6");
}

// Each shipped model and scenario, at its own settings and for its whole duration: the balance
// error is under 1 % of the energy moved.
TEST(EnergyBalance, EveryShippedModelClosesItsBalance) {
  const std::vector<std::string> files = shippedModels();
  ASSERT_GE(files.size(), 15u);
  for (const std::string& file : files) {
    const ModelSpec m = loadModelFile(file);
    const BuiltModel b = buildModel(m, file);
    RunSettings settings;
    settings.jointLoads = false;
    const RunResult r = runSimulation(m, b, m.scenario, nullptr, settings);
    const Balance own = balanceOfFrames(r.frames);
    EXPECT_LT(std::abs(own.error), 0.01 * std::max(own.moved, 1e-6 * r.totals.maxKineticEnergy))
        << file << ": " << own.error << " J of " << own.moved << " J moved";
    const EnergyBalance e = judgeEnergyBalance(r.totals);
    EXPECT_TRUE(e.closes) << file << ": " << e.relative;
    EXPECT_NEAR(e.error, own.error, 1e-9 * (1 + std::abs(own.error))) << file;
  }
}

// The car with the explicit method it used to ship with: 180 J of integration error against about
// 2 J truly dissipated. The summary and the command say so and name the options; the suggested
// CvodeBDF at 1e-6 (the car's own settings now) closes it (the test above).
TEST(EnergyBalance, ALooseExplicitRunOfTheCarWarns) {
  TempDir dir;
  const CliResult r = runCli("run " + sourcePath("models/car.json") +
                                 " --integrator RungeKuttaMerson --accuracy 1e-3 --no-viewer --out " + (dir / "run"),
                             dir);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  const auto& energy = summary["energy"];
  EXPECT_FALSE(energy["balance_closes"].get<bool>());
  EXPECT_GT(std::abs(energy["relative_balance_error"].get<double>()), 0.5);
  EXPECT_GT(energy["balance_error_J"].get<double>(), 100);
  ASSERT_FALSE(summary["warnings"].empty());
  const std::string warning = summary["warnings"].back().get<std::string>();
  EXPECT_NE(warning.find("energy balance does not close"), std::string::npos) << warning;
  EXPECT_NE(warning.find("--integrator CvodeBDF --accuracy 1e-6"), std::string::npos) << warning;
  const std::string text = readText(dir / "run/summary.txt");
  EXPECT_NE(text.find("Warning      the energy balance does not close"), std::string::npos) << text;
  EXPECT_NE(text.find("does not close: see the warning"), std::string::npos) << text;
  EXPECT_NE(r.err.find("warning: " + sourcePath("models/car.json") + ": the energy balance does not close"),
            std::string::npos)
      << r.err;
  const CliResult quiet = runCli("run " + sourcePath("models/car.json") +
                                     " --integrator RungeKuttaMerson --accuracy 1e-3 -q --no-viewer --out " +
                                     (dir / "quiet"),
                                 dir);
  EXPECT_TRUE(quiet.err.empty()) << quiet.err;
}

// The five OpenSim models of the fixtures, dropped passively (gravity only: muscles are not
// simulated, the gait models have no floor, arm26 hangs from its welded base) with every
// coordinate set moving at ±1 rad/s or m/s, so the limbs flail as the body falls and tumbles:
// kinetic plus potential energy at the end equals that at the start to the integrator's accuracy.
TEST(EnergyBalance, OpenSimFixturesDropWithTheBalanceClosed) {
  const std::string fixtures = ARTICULA_FIXTURES "/opensim/";
  if (!fs::exists(fixtures)) GTEST_SKIP() << fixtures << " absent";
  for (const char* name : {"gait2354/subject01_simbody.osim", "gait10dof18musc/subject01.osim",
                           "models/gait2392_millard2012muscle.osim", "models/leg6dof9musc.osim", "models/arm26.osim"}) {
    ModelSpec spec = loadModelFile(fixtures + name);
    int k = 0;
    for (const BodySpec& b : spec.bodies)
      for (const std::string& c : b.joint.functions.coordinates)
        spec.initialState.u[b.joint.name + "." + c] = (k++ % 2 ? 1 : -1);
    spec.scenario.duration = 0.5;
    spec.scenario.reportInterval = 0.05;
    spec.scenario.accuracy = 1e-7;
    const BuiltModel built = buildModel(spec, name);
    RunSettings settings;
    settings.frameThread = false;
    const RunResult r = runSimulation(spec, built, spec.scenario, nullptr, settings);
    const EnergyBalance balance = judgeEnergyBalance(r.totals);
    const Frame& first = r.frames.front();
    const Frame& last = r.frames.back();
    std::printf(
        "%s: %d coordinates moving, kinetic energy %.4g -> %.4g J, potential %.4g -> %.4g J, balance error "
        "%.3g J (%.3g of %.4g J moved)\n",
        name, k, first.kineticEnergy, last.kineticEnergy, first.potentialEnergy, last.potentialEnergy, balance.error,
        balance.relative, balance.moved);
    EXPECT_GT(k, 1) << name;
    EXPECT_GT(balance.moved, 0.05) << name;
    EXPECT_LT(std::abs(balance.relative), 1e-4) << name;
    EXPECT_TRUE(balance.closes) << name;
  }
}
