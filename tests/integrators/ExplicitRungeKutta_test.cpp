// The tableau-driven RK core: validation, FSAL detection, and a user tableau (classic RK4)
// becoming a working integrator of the right order.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

ButcherTableau classicRK4() {
  // Error weights: difference from the 3/8 rule would need another stage; the RK2 midpoint
  // solution y0 + h k2 is enough for a test (estimator order 1).
  return ButcherTableau{"ClassicRK4",
                        4,
                        1,
                        {0, 0.5, 0.5, 1},
                        {{}, {0.5}, {0, 0.5}, {0, 0, 1}},
                        {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6},
                        {1.0 / 6, 1.0 / 3 - 1, 1.0 / 3, 1.0 / 6}};
}

class ClassicRK4Integrator : public ExplicitRungeKuttaIntegrator {
 public:
  explicit ClassicRK4Integrator(const System& s) : ExplicitRungeKuttaIntegrator(s, classicRK4()) {}
};

TEST(ExplicitRungeKutta, UserTableauIsAWorkingIntegrator) { testing::expectOrder<ClassicRK4Integrator>(4, 1e-2, 5e-2); }

TEST(ExplicitRungeKutta, ValidationNamesTheTableauAndEntry) {
  ButcherTableau t = classicRK4();
  t.a[2] = {0, 0.4};
  try {
    t.validate();
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'ClassicRK4': row a[2] sums to 0.4"), std::string::npos) << e.what();
  }
  t = classicRK4();
  t.b.pop_back();
  EXPECT_THROW(t.validate(), Error);
  t = classicRK4();
  t.b[0] = 0.5;
  EXPECT_THROW(t.validate(), Error);
}

TEST(ExplicitRungeKutta, FirstSameAsLastDetection) {
  testing::PendulumModel m;
  EXPECT_TRUE(ExplicitEulerIntegrator(m.system).getTableau().isFSAL());
  EXPECT_TRUE(RungeKutta2Integrator(m.system).getTableau().isFSAL());
  EXPECT_TRUE(RungeKutta3Integrator(m.system).getTableau().isFSAL());
  EXPECT_TRUE(DormandPrince54Integrator(m.system).getTableau().isFSAL());
  EXPECT_FALSE(RungeKuttaMersonIntegrator(m.system).getTableau().isFSAL());
  EXPECT_FALSE(RungeKuttaFeldbergIntegrator(m.system).getTableau().isFSAL());
  EXPECT_FALSE(classicRK4().isFSAL());
}

TEST(ExplicitRungeKutta, InterpolationMidpointCostsOneHalfStepPerInterpolatedStep) {
  testing::PendulumModel m(2, 0.5);
  RungeKuttaMersonIntegrator integ(m.system);
  integ.setReturnEveryInternalStep(true);
  integ.initialize(m.state);
  integ.stepTo(1);
  integ.stepTo(1);
  const auto before = integ.getStatistics().derivativeEvaluations;
  State s = integ.getState();
  const Real t0 = integ.getPreviousTime(), t1 = integ.getAdvancedTime();
  for (Real theta : {0.1, 0.4, 0.9}) integ.interpolate(t0 + theta * (t1 - t0), s);
  // Merson's half step: four new stages and the midpoint derivative, once for the three calls.
  EXPECT_EQ(integ.getStatistics().derivativeEvaluations, before + 5);
}

}  // namespace
}  // namespace articula
