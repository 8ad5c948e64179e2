// DormandPrince54: measured convergence order (5), accuracy-to-error behaviour, evaluation counts.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(DormandPrince54, ConvergenceOrder) { testing::expectOrder<DormandPrince54Integrator>(5, 0.025, 0.05); }

TEST(DormandPrince54, GlobalErrorFollowsAccuracy) {
  // Error-per-step control: global error ~ α^(order / (estimator order + 1)).
  EXPECT_NEAR(testing::accuracySlope<DormandPrince54Integrator>(), 1, 0.3);
}

}  // namespace
}  // namespace articula

namespace articula {
namespace {

TEST(DormandPrince54, ReferenceAgreesWithFixedStepFehlberg) {
  // The tests' reference solution (DOPRI at 1e-12) against an independent method and step.
  testing::PendulumModel m(2, 1.0);
  RungeKuttaFeldbergIntegrator rkf(m.system);
  const Vector fixed = testing::runFixed(rkf, m.state, 1e-3, 2.0);
  EXPECT_LT((fixed - testing::reference(m.system, m.state, 2.0)).cwiseAbs().maxCoeff(), 1e-10);
}

TEST(DormandPrince54, FirstSameAsLastCostsSixEvaluationsPerAttempt) {
  testing::PendulumModel m(3, 1.0);
  DormandPrince54Integrator integ(m.system);
  testing::runControlled(integ, m.state, 1e-6, 2.0);
  const auto& st = integ.getStatistics();
  // One evaluation at initialize, six per attempt (k2..k7), none at the end of a step (k7 is
  // the end state's derivative; pins have nothing to project).
  EXPECT_EQ(st.derivativeEvaluations, 1 + 6 * st.stepsAttempted);
}

TEST(DormandPrince54, DenseOutputIsFourthOrder) {
  // Interpolation at the middle of a single step from the exact start: error ~ h^5 locally.
  testing::PendulumModel m(2, 1.0);
  std::vector<Real> errors;
  for (Real h : {0.2, 0.1, 0.05}) {
    DormandPrince54Integrator integ(m.system);
    integ.setFixedStepSize(h);
    integ.initialize(m.state);
    integ.stepTo(h);
    integ.stepTo(h);
    State mid = integ.getState();
    integ.interpolate(h / 2, mid);
    const Vector ref = testing::reference(m.system, m.state, h / 2);
    errors.push_back((mid.getY() - ref).cwiseAbs().maxCoeff());
  }
  const Real order1 = std::log2(errors[0] / errors[1]), order2 = std::log2(errors[1] / errors[2]);
  std::printf("[ dense ] DormandPrince54 local interpolation orders %.2f %.2f\n", order1, order2);
  EXPECT_GT(order2, 4.5);  // local error h^5 of a fourth-order interpolant
}

}  // namespace
}  // namespace articula
