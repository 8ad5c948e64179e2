// RungeKuttaMerson: measured convergence order (4), accuracy-to-error behaviour, evaluation counts.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(RungeKuttaMerson, ConvergenceOrder) { testing::expectOrder<RungeKuttaMersonIntegrator>(4, 4e-2, 5e-2); }

TEST(RungeKuttaMerson, GlobalErrorFollowsAccuracy) {
  // Error-per-step control: global error ~ α^(order / (estimator order + 1)).
  EXPECT_NEAR(testing::accuracySlope<RungeKuttaMersonIntegrator>(), 1, 0.3);
}

}  // namespace
}  // namespace articula

namespace articula {
namespace {

TEST(RungeKuttaMerson, TriplePendulumEnergyConservedToAccuracy) {
  testing::PendulumModel m(3, 1.2);
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setAccuracy(1e-6);
  integ.initialize(m.state);
  const Real e0 = m.energy(m.state);
  Real worst = 0;
  for (int k = 1; k <= 1000; ++k) {  // report every 10 ms for 10 s
    integ.stepTo(k * 0.01);
    if (k == 1) integ.stepTo(0.01);
    worst = std::max(worst, std::abs(m.energy(integ.getState()) - e0));
  }
  // Energy is relative to rest; its scale is the initial energy (~ m g L).
  std::printf("[ energy ] triple pendulum 10 s at 1e-6: max |dE| / E0 = %.2e, %ld steps, %ld evaluations\n", worst / e0,
              static_cast<long>(integ.getStatistics().stepsTaken),
              static_cast<long>(integ.getStatistics().derivativeEvaluations));
  EXPECT_LT(worst / e0, 1e-5);
}

TEST(RungeKuttaMerson, StatisticsAreConsistent) {
  testing::PendulumModel m(3, 1.2);
  RungeKuttaMersonIntegrator integ(m.system);
  testing::runControlled(integ, m.state, 1e-5, 2.0);
  const auto& st = integ.getStatistics();
  EXPECT_GT(st.errorTestFailures, 0);  // a chaotic swing needs some retries
  EXPECT_EQ(st.stepsTaken + st.errorTestFailures + st.convergenceFailures, st.stepsAttempted);
  // Start; four new stages per attempt; the end-of-step evaluation of each accepted step.
  EXPECT_EQ(st.derivativeEvaluations, 1 + 4 * st.stepsAttempted + st.stepsTaken);
  // Start; each trial state is projected before its error test.
  EXPECT_EQ(st.projections, 1 + st.stepsAttempted);
  EXPECT_GE(st.realizations, st.derivativeEvaluations);
  EXPECT_GT(integ.getActualInitialStepSize(), 0);
  EXPECT_GT(integ.getPreviousStepSize(), 0);
}

}  // namespace
}  // namespace articula
