// TimeStepper: directions, grazing, simultaneous events, scheduled and periodic events, report
// times, termination, and failures (throwing or bad handlers, NaN witnesses, chattering).
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "StudyModels.h"

namespace articula::testing {
namespace {

// Records the times (and crossing directions) at which it was called; changes nothing.
struct Recorder {
  std::vector<Real> times;
  std::vector<EventDirection> crossings;
  std::vector<size_t> groupSizes;
  std::shared_ptr<EventHandler> handler(const std::string& name) {
    return std::make_shared<EventHandler>(name, [this](State& s, EventContext& ctx) {
      EXPECT_EQ(s.getTime(), ctx.getTime());
      times.push_back(ctx.getTime());
      if (ctx.getTrigger()) crossings.push_back(ctx.getTrigger()->crossing);
      groupSizes.push_back(ctx.getTriggers().size());
    });
  }
};

std::shared_ptr<EventWitness> timeWitness(const std::string& name, EventDirection d, std::function<Real(Real)> f) {
  return std::make_shared<EventWitness>(name, Stage::Time, d, [f](const State& s) { return f(s.getTime()); });
}

// A ball thrown up from 0.5 m below the floor at 5 m/s crosses the floor going up at tUp and
// coming down at tDown.
TEST(TimeStepper, RisingFallingAndBothDirections) {
  BallModel m(-0.5, 5.0);
  const Real root = std::sqrt(25.0 - 2 * kGravity * 0.5);
  const Real tUp = (5.0 - root) / kGravity, tDown = (5.0 + root) / kGravity;
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setAccuracy(1e-4);
  TimeStepper stepper(m.system, integ);
  Recorder rising, falling, both;
  stepper.addEvent(m.heightWitness(EventDirection::Rising, "up"), rising.handler("rising"));
  stepper.addEvent(m.heightWitness(EventDirection::Falling, "down"), falling.handler("falling"));
  stepper.addEvent(m.heightWitness(EventDirection::Both, "any"), both.handler("both"));
  stepper.initialize(m.state);
  ASSERT_EQ(stepper.stepTo(1.5), StepOutcome::ReachedReportTime);
  const Real w = 1e-4 * 0.1;
  ASSERT_EQ(rising.times.size(), 1u);
  ASSERT_EQ(falling.times.size(), 1u);
  ASSERT_EQ(both.times.size(), 2u);
  EXPECT_GE(rising.times[0] - tUp, -1e-12);
  EXPECT_LE(rising.times[0] - tUp, w);
  EXPECT_GE(falling.times[0] - tDown, -1e-12);
  EXPECT_LE(falling.times[0] - tDown, w);
  EXPECT_EQ(both.times[0], rising.times[0]);  // same witness function: same isolated time, handled together
  EXPECT_EQ(both.times[1], falling.times[0]);
  EXPECT_EQ(both.crossings[0], EventDirection::Rising);
  EXPECT_EQ(both.crossings[1], EventDirection::Falling);
  EXPECT_EQ(rising.groupSizes[0], 2u);  // "up" and "any" fired in one event
  EXPECT_EQ(stepper.getStatistics().restarts, 2);
  EXPECT_EQ(stepper.getStatistics().eventsTriggered, 4);
}

TEST(TimeStepper, TimeWitnessCrossingsAlternate) {
  BallModel m;
  DormandPrince54Integrator integ(m.system);
  integ.setAccuracy(1e-6);
  TimeStepper stepper(m.system, integ);
  Recorder r;
  stepper.addEvent(timeWitness("sine", EventDirection::Both, [](Real t) { return std::sin(2 * M_PI * t); }),
                   r.handler("sine"));
  stepper.initialize(m.state);  // starts at exactly zero: no side until it leaves zero
  stepper.stepTo(2.2);
  ASSERT_EQ(r.times.size(), 4u);  // 0.5, 1, 1.5, 2
  for (size_t k = 0; k < 4; ++k) {
    EXPECT_GE(r.times[k], 0.5 * (k + 1) - 1e-12);
    EXPECT_LE(r.times[k], 0.5 * (k + 1) + 1e-7);
    EXPECT_EQ(r.crossings[k], k % 2 == 0 ? EventDirection::Falling : EventDirection::Rising);
  }
}

TEST(TimeStepper, GrazingWithoutSignChangeDoesNotTrigger) {
  BallModel m;
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  Recorder touch, dip, through;
  stepper.addEvent(timeWitness("touch", EventDirection::Both, [](Real t) { return (t - 1) * (t - 1); }),
                   touch.handler("touch"));
  stepper.addEvent(
      timeWitness("dip", EventDirection::Both, [](Real t) { return -(t - 1.5) * (t - 1.5) * (t - 1.5) * (t - 1.5); }),
      dip.handler("dip"));
  // Passes through an exact zero at a step end (the scheduled event puts one there): fires once.
  stepper.addEvent(timeWitness("through", EventDirection::Rising, [](Real t) { return t - 1; }),
                   through.handler("through"));
  Recorder tick;
  stepper.addEvent(ScheduledEvent({1.0, 1.5}, tick.handler("tick")));  // steps end exactly on the zeros
  stepper.initialize(m.state);
  stepper.stepTo(2.0);
  EXPECT_TRUE(touch.times.empty());
  EXPECT_TRUE(dip.times.empty());
  ASSERT_EQ(through.times.size(), 1u);
  EXPECT_GT(through.times[0], 1.0);
  EXPECT_LE(through.times[0], 1.0 + 1e-3 * 0.1);
  ASSERT_EQ(tick.times.size(), 2u);
}

TEST(TimeStepper, ScheduledEventsFireAtExactTimes) {
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  const MobilizedBody b = m.ball;
  std::vector<Real> seen;
  // A kick at 0.2 s (before the first impact at 0.45 s) sends the ball up at 3 m/s.
  stepper.addEvent(ScheduledEvent({0.2}, std::make_shared<EventHandler>("kick", [&](State& s, EventContext& ctx) {
                                    EXPECT_EQ(ctx.getTrigger(), nullptr);
                                    seen.push_back(s.getTime());
                                    b.setOneU(s, 0, 3.0);
                                  })));
  Recorder r;
  stepper.addEvent(ScheduledEvent({0.7, 0.05, 0.3, 0.3}, r.handler("log")));  // unsorted, duplicate
  std::vector<Real> reportedSpeed;
  stepper.addReporter(std::make_shared<EventReporter>(
      "at-kick", std::vector<Real>{0.2, 0.25}, [&](const State& s) { reportedSpeed.push_back(b.getOneU(s, 0)); }));
  stepper.initialize(m.state);
  ASSERT_EQ(stepper.stepTo(0.2), StepOutcome::ReachedReportTime);
  EXPECT_EQ(stepper.getTime(), 0.2);
  EXPECT_NEAR(m.speed(stepper.getState()), -kGravity * 0.2, 1e-12);  // left limit: before the kick
  ASSERT_EQ(stepper.stepTo(0.6), StepOutcome::ReachedReportTime);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0], 0.2);
  ASSERT_EQ(r.times.size(), 2u);
  EXPECT_EQ(r.times[0], 0.05);
  EXPECT_EQ(r.times[1], 0.3);
  ASSERT_EQ(reportedSpeed.size(), 2u);
  EXPECT_NEAR(reportedSpeed[0], -kGravity * 0.2, 1e-12);        // the reporter also sees the left limit
  EXPECT_NEAR(reportedSpeed[1], 3.0 - kGravity * 0.05, 1e-12);  // after the kick
  const Real y02 = 1.0 - kGravity * 0.02;
  EXPECT_NEAR(m.height(stepper.getState()), flightHeight(0.2, y02, 3.0, 0.6), 1e-12);
  stepper.stepTo(1.0);
  EXPECT_EQ(r.times.size(), 3u);
  EXPECT_EQ(r.times[2], 0.7);
  EXPECT_EQ(stepper.getStatistics().scheduledEventsFired, 4);
}

