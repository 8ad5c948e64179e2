// Every constraint type has exactly one entry in the registry, found by value and by name.
#include "../../src/model/ConstraintFields.h"

#include <gtest/gtest.h>

#include <set>

using namespace articula::model;

TEST(ConstraintFields, EveryTypeHasOneEntry) {
  std::set<ConstraintType> seen;
  for (const ConstraintTypeInfo& t : constraintTypes()) {
    EXPECT_TRUE(seen.insert(t.type).second) << t.name;
    EXPECT_EQ(&constraintTypeInfo(t.type), &t);
    EXPECT_EQ(kindNamed<ConstraintType>(t.name), t.type);
    EXPECT_EQ(nameOf(t.type), t.name);
  }
  EXPECT_EQ(seen.size(), size_t(ConstraintType::LineOnLine) + 1);
  EXPECT_EQ(nameOf(ConstraintType::NoSlip1D), "no_slip_1d");
}
