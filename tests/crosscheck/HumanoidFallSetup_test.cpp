// The setup of bench-compare's humanoid_fall case (bench/compare/humanoid_fall.h): both engines
// load the same humanoid.xml with the same bodies and degrees of freedom and start from the same
// pose (MuJoCo's qpos0); and the trace's first-contact and rest times on made-up samples.
#include <gtest/gtest.h>

#include <filesystem>

#include "humanoid_fall.h"

using namespace articula::bench;

TEST(HumanoidFallSetup, BothEnginesLoadTheSameModelInTheSamePose) {
  if (!std::filesystem::exists(kHumanoidFile)) GTEST_SKIP() << kHumanoidFile << " is not here";
  const HumanoidSetupCheck c = checkHumanoidSetup(kHumanoidFile);
  // humanoid.xml: torso on a free joint and 15 more bodies; 6 + 21 hinges = 27 dofs (its header).
  EXPECT_EQ(c.mujocoBodies, 16);
  EXPECT_EQ(c.mujocoDofs, 27);
  EXPECT_EQ(c.articulaBodies, c.mujocoBodies);
  EXPECT_EQ(c.articulaDofs, c.mujocoDofs);
  EXPECT_EQ(c.matched, c.mujocoBodies);
  EXPECT_LT(c.originDiff, 1e-12);
  EXPECT_LT(c.rotationDiff, 1e-12);
}

TEST(HumanoidFallSetup, TraceFindsFirstContactAndRest) {
  // Torso falling at 1 m/s for 10 samples, then still; contact from the 4th sample on.
  HumanoidTrace t;
  for (int i = 0; i < 20; ++i) {
    const double z = 1.0 - kHumanoidSampleStep * std::min(i, 10);
    t.torso.push_back({0, 0, z});
    t.contacts.push_back(i >= 4 ? 2 : 0);
  }
  finishTrace(t);
  EXPECT_DOUBLE_EQ(t.firstContact, 4 * kHumanoidSampleStep);
  EXPECT_DOUBLE_EQ(t.rest, 10 * kHumanoidSampleStep);  // the last interval moving ends at sample 10
  EXPECT_DOUBLE_EQ(t.heightAt(10 * kHumanoidSampleStep), 1.0 - 10 * kHumanoidSampleStep);
  // Still moving in the last interval: never at rest.
  t.torso.back()[0] = 1;
  finishTrace(t);
  EXPECT_EQ(t.rest, -1);
}