// A handler that changes a discrete variable (here: switches gravity off) changes what reporters
// and getState() see afterwards, also between steps (interpolated states keep the handler's
// discrete variables, not the initial ones).
TEST(TimeStepper, ReportsAfterAnEventSeeItsDiscreteChanges) {
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  const GeneralForceSubsystem& forces = *m.forces;
  stepper.addEvent(ScheduledEvent({0.2}, std::make_shared<EventHandler>("weightless", [&](State& s, EventContext&) {
                                    forces.setForceEnabled(s, 0, false);
                                  })));
  std::vector<Real> accelerations;
  stepper.addReporter(std::make_shared<EventReporter>("a", std::vector<Real>{0.1, 0.2, 0.25, 0.3}, [&](const State& s) {
    accelerations.push_back(m.ball.getUDot(s)[0]);
  }));
  stepper.initialize(m.state);
  ASSERT_EQ(stepper.stepTo(0.35), StepOutcome::ReachedReportTime);
  EXPECT_FALSE(forces.isForceEnabled(stepper.getState(), 0));
  EXPECT_EQ(m.ball.getUDot(stepper.getState())[0], 0.0);
  ASSERT_EQ(accelerations.size(), 4u);
  EXPECT_NEAR(accelerations[0], -kGravity, 1e-12);
  EXPECT_NEAR(accelerations[1], -kGravity, 1e-12);  // the left limit at the event
  EXPECT_EQ(accelerations[2], 0.0);
  EXPECT_EQ(accelerations[3], 0.0);
  EXPECT_NEAR(m.speed(stepper.getState()), -kGravity * 0.2, 1e-12);
}

