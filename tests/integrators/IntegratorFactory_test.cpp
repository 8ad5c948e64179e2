// makeIntegrator: every method by value and by name; unknown names list the known ones. The
// registry names each method as the method names itself.
#include <gtest/gtest.h>

#include <set>

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

TEST(IntegratorFactory, EveryMethodHasOneEntryNamedAsTheMethodNamesItself) {
  testing::PendulumModel m;
  std::set<IntegratorMethod> seen;
  for (const IntegratorMethod method : integratorMethods()) {
    EXPECT_TRUE(seen.insert(method).second) << integratorName(method);
    EXPECT_EQ(integratorNamed(integratorName(method)), method);
    EXPECT_EQ(makeIntegrator(method, m.system)->getMethodName(), integratorName(method));
  }
  EXPECT_EQ(seen.size(), size_t(IntegratorMethod::CvodeAdams) + 1);
  EXPECT_EQ(integratorName(IntegratorMethod::CvodeBDF), "CvodeBDF");
  EXPECT_FALSE(integratorNamed("RK45"));
  EXPECT_FALSE(integratorNamed("rungekuttamerson"));  // names are exact
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
