// Contact material specs become the contact layer's materials by type, checked by its validate().
#include "articula/model/ContactMaterials.h"

#include <gtest/gtest.h>

using namespace articula;
using namespace articula::model;

TEST(ContactMaterials, TypesAreNamedHertzAndPenalty) {
  EXPECT_EQ(kindList<ContactMaterialType>(), "hertz, penalty");
  EXPECT_EQ(kindNamed<ContactMaterialType>("penalty"), ContactMaterialType::Penalty);
  EXPECT_FALSE(kindNamed<ContactMaterialType>("hunt_crossley"));
}

TEST(ContactMaterials, ValidationFollowsTheType) {
  ContactMaterialSpec s;
  s.name = "m";
  s.type = ContactMaterialType::Hertz;
  s.parameters["youngs_modulus"] = 1e6;
  EXPECT_NO_THROW(validateContactMaterial(s));
  EXPECT_EQ(toContactMaterial(s).youngsModulus, 1e6);
  s.type = ContactMaterialType::Penalty;  // without a force curve
  EXPECT_ANY_THROW(validateContactMaterial(s));
  s.forceCurve = {{{0, 0}}, {{0.01, 100}}};
  EXPECT_NO_THROW(validateContactMaterial(s));
}