TEST(TimeStepper, PeriodicEventsAndReporterCounts) {
  BallModel m(100.0);  // no floor contact: free fall
  RungeKuttaFeldbergIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  Recorder controller;
  stepper.addEvent(PeriodicEvent(0.1, controller.handler("controller")));
  int count = 0, offsetCount = 0;
  stepper.addReporter(std::make_shared<PeriodicReporter>("every 0.05", 0.05, [&](const State& s) {
    EXPECT_EQ(s.getTime(), 0.05 * count);
    ++count;
  }));
  stepper.addReporter(std::make_shared<PeriodicReporter>(
      "offset", 0.25, [&](const State&) { ++offsetCount; }, 0.1));
  stepper.initialize(m.state);
  ASSERT_EQ(stepper.stepTo(1.0), StepOutcome::ReachedReportTime);
  EXPECT_EQ(count, 21);                     // 0, 0.05, ..., 1.0
  EXPECT_EQ(offsetCount, 4);                // 0.1, 0.35, 0.6, 0.85
  ASSERT_EQ(controller.times.size(), 10u);  // 0, 0.1, ..., 0.9; the one at 1.0 is handled on the next call
  for (size_t k = 0; k < controller.times.size(); ++k) EXPECT_EQ(controller.times[k], 0.1 * static_cast<Real>(k));
  stepper.stepTo(1.05);
  EXPECT_EQ(controller.times.size(), 11u);
  EXPECT_EQ(stepper.getStatistics().reports, 21 + 4 + 1);
}

