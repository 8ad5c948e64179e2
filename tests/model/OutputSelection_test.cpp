// The output items of --outputs and the scenario's "outputs" object (OutputSelection.h).
#include "articula/model/OutputSelection.h"

#include <gtest/gtest.h>

using namespace articula::model;

TEST(OutputSelection, ItemsSetGroupsBodiesDigitsAndAngles) {
  OutputSelection s;
  EXPECT_TRUE(s.wants(ColumnGroup::Reactions));  // nothing chosen: everything
  EXPECT_EQ(applyOutputItem("q,u,contact", s), "");
  EXPECT_EQ(applyOutputItem("q", s), "");  // no duplicates
  EXPECT_EQ(s.groups, (std::vector<ColumnGroup>{ColumnGroup::Coordinates, ColumnGroup::Speeds, ColumnGroup::Contact}));
  EXPECT_FALSE(s.wants(ColumnGroup::Reactions));
  EXPECT_EQ(applyOutputItem("bodies:head,pelvis", s), "");
  EXPECT_EQ(s.bodies, (std::vector<std::string>{"head", "pelvis"}));
  EXPECT_EQ(applyOutputItem("digits:17", s), "");
  EXPECT_EQ(s.digits, 17);
  EXPECT_EQ(applyOutputItem("angles:radians", s), "");
  EXPECT_EQ(s.angles, AngleUnit::Radians);
}

TEST(OutputSelection, BadItemsSayWhatIsWrong) {
  OutputSelection s;
  EXPECT_EQ(
      applyOutputItem("q,velocity", s),
      "unknown column group \"velocity\" (known: bodies, contact, q, u, udot, forces, reactions, constraints, energy)");
  EXPECT_EQ(applyOutputItem("digits:2", s), "digits must be a whole number from 3 to 17, not \"2\"");
  EXPECT_EQ(applyOutputItem("digits:9x", s), "digits must be a whole number from 3 to 17, not \"9x\"");
  EXPECT_EQ(applyOutputItem("angles:grad", s), "unknown angle unit \"grad\" (known: as_file, radians, degrees)");
  EXPECT_EQ(applyOutputItem("bodies:a,,b", s), "an empty body name in \"bodies:a,,b\"");
  EXPECT_NE(applyOutputItem("colour:red", s).find("unknown item \"colour:\""), std::string::npos);
  EXPECT_EQ(s.digits, kDefaultDigits);  // nothing applied
}
