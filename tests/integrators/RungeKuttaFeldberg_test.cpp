// RungeKuttaFeldberg: measured convergence order (5), accuracy-to-error behaviour, evaluation counts.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(RungeKuttaFeldberg, ConvergenceOrder) { testing::expectOrder<RungeKuttaFeldbergIntegrator>(5, 0.025, 0.05); }

TEST(RungeKuttaFeldberg, GlobalErrorFollowsAccuracy) {
  // Error-per-step control: global error ~ α^(order / (estimator order + 1)).
  EXPECT_NEAR(testing::accuracySlope<RungeKuttaFeldbergIntegrator>(), 1, 0.3);
}

}  // namespace
}  // namespace articula