TEST(TimeStepper, ReportersDoNotChangeTheSteps) {
  auto run = [](bool withReporter, int64_t& steps, int& reports) {
    PendulumModel m(1.2);
    RungeKuttaMersonIntegrator integ(m.system);
    integ.setAccuracy(1e-5);
    TimeStepper stepper(m.system, integ);
    reports = 0;
    if (withReporter)
      stepper.addReporter(std::make_shared<PeriodicReporter>("dense", 0.001, [&](const State&) { ++reports; }));
    stepper.initialize(m.state);
    stepper.stepTo(3.0);
    steps = integ.getStatistics().stepsTaken;
    return Vector(integ.getAdvancedState().getY());
  };
  int64_t stepsWith, stepsWithout;
  int reportsWith, reportsWithout;
  const Vector yWith = run(true, stepsWith, reportsWith), yWithout = run(false, stepsWithout, reportsWithout);
  EXPECT_EQ(stepsWith, stepsWithout);
  EXPECT_EQ(yWith, yWithout);
  EXPECT_EQ(reportsWith, 3001);
  EXPECT_LT(stepsWith, 300);  // far fewer steps than reports
}

// Fixed steps land on report times as under Integrator::stepTo, so a run through the stepper
// takes the very steps of one driven by the integrator's own report times.
TEST(TimeStepper, FixedStepsLandOnReportTimesAsUnderTheIntegrator) {
  PendulumModel m(1.2);
  auto fixedIntegrator = [&](std::unique_ptr<RungeKutta3Integrator>& integ) {
    integ = std::make_unique<RungeKutta3Integrator>(m.system);
    integ->setFixedStepSize(0.03);
    integ->setFinalTime(1.0);
  };
  std::unique_ptr<RungeKutta3Integrator> direct, stepped;
  fixedIntegrator(direct);
  direct->initialize(m.state);
  for (int k = 1; k <= 10; ++k)
    while (direct->stepTo(k * 0.1) != StepOutcome::ReachedReportTime && direct->getTime() < 1.0) {
    }
  fixedIntegrator(stepped);
  TimeStepper stepper(m.system, *stepped);
  int reports = 0;
  stepper.addReporter(std::make_shared<PeriodicReporter>("frames", 0.1, [&](const State&) { ++reports; }));
  stepper.initialize(m.state);
  EXPECT_EQ(stepper.stepTo(1.0), StepOutcome::EndOfSimulation);
  EXPECT_EQ(reports, 11);
  EXPECT_EQ(stepped->getStatistics().stepsTaken, direct->getStatistics().stepsTaken);
  EXPECT_EQ(Vector(stepped->getAdvancedState().getY()), Vector(direct->getAdvancedState().getY()));
}

// The step observer sees every accepted step; what it throws ends the run as the error's cause.
TEST(TimeStepper, StepObserverSeesEveryStepAndItsErrorIsTheCause) {
  PendulumModel m(1.2);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  int64_t observed = 0;
  stepper.setStepObserver([&](const State& s) {
    EXPECT_EQ(s.getTime(), integ.getAdvancedTime());
    if (++observed == 5) throw std::runtime_error("enough");
  });
  stepper.initialize(m.state);
  try {
    stepper.stepTo(3.0);
    FAIL() << "no TimeStepperError";
  } catch (const TimeStepperError& e) {
    EXPECT_NE(std::string(e.what()).find("step observer"), std::string::npos) << e.what();
    ASSERT_TRUE(e.getCause());
    EXPECT_THROW(std::rethrow_exception(e.getCause()), std::runtime_error);
  }
  EXPECT_EQ(observed, 5);
  EXPECT_EQ(integ.getStatistics().stepsTaken, 5);
  EXPECT_TRUE(stepper.hasFailed());
}

TEST(TimeStepper, ReportedStatesMatchAReferenceToIntegratorAccuracy) {
  PendulumModel m(1.2);
  const std::vector<Real> times = {0.37, 1.234, 2.5};
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setAccuracy(1e-6);
  TimeStepper stepper(m.system, integ);
  std::vector<Vector> reported;
  stepper.addReporter(
      std::make_shared<EventReporter>("probe", times, [&](const State& s) { reported.push_back(s.getY()); }));
  stepper.initialize(m.state);
  stepper.stepTo(3.0);
  ASSERT_EQ(reported.size(), times.size());
  for (size_t k = 0; k < times.size(); ++k) {
    DormandPrince54Integrator ref(m.system);
    ref.setAccuracy(1e-12);
    ref.setFinalTime(times[k]);
    ref.initialize(m.state);
    while (ref.stepTo(times[k]) != StepOutcome::EndOfSimulation) {
    }
    const Real err = (reported[k] - ref.getState().getY()).cwiseAbs().maxCoeff();
    EXPECT_LT(err, 2e-5) << "t = " << times[k];
    std::printf("[ report ] t = %.3f: |y - reference| = %.1e (accuracy 1e-6)\n", times[k], err);
  }
}

