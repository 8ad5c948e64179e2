// Every force type has exactly one entry in the registry, found by value and by name.
#include "../../src/model/ForceFields.h"

#include <gtest/gtest.h>

#include <set>

using namespace articula::model;

TEST(ForceFields, EveryTypeHasOneEntry) {
  std::set<ForceType> seen;
  for (const ForceTypeInfo& t : forceTypes()) {
    EXPECT_TRUE(seen.insert(t.type).second) << t.name;
    EXPECT_EQ(&forceTypeInfo(t.type), &t);
    EXPECT_EQ(kindNamed<ForceType>(t.name), t.type);
    EXPECT_EQ(nameOf(t.type), t.name);
  }
  EXPECT_EQ(seen.size(), size_t(ForceType::TorquePulse) + 1);
  EXPECT_FALSE(kindNamed<ForceType>("spring"));
}
