// The method-independent Integrator contract: stepTo outcomes, report times by interpolation,
// limits, settings validation, reinitialize.
#include "articula/integrators/Integrator.h"

#include <gtest/gtest.h>

#include <cmath>

#include "IntegratorModels.h"

namespace articula {
namespace {

using testing::PendulumModel;
using testing::SliderModel;

TEST(Integrator, FirstCallReportsStartOfContinuousInterval) {
  PendulumModel m;
  RungeKuttaMersonIntegrator integ(m.system);
  integ.initialize(m.state);
  EXPECT_EQ(integ.stepTo(1.0), StepOutcome::StartOfContinuousInterval);
  EXPECT_EQ(integ.getTime(), 0.0);
  EXPECT_EQ(integ.stepTo(1.0), StepOutcome::ReachedReportTime);
  EXPECT_DOUBLE_EQ(integ.getTime(), 1.0);
}

TEST(Integrator, ReportTimesAreHitExactlyWithoutShorteningSteps) {
  PendulumModel m;
  RungeKuttaMersonIntegrator a(m.system), b(m.system);
  a.initialize(m.state);
  b.initialize(m.state);
  // a reports every 1 ms, b only at the end: the same internal steps, so the same end state.
  for (int k = 1; k <= 500; ++k) {
    const Real t = k * 1e-3;
    StepOutcome o;
    do o = a.stepTo(t);
    while (o == StepOutcome::StartOfContinuousInterval);
    ASSERT_EQ(o, StepOutcome::ReachedReportTime);
    ASSERT_EQ(a.getTime(), t);
    ASSERT_GE(a.getAdvancedTime(), t);
  }
  b.stepTo(0.5);
  b.stepTo(0.5);
  EXPECT_EQ(a.getStatistics().stepsTaken, b.getStatistics().stepsTaken);
  EXPECT_LT(a.getStatistics().stepsTaken, 100);  // far fewer steps than reports
  // The reported state is interpolated, projected and realized: its udot is usable.
  EXPECT_NO_THROW(a.getState().getUDot());
}

// With reportStage below Acceleration an interpolated report state is left at that stage, costs
// no derivative evaluation, and realizing it gives what the default would have given.
TEST(Integrator, ReportStageLeavesInterpolatedStatesForTheCaller) {
  PendulumModel m;
  RungeKuttaMersonIntegrator full(m.system), lazy(m.system);
  lazy.setReportStage(Stage::Time);
  full.initialize(m.state);
  lazy.initialize(m.state);
  for (int k = 1; k <= 50; ++k) {
    do full.stepTo(k * 1e-2);
    while (full.getTime() < k * 1e-2);
    do lazy.stepTo(k * 1e-2);
    while (lazy.getTime() < k * 1e-2);
  }
  ASSERT_TRUE(lazy.isStateInterpolated());
  EXPECT_EQ(lazy.getState().getSystemStage(), Stage::Time);
  EXPECT_EQ(full.getState().getSystemStage(), Stage::Acceleration);
  EXPECT_EQ(lazy.getStatistics().stepsTaken, full.getStatistics().stepsTaken);
  EXPECT_LT(lazy.getStatistics().derivativeEvaluations, full.getStatistics().derivativeEvaluations);
  State s = lazy.getState();
  m.system.realize(s, Stage::Acceleration);
  EXPECT_EQ(s.getY(), full.getState().getY());
  EXPECT_EQ(s.getUDot(), full.getState().getUDot());
  EXPECT_THROW(lazy.setReportStage(Stage::Instance), Error);
  EXPECT_THROW(lazy.setReportStage(static_cast<Stage>(NumStages)), Error);
}

TEST(Integrator, AdvanceLimitAndFinalTime) {
  PendulumModel m;
  RungeKutta3Integrator integ(m.system);
  integ.setFinalTime(0.7);
  integ.initialize(m.state);
  integ.stepTo(10);
  EXPECT_EQ(integ.stepTo(10, 0.25), StepOutcome::ReachedScheduledEvent);
  EXPECT_EQ(integ.getAdvancedTime(), 0.25);  // steps never pass the advance limit
  EXPECT_EQ(integ.getTime(), 0.25);
  EXPECT_EQ(integ.stepTo(10, 0.25), StepOutcome::ReachedScheduledEvent);  // already there: no step
  EXPECT_EQ(integ.stepTo(10), StepOutcome::EndOfSimulation);
  EXPECT_EQ(integ.getTime(), 0.7);
  EXPECT_EQ(integ.stepTo(10), StepOutcome::EndOfSimulation);
}

TEST(Integrator, ReportBeforeFinalTimeComesFirst) {
  PendulumModel m;
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setFinalTime(0.3);
  integ.initialize(m.state);
  integ.stepTo(0.3);
  EXPECT_EQ(integ.stepTo(0.3), StepOutcome::EndOfSimulation);  // report at final time: EndOfSimulation
  EXPECT_EQ(integ.getTime(), 0.3);
}

TEST(Integrator, ReturnEveryInternalStepAndStepLimit) {
  PendulumModel m;
  DormandPrince54Integrator integ(m.system);
  integ.setReturnEveryInternalStep(true);
  integ.initialize(m.state);
  integ.stepTo(5);
  Real last = 0;
  for (int k = 0; k < 5; ++k) {
    ASSERT_EQ(integ.stepTo(5), StepOutcome::TimeHasAdvanced);
    EXPECT_GT(integ.getAdvancedTime(), last);
    EXPECT_EQ(integ.getPreviousTime(), last);
    last = integ.getAdvancedTime();
  }
  integ.setReturnEveryInternalStep(false);
  integ.setMaxStepsPerCall(3);
  const auto taken = integ.getStatistics().stepsTaken;
  EXPECT_EQ(integ.stepTo(5), StepOutcome::ReachedStepLimit);
  EXPECT_EQ(integ.getStatistics().stepsTaken, taken + 3);
}

TEST(Integrator, ReportTimeInsideTheLastStepIsInterpolatedWithoutStepping) {
  PendulumModel m;
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setReturnEveryInternalStep(true);
  integ.initialize(m.state);
  integ.stepTo(5);
  integ.stepTo(5);
  integ.stepTo(5);
  const Real t0 = integ.getPreviousTime(), t1 = integ.getAdvancedTime();
  const auto taken = integ.getStatistics().stepsTaken;
  EXPECT_EQ(integ.stepTo((t0 + t1) / 2), StepOutcome::ReachedReportTime);
  EXPECT_TRUE(integ.isStateInterpolated());
  EXPECT_EQ(integ.getStatistics().stepsTaken, taken);
  EXPECT_THROW(integ.stepTo(t0 / 2), Error);  // before the last step: cannot go back
}

TEST(Integrator, PolynomialMotionIsExactForSecondOrderAndUp) {
  // x(t) is quadratic: every method of order >= 2 integrates it to round-off, at any step.
  SliderModel m;
  for (const char* name :
       {"RungeKutta2", "RungeKutta3", "RungeKuttaMerson", "RungeKuttaFeldberg", "DormandPrince54", "VelocityVerlet"}) {
    auto integ = makeIntegrator(name, m.system);
    const Vector y = testing::runControlled(*integ, m.state, 1e-3, 2.0);
    EXPECT_NEAR(y[0], SliderModel::x(2.0), 1e-12) << name;
    EXPECT_NEAR(y[1], SliderModel::v(2.0), 1e-12) << name;
  }
}

TEST(Integrator, SettingsAreValidatedWithNamedFields) {
  PendulumModel m;
  RungeKuttaMersonIntegrator integ(m.system);
  auto message = [](auto f) {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([&] { integ.setAccuracy(-1); }).find("accuracy"), std::string::npos);
  EXPECT_NE(message([&] { integ.setAccuracy(2); }).find("accuracy"), std::string::npos);
  EXPECT_NE(message([&] { integ.setMaximumStepSize(0); }).find("maximumStepSize"), std::string::npos);
  EXPECT_NE(message([&] { integ.setMaxStepsPerCall(0); }).find("maxStepsPerCall"), std::string::npos);
  EXPECT_NE(message([&] { integ.setLengthScale(0); }).find("lengthScale"), std::string::npos);
  EXPECT_NE(message([&] { integ.setFixedStepSize(-0.1); }).find("fixed step"), std::string::npos);
  EXPECT_NE(message([&] { integ.stepTo(1); }).find("initialize"), std::string::npos);
  EXPECT_DOUBLE_EQ(integ.getConstraintToleranceInUse(), 1e-4);  // α / 10 by default
  IntegratorSettings s;
  s.uWeights = Vector::Ones(3);  // the pendulum has one u
  integ.setSettings(s);
  EXPECT_NE(message([&] { integ.initialize(m.state); }).find("uWeights"), std::string::npos);
}

TEST(Integrator, RejectsAStateOfAnotherSystem) {
  PendulumModel a, b;
  RungeKuttaMersonIntegrator integ(a.system);
  EXPECT_THROW(integ.initialize(b.state), Error);
}

TEST(Integrator, ReinitializeRestartsInsideTheLastStepAndKeepsStatistics) {
  PendulumModel m;
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setReturnEveryInternalStep(true);
  integ.initialize(m.state);
  integ.stepTo(5);
  integ.stepTo(5);
  integ.stepTo(5);
  const Real tEvent = (integ.getPreviousTime() + integ.getAdvancedTime()) / 2;
  State s = integ.getAdvancedState();
  integ.interpolate(tEvent, s);
  m.links[0].setOneU(s, 0, -m.links[0].getU(s)[0]);  // an event handler reverses the swing
  const auto taken = integ.getStatistics().stepsTaken;
  integ.reinitialize(s);
  EXPECT_EQ(integ.getAdvancedTime(), tEvent);
  EXPECT_EQ(integ.stepTo(5), StepOutcome::StartOfContinuousInterval);
  EXPECT_EQ(integ.stepTo(5), StepOutcome::TimeHasAdvanced);
  EXPECT_EQ(integ.getPreviousTime(), tEvent);
  EXPECT_EQ(integ.getStatistics().stepsTaken, taken + 1);
  EXPECT_THROW(integ.interpolate(tEvent - 1e-3, s), Error);  // the old step is gone
}

TEST(Integrator, OutcomeNames) {
  EXPECT_STREQ(stepOutcomeName(StepOutcome::ReachedReportTime), "ReachedReportTime");
  EXPECT_STREQ(stepOutcomeName(StepOutcome::StartOfContinuousInterval), "StartOfContinuousInterval");
}

}  // namespace
}  // namespace articula