TEST(TimeStepper, SimultaneousCrossingsAreHandledTogether) {
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  std::vector<Impact> impacts;
  Recorder second;
  const MobilizedBody b = m.ball;
  auto offset = std::make_shared<EventWitness>("height+1e-9", Stage::Position, EventDirection::Falling,
                                               [b](const State& s) { return b.getOneQ(s, 0) + 1e-9; });
  stepper.addEvent(m.heightWitness(EventDirection::Falling), bounceHandler(m, 0.5, impacts));
  stepper.addEvent(offset, second.handler("second"));
  stepper.initialize(m.state);
  stepper.stepTo(0.6);
  ASSERT_EQ(impacts.size(), 1u);
  ASSERT_EQ(second.times.size(), 1u);
  EXPECT_EQ(second.times[0], impacts[0].time);
  EXPECT_EQ(second.groupSizes[0], 2u);
  EXPECT_EQ(stepper.getStatistics().restarts, 1);
  EXPECT_EQ(stepper.getStatistics().eventsHandled, 2);
}

TEST(TimeStepper, LaterCrossingsInOneStepAreFoundAfterTheRestart) {
  BallModel m(100.0);
  RungeKuttaMersonIntegrator integ(m.system);  // free fall: steps grow far beyond 0.1 s
  TimeStepper stepper(m.system, integ);
  Recorder a, c;
  stepper.addEvent(timeWitness("a", EventDirection::Rising, [](Real t) { return t - 0.5; }), a.handler("a"));
  stepper.addEvent(timeWitness("c", EventDirection::Rising, [](Real t) { return t - 0.52; }), c.handler("c"));
  stepper.initialize(m.state);
  stepper.stepTo(2.0);
  ASSERT_EQ(a.times.size(), 1u);
  ASSERT_EQ(c.times.size(), 1u);
  EXPECT_NEAR(a.times[0], 0.5, 1e-4);
  EXPECT_NEAR(c.times[0], 0.52, 1e-4);
  EXPECT_GT(c.times[0], 0.52);
}

TEST(TimeStepper, TerminationRequestEndsTheRun) {
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  std::vector<Real> times;
  const MobilizedBody b = m.ball;
  stepper.addEvent(m.heightWitness(EventDirection::Falling),
                   std::make_shared<EventHandler>("bounce3", [&](State& s, EventContext& ctx) {
                     b.setOneU(s, 0, -0.8 * b.getOneU(s, 0));
                     times.push_back(ctx.getTime());
                     if (times.size() == 3) ctx.requestTermination("third impact");
                   }));
  stepper.initialize(m.state);
  EXPECT_EQ(stepper.stepTo(10.0), StepOutcome::EndOfSimulation);
  EXPECT_TRUE(stepper.isTerminated());
  EXPECT_EQ(stepper.getTerminationReason(), "third impact");
  ASSERT_EQ(times.size(), 3u);
  EXPECT_EQ(stepper.getTime(), times[2]);
  EXPECT_GT(m.speed(stepper.getState()), 0);  // the handler's result is the final state
  EXPECT_EQ(stepper.stepTo(11.0), StepOutcome::EndOfSimulation);
  EXPECT_EQ(times.size(), 3u);
}

