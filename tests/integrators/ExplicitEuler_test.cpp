// ExplicitEuler: measured convergence order (1), accuracy-to-error behaviour, evaluation counts.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(ExplicitEuler, ConvergenceOrder) { testing::expectOrder<ExplicitEulerIntegrator>(1, 1e-3, 2e-3); }

TEST(ExplicitEuler, GlobalErrorFollowsAccuracy) {
  // Error-per-step control: global error ~ α^(order / (estimator order + 1)).
  EXPECT_NEAR(testing::accuracySlope<ExplicitEulerIntegrator>(), 0.5, 0.3);
}

}  // namespace
}  // namespace articula
