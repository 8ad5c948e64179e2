// `articula run` bounds every run: numeric options that are NaN, infinite or out of range, and
// settings that cannot finish (a step below the time's resolution, more fixed steps than the step
// limit, more than 10^7 report times) exit with code 2 before simulating, naming the option and
// its value; a run that reaches its step limit (--max-steps, scenario.max_steps) exits with code 3.
// Neither writes anything.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support/IoTestSupport.h"

using namespace articula::iotest;
namespace fs = std::filesystem;

namespace {

const std::string kPendulum = sourcePath("models/double_pendulum.json");

// Runs `run MODEL ARGS --out DIR/run`; expects the exit code, `message` on stderr and no output.
void expectRefused(const std::string& model, const std::string& args, int exitCode, const std::string& message) {
  SCOPED_TRACE(args);
  TempDir dir;
  const CliResult r = runCli("run " + model + " " + args + " --out " + (dir / "run"), dir);
  EXPECT_EQ(r.exitCode, exitCode) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  int entries = 0;  // stdout.txt and stderr.txt only: no run folder, no temporary one
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path)) ++entries;
  EXPECT_EQ(entries, 2);
}

}  // namespace

TEST(RunLimits, NaNAndInfinitiesAreRefusedNamingTheOption) {
  for (const char* option : {"--duration", "--dt", "--report-interval", "--accuracy", "--max-steps"})
    for (const char* value : {"nan", "inf", "-inf"})
      expectRefused(kPendulum, std::string(option) + " " + value, 2,
                    "error: " + std::string(option) + " = " + value + ": must be a finite number");
}

TEST(RunLimits, OutOfRangeOptionsAreRefusedNamingTheOption) {
  expectRefused(kPendulum, "--duration 0", 2, "error: --duration = 0: must be positive");
  expectRefused(kPendulum, "--dt -1e-3", 2, "error: --dt = -0.001: must be positive");
  expectRefused(kPendulum, "--report-interval 0", 2, "error: --report-interval = 0: must be positive");
  expectRefused(kPendulum, "--accuracy 5e-324", 2,
                "error: --accuracy = 5e-324: accuracy is relative: must be at least 1e-14");
  expectRefused(kPendulum, "--accuracy 1", 2, "error: --accuracy = 1: accuracy is relative");
  expectRefused(kPendulum, "--max-steps 0", 2, "error: --max-steps = 0: must be a whole number from 1 to 1e+15");
  expectRefused(kPendulum, "--max-steps 2.5", 2, "error: --max-steps = 2.5: must be a whole number");
}

TEST(RunLimits, RunsThatCannotFinishAreRefusedBeforeSimulating) {
  expectRefused(kPendulum, "--integrator ExplicitEuler --dt 1e-300", 2,
                "error: --dt = 1e-300: fixed step 1e-300 s is below the time's resolution over the duration");
  // ExplicitEuler at 1e-9 s over the pendulum's 5 s: 5e9 steps.
  expectRefused(kPendulum, "--integrator ExplicitEuler --dt 1e-9", 2,
                "error: --dt = 1e-09: the duration 5 s needs 5000000000 fixed steps of 1e-09 s, more than the step "
                "limit 100000000");
  expectRefused(kPendulum, "--duration 1e308", 2, "error: --duration = 1e+308: more than 10 million report times");
  expectRefused(kPendulum, "--duration 1 --report-interval 1e-8", 2,
                "error: --report-interval = 1e-08: more than 10 million report times");
  expectRefused(kPendulum, "--report-interval 10", 2,
                "error: --report-interval = 10: report_interval 10 s exceeds the duration 5 s");
  expectRefused(kPendulum, "--dt 1e-3 --max-steps 4999", 2,
                "error: --dt = 0.001: the duration 5 s needs 5000 fixed steps");
}

TEST(RunLimits, AProblemIsReportedOnTheOptionGivenNotTheFilesField) {
  TempDir dir;
  nlohmann::json model = nlohmann::json::parse(readText(kPendulum));
  model["scenario"]["fixed_step"] = 1e-3;  // 5000 steps
  const std::string file = dir / "fixed.json";
  std::ofstream(file) << model.dump();
  expectRefused(file, "--max-steps 4999", 2,
                "error: --max-steps = 4999: the duration 5 s needs 5000 fixed steps of 0.001 s");
  expectRefused(file, "--duration 1e6", 2, "error: --duration = 1e+06: more than 10 million report times");
}

TEST(RunLimits, StepLimitStopsEveryKindOfIntegratorWithExit3) {
  // Error-controlled explicit, linearly implicit and CVODE's methods: each stopped after its 50th
  // attempted step (CVODE counts a step's failed tries with it), far before the pendulum's end.
  for (const std::string method : {"RungeKuttaMerson", "DormandPrince54", "RosenbrockW3", "CvodeBDF", "CvodeAdams"}) {
    SCOPED_TRACE(method);
    TempDir dir;
    const CliResult r = runCli(
        "run " + kPendulum + " --integrator " + method + " --max-steps 50 --out " + (dir / "run"), dir);
    EXPECT_EQ(r.exitCode, 3) << r.err;
    const size_t at = r.err.find("stopped after ");
    ASSERT_NE(at, std::string::npos) << r.err;
    const long steps = std::stol(r.err.substr(at + 14));
    EXPECT_GE(steps, 50);
    EXPECT_LE(steps, 60);
    EXPECT_NE(r.err.find(" s of 5 s: raise --max-steps / scenario.max_steps (now 50) (no output written)"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(dir / "run"));
  }
  // Fixed steps land on every report time: steps of 1/32 s over 1/8 s pass the check before the
  // run (4 steps, limit 5), but frames every 1/128 s cut them to 16; the 5th ends at t = 5/128 s.
  expectRefused(
      kPendulum,
      "--integrator SemiExplicitEuler --dt 0.03125 --duration 0.125 --report-interval 0.0078125 --max-steps 5", 3,
      "stopped after 5 steps at t = 0.0390625 s of 0.125 s: raise --max-steps / scenario.max_steps (now 5) (no output "
      "written)");
}

TEST(RunLimits, TheFilesStepLimitAppliesAndTheOptionOverridesIt) {
  TempDir dir;
  nlohmann::json model = nlohmann::json::parse(readText(kPendulum));
  model["scenario"]["max_steps"] = 20;
  const std::string file = dir / "limited.json";
  std::ofstream(file) << model.dump();
  expectRefused(file, "--duration 0.5", 3, "stopped after 2");
  const CliResult r = runCli("run " + file + " --duration 0.5 --max-steps 100000 -q --out " + (dir / "run"), dir);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  EXPECT_EQ(summary["scenario"]["max_steps"].get<long long>(), 100000);
  EXPECT_LE(summary["integrator"]["steps_attempted"].get<long long>(), 100000);
}

TEST(RunLimits, ARunNeedingExactlyItsStepLimitFinishes) {
  TempDir dir;
  // 100 fixed steps of 1/1024 s with a frame at each: the limit is reached at the end time.
  const CliResult r = runCli("run " + kPendulum +
                                 " --integrator SemiExplicitEuler --dt 0.0009765625 --duration 0.09765625"
                                 " --report-interval 0.0009765625 --max-steps 100 -q --out " +
                                 (dir / "run"),
                             dir);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  const auto summary = nlohmann::json::parse(readText(dir / "run/summary.json"));
  EXPECT_EQ(summary["integrator"]["steps_attempted"].get<long long>(), 100);
}
