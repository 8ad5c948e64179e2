// Every geometry type has one entry with its name and its size fields, all among the known ones.
#include "model/GeometryFields.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace articula::model;

TEST(GeometryFields, EveryTypeHasOneEntry) {
  const auto& types = geometryTypes();
  EXPECT_EQ(types.size(), size_t(GeometryType::Mesh) + 1);
  for (const GeometryTypeInfo& t : types) {
    EXPECT_EQ(&geometryTypeInfo(t.type), &t);
    EXPECT_EQ(kindNamed<GeometryType>(t.name), t.type);
  }
  EXPECT_EQ(kindList<GeometryType>(), "sphere, ellipsoid, box, cylinder, capsule, mesh");
}

TEST(GeometryFields, SizeFieldsAreAmongTheKnownOnes) {
  const auto& all = allGeometrySizeFields();
  for (const GeometryTypeInfo& t : geometryTypes()) {
    EXPECT_FALSE(t.sizeFields.empty()) << t.name;
    for (const std::string& k : t.sizeFields) EXPECT_NE(std::find(all.begin(), all.end(), k), all.end()) << k;
  }
  EXPECT_EQ(geometryTypeInfo(GeometryType::Capsule).sizeFields, (std::vector<std::string>{"radius", "half_length"}));
}
