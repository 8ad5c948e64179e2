// The Inverse Kinematics tool (include/articula/run/IkTool.h) run on OpenSim's own setup files,
// unchanged, against the motions OpenSim computed from them: per coordinate, the RMS difference
// over the trial must be within 1° (rotations) and 1 mm (translations). Skipped where the
// fixtures (../shared/external/opensim) are absent. Also the output tables' layouts.
#include "articula/run/IkTool.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

using namespace articula;
using namespace articula::run;

namespace {

const std::string kFixtures = "/work/shared/external/opensim/";

// RMS difference per coordinate of `trial` against OpenSim's motion `reference` (degrees), row by
// row at equal times; prints each figure.
void expectAgreement(const IkTrial& trial, const std::string& reference, double degLimit, double mmLimit) {
  const files::StorageTable ref = files::readStorage(reference);
  ASSERT_TRUE(ref.inDegrees);
  ASSERT_EQ(ref.rows(), trial.time.size());
  for (size_t c = 0; c < trial.coordinates.size(); ++c) {
    const auto col = ref.column(trial.coordinates[c]);
    ASSERT_TRUE(col) << trial.coordinates[c];
    double sum = 0;
    for (size_t r = 0; r < ref.rows(); ++r) {
      ASSERT_NEAR(ref.time(r), trial.time[r], 1e-6);
      const double mine = trial.angular[c] ? trial.q[r][c] * 180 / M_PI : trial.q[r][c];
      sum += std::pow(mine - ref.at(r, *col), 2);
    }
    const double rms = std::sqrt(sum / static_cast<double>(ref.rows()));
    if (trial.angular[c]) {
      std::printf("  %-20s RMS difference %.4f deg\n", trial.coordinates[c].c_str(), rms);
      EXPECT_LE(rms, degLimit) << trial.coordinates[c];
    } else {
      std::printf("  %-20s RMS difference %.4f mm\n", trial.coordinates[c].c_str(), rms * 1000);
      EXPECT_LE(rms * 1000, mmLimit) << trial.coordinates[c];
    }
  }
  double worst = 0;
  for (const IkFrameResult& f : trial.frames) worst = std::max(worst, f.maxError);
  std::printf("  %zu frames in %.3f s (%.0f frames/s); largest marker error %.1f mm\n", trial.time.size(),
              trial.solveSeconds, static_cast<double>(trial.time.size()) / trial.solveSeconds, worst * 1000);
}

}  // namespace

TEST(IkTool, Gait2354AgreesWithOpenSim) {
  const std::string setup = kFixtures + "gait2354/subject01_Setup_IK.xml";
  if (!std::filesystem::exists(setup)) GTEST_SKIP() << "no OpenSim fixtures";
  const IkTrial trial = runInverseKinematics(model::readIkSetup(setup));
  EXPECT_EQ(trial.markers.size(), 31u);  // every applied marker task: model and trial have them all
  EXPECT_EQ(trial.coordinates.size(), 23u);
  for (const IkFrameResult& f : trial.frames) EXPECT_TRUE(f.converged);
  expectAgreement(trial, kFixtures + "gait2354/subject01_walk1_ik.mot", 1.0, 1.0);
}

TEST(IkTool, Gait10dof18muscAgreesWithOpenSim) {
  const std::string setup = kFixtures + "gait10dof18musc/IK/walk_Setup_IK.xml";
  if (!std::filesystem::exists(setup)) GTEST_SKIP() << "no OpenSim fixtures";
  const IkTrial trial = runInverseKinematics(model::readIkSetup(setup));
  for (const IkFrameResult& f : trial.frames) EXPECT_TRUE(f.converged);
  expectAgreement(trial, kFixtures + "gait10dof18musc/IK/subject01_walk_IK.mot", 1.0, 1.0);
}
