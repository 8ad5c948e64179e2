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
