// The scenario's integrator names are the integrators' registry, in its order; unknown names are none.
#include "articula/model/IntegratorMethodNames.h"

#include <gtest/gtest.h>

using namespace articula;
using namespace articula::model;

TEST(IntegratorMethodNames, TheIntegratorsRegistryBothWays) {
  ASSERT_EQ(kindTable<IntegratorMethod>().size(), integratorMethods().size());
  for (const IntegratorMethod m : integratorMethods()) {
    EXPECT_EQ(nameOf(m), integratorName(m));
    EXPECT_EQ(kindNamed<IntegratorMethod>(nameOf(m)), m);
  }
  EXPECT_EQ(kindNamed<IntegratorMethod>("RosenbrockW3"), IntegratorMethod::RosenbrockW3);
  EXPECT_FALSE(kindNamed<IntegratorMethod>("RK45"));
  EXPECT_EQ(kindList<IntegratorMethod>().rfind("ExplicitEuler, RungeKutta2, ", 0), 0u);
  EXPECT_EQ(kindNames<IntegratorMethod>().back(), "CvodeAdams");
}
