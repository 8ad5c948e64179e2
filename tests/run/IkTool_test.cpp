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

const std::string kFixtures = ARTICULA_FIXTURES "/opensim/";

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

// OpenSim's gait2354 result holds subtalar_angle_r and _l at 5.1728° and 14.9492° in every frame
// (to 1e-5°): its coordinate tasks (weight 1000, value_type default_value) pulled them to the
// default values of the model OpenSim ran, which were those; the fixture model's are 0. Run
// unchanged, the setup holds them at 0 (checked); with the tasks' targets set to OpenSim's values
// (manual_value, as a setup file can say), every coordinate agrees.
TEST(IkTool, Gait2354AgreesWithOpenSim) {
  const std::string file = kFixtures + "gait2354/subject01_Setup_IK.xml";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no OpenSim fixtures";
  model::IkSetup setup = model::readIkSetup(file);
  const IkTrial unchanged = runInverseKinematics(setup);
  EXPECT_EQ(unchanged.markers.size(), 31u);  // every applied marker task: model and trial have them all
  ASSERT_EQ(unchanged.coordinates.size(), 23u);
  EXPECT_EQ(unchanged.coordinates[11], "subtalar_angle_r");
  for (const std::vector<Real>& q : unchanged.q) EXPECT_LT(std::abs(q[11]), 1e-3);
  for (model::IkCoordinateTask& t : setup.coordinateTasks)
    if (t.name.starts_with("subtalar_angle_")) {
      t.valueType = model::IkValueType::ManualValue;
      t.value = (t.name.ends_with("_r") ? 5.17279 : 14.94924) * M_PI / 180;
    }
  const IkTrial trial = runInverseKinematics(setup);
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
