// makeIntegrator: every method by name; unknown names list the known ones.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

TEST(IntegratorFactory, EveryMethodByName) {
  testing::PendulumModel m;
  for (const char* name : {"ExplicitEuler", "RungeKutta2", "RungeKutta3", "RungeKuttaMerson", "RungeKuttaFeldberg",
                           "DormandPrince54", "SemiExplicitEuler", "SemiExplicitEuler2", "VelocityVerlet"}) {
    auto integ = makeIntegrator(name, m.system);
    EXPECT_STREQ(integ->getMethodName(), name);
  }
}

TEST(IntegratorFactory, UnknownNameListsTheKnownOnes) {
  testing::PendulumModel m;
  try {
    makeIntegrator("RK45", m.system);
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'RK45'"), std::string::npos);
    EXPECT_NE(what.find("RungeKuttaMerson"), std::string::npos);
  }
}

}  // namespace
}  // namespace articula
