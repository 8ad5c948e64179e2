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

const std::string kFixtures = "/work/shared/external/opensim";

// gait2354: every coordinate's RMS difference from OpenSim's inverse_dynamics.sto within 2 % of
// its peak |generalized force| over the trial; the same frames at the same times.
TEST(InverseDynamicsTool, Gait2354AgreesWithOpenSim) {
  const std::string dir = kFixtures + "/gait2354";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " absent";
  const char* setupOverride = std::getenv("ARTICULA_ID_SETUP");
  InverseDynamicsTool tool(model::readInverseDynamicsSetup(setupOverride ? setupOverride : dir + "/subject01_Setup_InverseDynamics.xml"));
  const files::StorageTable ours = tool.run();
  if (const char* dump = std::getenv("ARTICULA_ID_DUMP")) files::writeStorageFile(dump, ours);
  const files::StorageTable ref = files::readStorage(dir + "/reference/inverse_dynamics.sto");
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
    EXPECT_LE(rms, 0.02 * peak) << ref.labels[k];
  }
}

}  // namespace
}  // namespace articula::run
