// Every constraint type has exactly one entry in the registry, found by value and by name.
#include "model/ConstraintFields.h"

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

TEST(ConstraintFields, MotionLevelsByNameAndBack) {
  EXPECT_EQ(kindList<articula::MotionLevel>(), "position, velocity, acceleration");
  for (const auto& k : kindTable<articula::MotionLevel>())
    EXPECT_EQ(kindNamed<articula::MotionLevel>(nameOf(k.kind)), k.kind);
  EXPECT_EQ(kindNamed<articula::MotionLevel>("velocity"), articula::MotionLevel::Velocity);
  EXPECT_FALSE(kindNamed<articula::MotionLevel>("jerk"));
}

TEST(ConstraintFields, JointMotionLevelReadWrittenAndAnUnknownOneRefused) {
  JointSpec pin;
  pin.type = JointType::Pin;
  const auto motion = [](const char* level) {
    return nlohmann::json{{"level", level},
                          {"functions", {{{"type", "constant"}, {"coefficients", {0.5}}, {"args", {"t"}}}}}};
  };
  const nlohmann::json good = motion("acceleration");
  const MotionSpec s = readJointMotion(JsonNode(good, "m.json", "/bodies/1/joint/motion"), pin);
  EXPECT_EQ(s.level, articula::MotionLevel::Acceleration);
  EXPECT_EQ(writeJointMotion(s).at("level"), "acceleration");
  EXPECT_EQ(readJointMotion(JsonNode(nlohmann::json{{"functions", good["functions"]}}, "m.json"), pin).level,
            articula::MotionLevel::Position);  // the default
  const nlohmann::json bad = motion("jerk");
  try {
    readJointMotion(JsonNode(bad, "m.json", "/bodies/1/joint/motion"), pin);
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_STREQ(e.what(),
                 "m.json: /bodies/1/joint/motion/level = \"jerk\": must be one of: position, velocity, acceleration");
  }
}
