#include "articula/system/Stage.h"

#include <gtest/gtest.h>

#include <string>

namespace articula {
namespace {

// Theory Manual §11.1: the stage numbers and their order.
TEST(Stage, NumbersFollowTheTheoryManual) {
  EXPECT_EQ(static_cast<int>(Stage::Empty), 0);
  EXPECT_EQ(static_cast<int>(Stage::Topology), 1);
  EXPECT_EQ(static_cast<int>(Stage::Model), 2);
  EXPECT_EQ(static_cast<int>(Stage::Instance), 3);
  EXPECT_EQ(static_cast<int>(Stage::Time), 4);
  EXPECT_EQ(static_cast<int>(Stage::Position), 5);
  EXPECT_EQ(static_cast<int>(Stage::Velocity), 6);
  EXPECT_EQ(static_cast<int>(Stage::Dynamics), 7);
  EXPECT_EQ(static_cast<int>(Stage::Acceleration), 8);
  EXPECT_EQ(static_cast<int>(Stage::Report), 9);
  EXPECT_EQ(NumStages, 10);
  EXPECT_LT(Stage::Position, Stage::Velocity);
}

TEST(Stage, NextAndPreviousAreInverse) {
  for (int k = 0; k + 1 < NumStages; ++k) {
    const Stage s = static_cast<Stage>(k);
    EXPECT_EQ(static_cast<int>(nextStage(s)), k + 1);
    EXPECT_EQ(prevStage(nextStage(s)), s);
  }
  static_assert(nextStage(Stage::Dynamics) == Stage::Acceleration);
  static_assert(prevStage(Stage::Time) == Stage::Instance);
}

TEST(Stage, NamesAreDistinctAndOutOfRangeIsMarked) {
  const char* expected[NumStages] = {"Empty",    "Topology", "Model",    "Instance",     "Time",
                                     "Position", "Velocity", "Dynamics", "Acceleration", "Report"};
  for (int k = 0; k < NumStages; ++k) EXPECT_EQ(std::string(stageName(static_cast<Stage>(k))), expected[k]);
  EXPECT_EQ(std::string(stageName(static_cast<Stage>(-1))), "Invalid");
  EXPECT_EQ(std::string(stageName(static_cast<Stage>(NumStages))), "Invalid");
}

}  // namespace
}  // namespace articula
