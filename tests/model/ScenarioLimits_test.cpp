// The scenario limits shared by the model reader and `articula run` (ScenarioLimits.h): each field
// on its own (NaN, infinities, ranges) and the fields together, with the field a problem is
// reported on.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "articula/model/ModelFile.h"
#include "articula/model/ScenarioLimits.h"
#include "support/IoTestSupport.h"

using namespace articula::model;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

ScenarioSpec fixedStep(double duration, double dt) {
  ScenarioSpec s;
  s.duration = duration;
  s.fixedStep = dt;
  s.reportInterval = duration;
  return s;
}
}  // namespace

TEST(ScenarioLimits, EveryFieldRefusesNaNAndInfinities) {
  for (const char* field : {"duration", "fixed_step", "report_interval", "accuracy", "max_steps"})
    for (double v : {kNaN, kInf, -kInf})
      EXPECT_EQ(checkScenarioValue(field, v), "must be a finite number") << field << " " << v;
}

TEST(ScenarioLimits, TimesMustBePositive) {
  for (const char* field : {"duration", "fixed_step", "report_interval"}) {
    EXPECT_EQ(checkScenarioValue(field, 0), "must be positive") << field;
    EXPECT_EQ(checkScenarioValue(field, -1e-3), "must be positive") << field;
    EXPECT_EQ(checkScenarioValue(field, 5e-324), "") << field;  // tiny is checked against the others
  }
}

TEST(ScenarioLimits, AccuracyFrom1e14ToBelow1) {
  EXPECT_EQ(checkScenarioValue("accuracy", 1e-14), "");
  EXPECT_EQ(checkScenarioValue("accuracy", 0.999999), "");
  for (double v : {5e-324, 9.9e-15, 0.0, 1.0, 5.0})
    EXPECT_NE(checkScenarioValue("accuracy", v).find("accuracy is relative: must be at least 1e-14 and below 1"),
              std::string::npos)
        << v;
}

TEST(ScenarioLimits, MaxStepsIsAWholeNumberFrom1To1e15) {
  EXPECT_EQ(checkScenarioValue("max_steps", 1), "");
  EXPECT_EQ(checkScenarioValue("max_steps", 1e15), "");
  for (double v : {0.0, -3.0, 2.5, 1e15 + 2})
    EXPECT_EQ(checkScenarioValue("max_steps", v), "must be a whole number from 1 to 1e+15") << v;
}

TEST(ScenarioLimits, DefaultsAndShippedSettingsPass) {
  EXPECT_FALSE(checkScenario(ScenarioSpec{}));
  EXPECT_FALSE(checkScenario(fixedStep(2, 1e-4)));  // OpenMBD's step over 2 s
  EXPECT_FALSE(checkScenario(fixedStep(1, 1e-8)));  // exactly 10^8 steps: the default limit
}

TEST(ScenarioLimits, ReportIntervalWithinTheDurationAndAtMost1e7ReportTimes) {
  ScenarioSpec s;
  s.duration = 0.1;
  s.reportInterval = 1;
  auto p = checkScenario(s);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->field, "report_interval");
  EXPECT_EQ(p->problem, "report_interval 1 s exceeds the duration 0.1 s");
  s.duration = 1e308;
  s.reportInterval = 1e-3;
  p = checkScenario(s, {"duration"});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->field, "duration");  // the one the user gave
  EXPECT_EQ(p->value, 1e308);
  EXPECT_NE(p->problem.find("more than 10 million report times"), std::string::npos) << p->problem;
  s.duration = 1e4;  // exactly 10^7 report times
  EXPECT_FALSE(checkScenario(s));
}

TEST(ScenarioLimits, FixedStepBelowTheTimesResolution) {
  const auto p = checkScenario(fixedStep(1, 1e-300), {"fixed_step", "duration"});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->field, "fixed_step");
  EXPECT_EQ(p->problem,
            "fixed step 1e-300 s is below the time's resolution over the duration 1 s (it must be at least 1e-12 of "
            "the duration)");
  // With a step limit raised out of the way, 1e-12 of the duration is the bound: t + dt still advances.
  ScenarioSpec s = fixedStep(1000, 1.1e-9);
  s.maxSteps = static_cast<int64_t>(1e15);
  EXPECT_FALSE(checkScenario(s));
  s.fixedStep = 0.9e-9;
  EXPECT_TRUE(checkScenario(s));
  EXPECT_NE(1000.0 + 1.1e-9, 1000.0);
}

TEST(ScenarioLimits, FixedStepsBeyondTheStepLimit) {
  auto p = checkScenario(fixedStep(1, 1e-9));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->field, "fixed_step");
  EXPECT_EQ(p->problem,
            "the duration 1 s needs 1000000000 fixed steps of 1e-09 s, more than the step limit 100000000 "
            "(scenario.max_steps, --max-steps)");
  ScenarioSpec s = fixedStep(1, 1e-3);
  s.maxSteps = 999;
  p = checkScenario(s, {"max_steps"});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->field, "max_steps");
  EXPECT_EQ(p->value, 999);
  s.maxSteps = 1000;
  EXPECT_FALSE(checkScenario(s));
}

TEST(ScenarioLimits, ValuesPrintedShortest) {
  EXPECT_EQ(formatScenarioValue(1e-300), "1e-300");
  EXPECT_EQ(formatScenarioValue(0.1), "0.1");
  EXPECT_EQ(formatScenarioValue(kNaN), "nan");
  EXPECT_EQ(formatScenarioValue(-kInf), "-inf");
}

TEST(ScenarioLimits, AStepLimitSurvivesWritingAndReadingTheModel) {
  articula::iotest::TempDir dir;
  ModelSpec m = loadModelFile(articula::iotest::sourcePath("models/double_pendulum.json"));
  EXPECT_EQ(m.scenario.maxSteps, 100000000);  // the documented default
  m.scenario.maxSteps = 12345;
  saveModelFile(m, dir / "limited.json");
  EXPECT_NE(articula::iotest::readText(dir / "limited.json").find("\"max_steps\": 12345"), std::string::npos);
  EXPECT_EQ(loadModelFile(dir / "limited.json").scenario.maxSteps, 12345);
}
