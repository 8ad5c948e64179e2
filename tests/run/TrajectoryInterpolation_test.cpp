#include <gtest/gtest.h>

#include "articula/run/TrajectoryReader.h"
#include "support/RenderTestRuns.h"

using namespace articula::run;

TEST(TrajectoryInterpolation, MatchesFramesAndInterpolatesBetween) {
  const RunTrajectory run = parseTrajectoryJson(articula::test::pendulumTrajectoryJson(11, 0.1), "t.json");
  const TrajectoryFrame at = interpolateFrame(run, 0.3);
  EXPECT_NEAR((at.poses[1].position - run.frames[3].poses[1].position).norm(), 0, 1e-12);
  const TrajectoryFrame mid = interpolateFrame(run, 0.35);
  const Eigen::Vector3d expected = 0.5 * (run.frames[3].poses[1].position + run.frames[4].poses[1].position);
  EXPECT_NEAR((mid.poses[1].position - expected).norm(), 0, 1e-12);
  EXPECT_NEAR(mid.poses[1].orientation.norm(), 1, 1e-12);
  EXPECT_LT(mid.poses[1].orientation.angularDistance(run.frames[3].poses[1].orientation),
            run.frames[4].poses[1].orientation.angularDistance(run.frames[3].poses[1].orientation));
  EXPECT_DOUBLE_EQ(interpolateFrame(run, -5).t, 0);
  EXPECT_DOUBLE_EQ(interpolateFrame(run, 50).t, 1.0);
}
