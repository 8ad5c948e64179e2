// The shared step-size control: invariance of the error measure (Theory Manual §9.1: adding 2π
// to an angle changes nothing), user weight overrides, controller settings, fixed-step mode.
#include <gtest/gtest.h>

#include <cmath>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(ErrorControlledIntegrator, AngleOffsetDoesNotChangeSteps) {
  testing::PendulumModel a(2, 0.8), b(2, 0.8);
  b.links[0].setOneQ(b.state, 0, 0.8 + 2 * M_PI);
  RungeKuttaMersonIntegrator ia(a.system), ib(b.system);
  const Vector ya = testing::runControlled(ia, a.state, 1e-5, 2.0);
  const Vector yb = testing::runControlled(ib, b.state, 1e-5, 2.0);
  EXPECT_EQ(ia.getStatistics().stepsAttempted, ib.getStatistics().stepsAttempted);
  EXPECT_NEAR(yb[0] - 2 * M_PI, ya[0], 1e-9);
}

TEST(ErrorControlledIntegrator, UserWeightsTightenTheErrorTest) {
  testing::PendulumModel m(2, 0.8);
  RungeKuttaMersonIntegrator loose(m.system), tight(m.system);
  IntegratorSettings s;
  s.uWeights = Vector::Constant(2, 100.0);  // a unit change of u is 0.01 rad/s
  tight.setSettings(s);
  testing::runControlled(loose, m.state, 1e-4, 2.0);
  testing::runControlled(tight, m.state, 1e-4, 2.0);
  EXPECT_GT(tight.getStatistics().stepsTaken, loose.getStatistics().stepsTaken);
}

TEST(ErrorControlledIntegrator, StepsRespectMaximumAndControllerLimits) {
  testing::PendulumModel m(1, 0.1);
  RungeKutta3Integrator integ(m.system);
  integ.setMaximumStepSize(0.01);
  integ.setReturnEveryInternalStep(true);
  integ.initialize(m.state);
  integ.stepTo(1);
  Real previous = 0;
  for (int k = 0; k < 50; ++k) {
    integ.stepTo(1);
    const Real h = integ.getPreviousStepSize();
    EXPECT_LE(h, 0.01 * (1 + 1e-12));
    if (previous > 0) {
      EXPECT_LE(h, 5 * previous * (1 + 1e-12));  // growth limit
    }
    previous = h;
  }
  ErrorControlledIntegrator::Controller c;
  c.safety = 1.5;
  EXPECT_THROW(integ.setController(c), Error);
  c = ErrorControlledIntegrator::Controller();
  c.maxShrink = 1;
  EXPECT_THROW(integ.setController(c), Error);
}

TEST(ErrorControlledIntegrator, FixedStepModeLandsOnReportTimes) {
  testing::PendulumModel m;
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setFixedStepSize(0.03);
  integ.initialize(m.state);
  integ.stepTo(0.1);
  EXPECT_EQ(integ.stepTo(0.1), StepOutcome::ReachedReportTime);
  EXPECT_EQ(integ.getAdvancedTime(), 0.1);  // 0.03, 0.06, 0.09, then a shortened 0.01
  EXPECT_FALSE(integ.isStateInterpolated());
  EXPECT_EQ(integ.getStatistics().stepsTaken, 4);
  EXPECT_EQ(integ.getStatistics().errorTestFailures, 0);
  integ.stepTo(0.2);
  EXPECT_NEAR(integ.getPreviousStepSize(), 0.01, 1e-12);  // 0.13 .. 0.19, then 0.01 to 0.2
  EXPECT_EQ(integ.getStatistics().stepsTaken, 8);
}

TEST(ErrorControlledIntegrator, QuaternionStatesStayNormalized) {
  testing::TumblerModel m;
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setAccuracy(1e-4);
  integ.setReturnEveryInternalStep(true);
  integ.initialize(m.state);
  integ.stepTo(5);
  for (int k = 0; k < 30; ++k) {
    integ.stepTo(5);
    EXPECT_NEAR(integ.getAdvancedState().getQ().norm(), 1.0, 1e-14);
  }
  // Every accepted step projected; rejected trials too (projected before the error test).
  const auto& st = integ.getStatistics();
  EXPECT_EQ(st.projections, 1 + st.stepsAttempted);
}

}  // namespace
}  // namespace articula
