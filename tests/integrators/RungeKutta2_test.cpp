// RungeKutta2: measured convergence order (2), accuracy-to-error behaviour, evaluation counts.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(RungeKutta2, ConvergenceOrder) { testing::expectOrder<RungeKutta2Integrator>(2, 1e-2, 2e-2); }

TEST(RungeKutta2, GlobalErrorFollowsAccuracy) {
  // Error-per-step control: global error ~ α^(order / (estimator order + 1)).
  EXPECT_NEAR(testing::accuracySlope<RungeKutta2Integrator>(), 1, 0.3);
}

}  // namespace
}  // namespace articula