TEST(TimeStepper, ThrowingHandlerEndsWithAnErrorAndKeepsTheLastGoodState) {
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  std::vector<Impact> impacts;
  auto bounce = bounceHandler(m, 0.8, impacts);
  int calls = 0;
  stepper.addEvent(m.heightWitness(EventDirection::Falling, "floor"),
                   std::make_shared<EventHandler>("fragile", [&](State& s, EventContext& ctx) {
                     if (++calls == 2) throw std::runtime_error("ball cracked");
                     bounce->handle(s, ctx);
                   }));
  stepper.initialize(m.state);
  std::string message;
  try {
    stepper.stepTo(5.0);
  } catch (const Error& e) {
    message = e.what();
  }
  ASSERT_FALSE(message.empty()) << "no Error";
  EXPECT_NE(message.find("'fragile'"), std::string::npos) << message;
  EXPECT_NE(message.find("'floor'"), std::string::npos) << message;
  EXPECT_NE(message.find("ball cracked"), std::string::npos) << message;
  EXPECT_TRUE(stepper.hasFailed());
  // The last good state is the one the handler got: at the second impact, still falling.
  const Real t2 = nextLanding(impacts[0].time, impacts[0].heightBefore, impacts[0].speedAfter);
  EXPECT_NEAR(stepper.getTime(), t2, 1e-4);
  EXPECT_NE(message.find("t = " + std::to_string(stepper.getTime()).substr(0, 5)), std::string::npos) << message;
  EXPECT_LT(m.speed(stepper.getState()), 0);
  EXPECT_LE(m.height(stepper.getState()), 0);
  EXPECT_THROW(stepper.stepTo(6.0), Error);
  stepper.initialize(m.state);  // a new run works
  calls = 10;
  EXPECT_EQ(stepper.stepTo(1.0), StepOutcome::ReachedReportTime);
}

