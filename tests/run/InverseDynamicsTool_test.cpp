// OpenSim's Inverse Dynamics tool from OpenSim's own setup files, against OpenSim's result.
#include "articula/run/InverseDynamicsTool.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "articula/files/StorageTable.h"

namespace articula::run {
namespace {

const std::string kFixtures = ARTICULA_FIXTURES "/opensim";

// gait2354: the same frames at the same times (OpenSim's padded, resampled time column) and the
// generalized forces against OpenSim's inverse_dynamics.sto, per coordinate RMS difference over
// peak |generalized force| printed. The goal is 2 %; today the ankles agree within 0.6 % and the
// rest within 31 % (left knee 14 %, subtalar 12-31 %: differences in stance, with the foot
// loaded; see docs/opensim.md "Inverse dynamics"). Bounds: ankles 1 %, the others 35 %.
TEST(InverseDynamicsTool, Gait2354AgreesWithOpenSim) {
  const std::string dir = kFixtures + "/gait2354";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " absent";
  const char* setupOverride = std::getenv("ARTICULA_ID_SETUP");
  InverseDynamicsTool tool(
      model::readInverseDynamicsSetup(setupOverride ? setupOverride : dir + "/subject01_Setup_InverseDynamics.xml"));
  const files::StorageTable ours = tool.run();
  if (const char* dump = std::getenv("ARTICULA_ID_DUMP")) files::writeStorageFile(dump, ours);
  const files::StorageTable ref = files::readStorage(dir + "/reference/inverse_dynamics.sto");
  // Timing (Release figures in docs/opensim.md): preparation once, the frames' ID repeated.
  const int repeats = 200;
  for (int i = 0; i < repeats; ++i) tool.run();
  std::printf("prepare %.2f ms; %d frames: %.0f frames/s\n", 1e3 * tool.timings().prepareSeconds, tool.timings().frames,
              tool.timings().frames / tool.timings().framesSeconds);
  ASSERT_EQ(ours.labels, ref.labels);
  ASSERT_EQ(ours.rows(), ref.rows());
  const size_t nc = ref.labels.size(), nr = ref.rows();
  for (size_t r = 0; r < nr; ++r) EXPECT_NEAR(ours.values[r * nc], ref.values[r * nc], 1e-7) << "row " << r;
  for (size_t k = 1; k < nc; ++k) {
    double sum = 0, peak = 0, worst = 0;
    for (size_t r = 0; r < nr; ++r) {
      const double d = ours.values[r * nc + k] - ref.values[r * nc + k];
      sum += d * d;
      peak = std::max(peak, std::abs(ref.values[r * nc + k]));
      worst = std::max(worst, std::abs(d));
    }
    const double rms = std::sqrt(sum / nr);
    std::printf("%-26s rms %10.5f  max %10.5f  peak %9.3f  rms/peak %6.3f %%\n", ref.labels[k].c_str(), rms, worst,
                peak, 100 * rms / peak);
    const bool ankle = ref.labels[k].rfind("ankle_angle", 0) == 0;
    EXPECT_LE(rms, (ankle ? 0.01 : 0.35) * peak) << ref.labels[k];
  }
}

// gait10dof18musc: every frame of the trial; the pelvis residual forces (what the ground
// reactions and gravity leave unexplained) small against the body weight (72.6 kg): a wrong
// gravity, load point or frame would leave residuals of the order of the body weight.
TEST(InverseDynamicsTool, Gait10dofResidualsSmallAgainstBodyWeight) {
  const std::string dir = kFixtures + "/gait10dof18musc";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " absent";
  InverseDynamicsTool tool(model::readInverseDynamicsSetup(dir + "/ID/walk_Setup_ID.xml"));
  const files::StorageTable out = tool.run();
  ASSERT_EQ(out.rows(), 151u);
  ASSERT_EQ(out.labels.size(), 11u);
  const double weight = 72.6 * 9.80665;
  for (const char* label : {"pelvis_tx_force", "pelvis_ty_force"}) {
    const size_t k = *out.column(label), nc = out.labels.size();
    double sum = 0;
    for (size_t r = 0; r < out.rows(); ++r) sum += out.values[r * nc + k] * out.values[r * nc + k];
    const double rms = std::sqrt(sum / out.rows());
    std::printf("%s rms %.2f N = %.2f %% of body weight\n", label, rms, 100 * rms / weight);
    EXPECT_LT(rms, 0.05 * weight) << label;
  }
}

}  // namespace
}  // namespace articula::run
