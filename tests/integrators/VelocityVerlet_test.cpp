// VelocityVerlet: second order (also with quaternions, thanks to the midpoint drift), error
// control, and the fixed-point iteration for velocity-dependent accelerations.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(VelocityVerlet, ConvergenceOrder) { testing::expectOrder<VelocityVerletIntegrator>(2, 1e-2, 2e-2); }

TEST(VelocityVerlet, GlobalErrorFollowsAccuracy) {
  // Second-order method with the manual's first-order (Euler-predictor) estimate: error ~ α.
  EXPECT_NEAR(testing::accuracySlope<VelocityVerletIntegrator>(), 1.0, 0.3);
}

TEST(VelocityVerlet, PositionOnlyForcesConvergeInTwoEvaluations) {
  // A single pendulum's udot does not depend on u: the first corrected iterate is the fixed
  // point, so each step costs exactly two evaluations.
  testing::PendulumModel m(1, 0.5);
  VelocityVerletIntegrator integ(m.system);
  testing::runFixed(integ, m.state, 0.01, 1.0);
  EXPECT_EQ(integ.getStatistics().derivativeEvaluations, 1 + 2 * integ.getStatistics().stepsTaken);
}

TEST(VelocityVerlet, IterationLimitIsValidated) {
  testing::PendulumModel m;
  VelocityVerletIntegrator integ(m.system);
  EXPECT_THROW(integ.setMaxIterations(1), Error);
  EXPECT_NO_THROW(integ.setMaxIterations(3));
}

}  // namespace
}  // namespace articula