TEST(TimeStepper, HandlerLeavingNonFiniteValuesOrChangingTimeFails) {
  BallModel m(1.0);
  const MobilizedBody b = m.ball;
  {
    RungeKuttaMersonIntegrator integ(m.system);
    TimeStepper stepper(m.system, integ);
    stepper.addEvent(
        m.heightWitness(EventDirection::Falling),
        std::make_shared<EventHandler>("nan", [b](State& s, EventContext&) { b.setOneU(s, 0, std::nan("")); }));
    stepper.initialize(m.state);
    try {
      stepper.stepTo(1.0);
      ADD_FAILURE() << "no Error";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("'nan'"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("non-finite"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(std::isfinite(m.speed(stepper.getState())));
  }
  {
    RungeKuttaMersonIntegrator integ(m.system);
    TimeStepper stepper(m.system, integ);
    stepper.addEvent(ScheduledEvent(
        {0.1}, std::make_shared<EventHandler>("timewarp", [](State& s, EventContext&) { s.setTime(0.5); })));
    stepper.initialize(m.state);
    EXPECT_THROW(stepper.stepTo(1.0), Error);
    EXPECT_EQ(stepper.getTime(), 0.1);
  }
}

TEST(TimeStepper, NaNWitnessFailsWithItsName) {
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  Recorder r;
  stepper.addEvent(timeWitness("broken", EventDirection::Both, [](Real t) { return t < 0.3 ? 1.0 : std::nan(""); }),
                   r.handler("never"));
  stepper.initialize(m.state);
  try {
    stepper.stepTo(1.0);
    ADD_FAILURE() << "no Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("witness 'broken' is NaN"), std::string::npos) << e.what();
  }
  EXPECT_LT(stepper.getTime(), 1.0);
}

TEST(TimeStepper, ChatteringFailsInsteadOfHanging) {
  // The handler puts the ball 1 nm above the floor but keeps it falling: the crossing comes back
  // immediately, every time.
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  stepper.setChatterLimit(20);
  const MobilizedBody b = m.ball;
  stepper.addEvent(m.heightWitness(EventDirection::Falling, "floor"),
                   std::make_shared<EventHandler>("lift", [b](State& s, EventContext&) { b.setOneQ(s, 0, 1e-9); }));
  stepper.initialize(m.state);
  try {
    stepper.stepTo(2.0);
    ADD_FAILURE() << "no Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("chattering"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'floor'"), std::string::npos) << e.what();
  }
  EXPECT_NEAR(stepper.getTime(), std::sqrt(2 / kGravity), 21 * 1e-4);  // each event within a window of the last
}

TEST(TimeStepper, IntegratorFailureEndsTheRunWithTheLastGoodState) {
  // A minimum step far above what accuracy 1e-12 needs: the step size collapses.
  PendulumModel m(1.2);
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setAccuracy(1e-12);
  integ.setMinimumStepSize(0.05);
  TimeStepper stepper(m.system, integ);
  int reports = 0;
  stepper.addReporter(std::make_shared<PeriodicReporter>("r", 0.01, [&](const State&) { ++reports; }));
  stepper.initialize(m.state);
  try {
    stepper.stepTo(1.0);
    ADD_FAILURE() << "no Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("integration failed after t = "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("collapsed"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(stepper.hasFailed());
  EXPECT_EQ(stepper.getTime(), integ.getAdvancedTime());
  EXPECT_TRUE(stepper.getState().getY().allFinite());
  EXPECT_EQ(reports, static_cast<int>(std::floor(stepper.getTime() / 0.01 + 1e-9)) + 1);  // reported up to it
}

TEST(TimeStepper, ReturnAfterEventsAndStepLimit) {
  BallModel m(1.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  std::vector<Impact> impacts;
  stepper.addEvent(m.heightWitness(EventDirection::Falling), bounceHandler(m, 0.8, impacts));
  Recorder tick;
  stepper.addEvent(ScheduledEvent({0.1}, tick.handler("tick")));
  stepper.setReturnAfterEvents(true);
  stepper.initialize(m.state);
  EXPECT_EQ(stepper.stepTo(2.0), StepOutcome::ReachedScheduledEvent);
  EXPECT_EQ(stepper.getTime(), 0.1);
  EXPECT_EQ(stepper.stepTo(2.0), StepOutcome::ReachedEventTrigger);
  ASSERT_EQ(impacts.size(), 1u);
  EXPECT_EQ(stepper.getTime(), impacts[0].time);
  EXPECT_GT(m.speed(stepper.getState()), 0);  // after the handler
  integ.setMaxStepsPerCall(1);
  EXPECT_EQ(stepper.stepTo(2.0), StepOutcome::ReachedStepLimit);
  EXPECT_THROW(stepper.stepTo(0.0), Error);  // cannot go back
}

TEST(TimeStepper, EndOfSimulationAtTheFinalTime) {
  BallModel m(100.0);
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setFinalTime(0.75);
  TimeStepper stepper(m.system, integ);
  stepper.initialize(m.state);
  EXPECT_EQ(stepper.stepTo(0.5), StepOutcome::ReachedReportTime);
  EXPECT_EQ(stepper.stepTo(2.0), StepOutcome::EndOfSimulation);
  EXPECT_EQ(stepper.getTime(), 0.75);
  EXPECT_NEAR(m.height(stepper.getState()), 100 - kGravity * 0.75 * 0.75 / 2, 1e-12);
}

TEST(TimeStepper, SetupErrors) {
  BallModel m, other;
  RungeKuttaMersonIntegrator integ(m.system);
  EXPECT_THROW(TimeStepper(other.system, integ), Error);
  TimeStepper stepper(m.system, integ);
  EXPECT_THROW(stepper.stepTo(1.0), Error);
  EXPECT_THROW(stepper.getState(), Error);
  EXPECT_THROW(stepper.addReporter(nullptr), Error);
  EXPECT_THROW(stepper.setChatterLimit(0), Error);
  stepper.initialize(m.state);
  EXPECT_THROW(stepper.addEvent(PeriodicEvent(0.1, std::make_shared<EventHandler>("late", nullptr))), Error);
}

}  // namespace
}  // namespace articula::testing
