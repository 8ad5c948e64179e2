// EventReporter / PeriodicReporter: schedules, the stage they realize, and reporter failures
// inside a run (the trajectory itself is in TimeStepper_test and BouncingBall_test).
#include <gtest/gtest.h>

#include "StudyModels.h"

namespace articula::testing {
namespace {

TEST(EventReporter, ReceivesStatesRealizedToItsStage) {
  BallModel m(2.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  int accel = 0, pos = 0;
  stepper.addReporter(std::make_shared<EventReporter>("accel", std::vector<Real>{0.25, 0.5}, [&](const State& s) {
    EXPECT_GE(s.getSystemStage(), Stage::Acceleration);
    EXPECT_NEAR(s.getUDot()[0], -kGravity, 1e-12);
    ++accel;
  }));
  stepper.addReporter(std::make_shared<PeriodicReporter>(
      "pos", 0.2,
      [&](const State& s) {
        EXPECT_GE(s.getSystemStage(), Stage::Position);
        ++pos;
      },
      0.0, Stage::Position));
  stepper.initialize(m.state);
  stepper.stepTo(0.5);
  EXPECT_EQ(accel, 2);
  EXPECT_EQ(pos, 3);  // 0, 0.2, 0.4
  EXPECT_THROW(EventReporter(
                   "bad", {1.0}, [](const State&) {}, Stage::Model),
               Error);
  EXPECT_THROW(PeriodicReporter("bad", -1.0, [](const State&) {}), Error);
}

TEST(EventReporter, AThrowingReporterEndsTheRunWithItsName) {
  BallModel m(2.0);
  RungeKuttaMersonIntegrator integ(m.system);
  TimeStepper stepper(m.system, integ);
  stepper.addReporter(std::make_shared<EventReporter>("disk-full", std::vector<Real>{0.3},
                                                      [](const State&) { throw std::runtime_error("no space"); }));
  stepper.initialize(m.state);
  try {
    stepper.stepTo(1.0);
    ADD_FAILURE() << "no Error";
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("reporter 'disk-full'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("t = 0.3"), std::string::npos) << msg;
    EXPECT_NE(msg.find("no space"), std::string::npos) << msg;
  }
  EXPECT_EQ(stepper.getTime(), 0.3);
  EXPECT_TRUE(stepper.hasFailed());
}

}  // namespace
}  // namespace articula::testing
