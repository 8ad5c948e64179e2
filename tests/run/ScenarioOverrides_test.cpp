// Scenario overrides: replaced fields, the report interval following a shorter duration, and
// problems named by the option (or the file's field) as a RunError of kind BadInput.
#include <gtest/gtest.h>

#include "articula/run/RunError.h"
#include "articula/run/ScenarioOverrides.h"

using namespace articula::run;
using articula::model::ScenarioSpec;

namespace {

RunFailure failureOf(const ScenarioOverrides& o, ScenarioSpec& s, std::string& message) {
  try {
    applyScenarioOverrides(o, "m.json", s);
  } catch (const RunError& e) {
    message = e.what();
    return e.getFailure();
  }
  ADD_FAILURE() << "no RunError";
  return RunFailure::Output;
}

}  // namespace

TEST(ScenarioOverrides, GivenFieldsReplaceTheFilesAndAShorterDurationShortensTheReports) {
  ScenarioSpec s;
  s.reportInterval = 0.5;
  ScenarioOverrides o;
  o.duration = 0.2;
  o.integrator = "RungeKutta3";
  o.maxSteps = 1000;
  applyScenarioOverrides(o, "m.json", s);
  EXPECT_EQ(s.duration, 0.2);
  EXPECT_EQ(s.reportInterval, 0.2);
  EXPECT_EQ(s.integrator, articula::IntegratorMethod::RungeKutta3);
  EXPECT_EQ(s.maxSteps, 1000);
  EXPECT_EQ(s.accuracy, ScenarioSpec().accuracy);
}

TEST(ScenarioOverrides, ProblemsNameTheOptionOrTheFilesField) {
  std::string message;
  ScenarioSpec s;
  ScenarioOverrides o;
  o.duration = -1;
  EXPECT_EQ(failureOf(o, s, message), RunFailure::BadInput);
  EXPECT_EQ(message, "--duration = -1: must be positive");
  o = {};
  o.reportInterval = 2;  // beyond the default duration of 1 s
  EXPECT_EQ(failureOf(o, s, message), RunFailure::BadInput);
  EXPECT_EQ(message.rfind("--report-interval = 2: ", 0), 0u) << message;
  ScenarioSpec bad;
  bad.reportInterval = 2;  // the file's own scenario, no option involved
  EXPECT_EQ(failureOf({}, bad, message), RunFailure::BadInput);
  EXPECT_EQ(message.rfind("m.json: scenario.report_interval = 2: ", 0), 0u) << message;
}

TEST(ScenarioOverrides, AnUnknownIntegratorIsNamedWithTheKnownOnes) {
  std::string message;
  ScenarioSpec s;
  ScenarioOverrides o;
  o.integrator = "RK45";
  EXPECT_EQ(failureOf(o, s, message), RunFailure::BadInput);
  EXPECT_EQ(message.rfind("--integrator = RK45: unknown integrator (known: ExplicitEuler, ", 0), 0u) << message;
  EXPECT_NE(message.find("CvodeBDF"), std::string::npos) << message;
  EXPECT_EQ(s.integrator, ScenarioSpec().integrator);
}
