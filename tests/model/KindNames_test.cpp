// A kind's name table gives the file's name of each value and back; unknown names are none.
#include "articula/model/KindNames.h"

#include <gtest/gtest.h>

namespace articula::model {

enum class Fruit { Apple, BloodOrange };

template <>
const std::vector<KindName<Fruit>>& kindTable<Fruit>() {
  static const std::vector<KindName<Fruit>> table{{Fruit::Apple, "apple"}, {Fruit::BloodOrange, "blood_orange"}};
  return table;
}

namespace {

TEST(KindNames, NamesAndValuesMapBothWays) {
  EXPECT_EQ(nameOf(Fruit::BloodOrange), "blood_orange");
  EXPECT_EQ(kindNamed<Fruit>("apple"), Fruit::Apple);
  EXPECT_FALSE(kindNamed<Fruit>("pear"));
  EXPECT_FALSE(kindNamed<Fruit>("Apple"));  // names are exact
}

TEST(KindNames, ListsTheNamesInTableOrder) {
  EXPECT_EQ(kindNames<Fruit>(), (std::vector<std::string>{"apple", "blood_orange"}));
  EXPECT_EQ(kindList<Fruit>(), "apple, blood_orange");
}

}  // namespace
}  // namespace articula::model
