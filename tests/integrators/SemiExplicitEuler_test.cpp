// SemiExplicitEuler: first order, symplectic (bounded energy error), fixed step only.
#include <gtest/gtest.h>

#include <cmath>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(SemiExplicitEuler, ConvergenceOrder) { testing::expectOrder<SemiExplicitEulerIntegrator>(1, 1e-3, 2e-3); }

TEST(SemiExplicitEuler, EnergyErrorStaysBoundedWhereExplicitEulerDrifts) {
  testing::PendulumModel m(1, 1.0);
  const Real e0 = m.energy(m.state);
  auto maxEnergyError = [&](Integrator& integ) {
    integ.setFixedStepSize(0.01);
    integ.initialize(m.state);
    Real worst = 0;
    for (int k = 1; k <= 100; ++k) {  // 100 s, ~50 periods
      integ.stepTo(k);
      integ.stepTo(k);
      worst = std::max(worst, std::abs(m.energy(integ.getState()) - e0));
    }
    return worst;
  };
  SemiExplicitEulerIntegrator symplectic(m.system);
  ExplicitEulerIntegrator euler(m.system);
  const Real bounded = maxEnergyError(symplectic), drift = maxEnergyError(euler);
  std::printf("[ energy ] 100 s, h = 0.01: SemiExplicitEuler %.2e J, ExplicitEuler %.2e J (E0 = %.3f J)\n", bounded,
              drift, e0);
  EXPECT_LT(bounded, 0.05 * e0);
  EXPECT_GT(drift, 10 * bounded);
}

TEST(SemiExplicitEuler, NeedsAStepSize) {
  testing::PendulumModel m;
  SemiExplicitEulerIntegrator integ(m.system);
  EXPECT_FALSE(integ.hasErrorControl());
  EXPECT_THROW(integ.initialize(m.state), Error);
  integ.setFixedStepSize(0.01);
  integ.initialize(m.state);
  integ.stepTo(0.1);
  EXPECT_EQ(integ.stepTo(0.1), StepOutcome::ReachedReportTime);
  EXPECT_EQ(integ.getStatistics().stepsTaken, 10);
  EXPECT_EQ(integ.getStatistics().derivativeEvaluations, 11);  // one per step plus the start
}

}  // namespace
}  // namespace articula
