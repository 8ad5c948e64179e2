// SemiExplicitEuler2: first order, error-controlled by step doubling.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(SemiExplicitEuler2, ConvergenceOrder) { testing::expectOrder<SemiExplicitEuler2Integrator>(1, 1e-3, 2e-3); }

TEST(SemiExplicitEuler2, GlobalErrorFollowsAccuracy) {
  // First-order method, first-order estimate: global error ~ α^(1/2).
  EXPECT_NEAR(testing::accuracySlope<SemiExplicitEuler2Integrator>(), 0.5, 0.3);
}

TEST(SemiExplicitEuler2, TwoEvaluationsPerAttempt) {
  testing::PendulumModel m(2, 0.5);
  SemiExplicitEuler2Integrator integ(m.system);
  testing::runControlled(integ, m.state, 1e-4, 1.0);
  const auto& st = integ.getStatistics();
  EXPECT_EQ(st.derivativeEvaluations, 1 + st.stepsAttempted + st.stepsTaken);
}

}  // namespace
}  // namespace articula
