// RungeKutta3: measured convergence order (3), accuracy-to-error behaviour, evaluation counts.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(RungeKutta3, ConvergenceOrder) { testing::expectOrder<RungeKutta3Integrator>(3, 2e-2, 4e-2); }

TEST(RungeKutta3, GlobalErrorFollowsAccuracy) {
  // Error-per-step control: global error ~ α^(order / (estimator order + 1)).
  EXPECT_NEAR(testing::accuracySlope<RungeKutta3Integrator>(), 1, 0.3);
}

}  // namespace
}  // namespace articula
