// OpenSim's InverseDynamicsTool and ExternalLoads files read as plain data.
#include "articula/model/InverseDynamicsSetup.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "articula/model/ExternalLoads.h"
#include "articula/model/ModelError.h"

namespace articula::model {
namespace {

const std::string kDir = ARTICULA_FIXTURES "/opensim/gait2354";

TEST(InverseDynamicsSetup, ReadsGait2354Setup) {
  if (!std::filesystem::exists(kDir)) GTEST_SKIP() << kDir << " absent";
  const InverseDynamicsSetup s = readInverseDynamicsSetup(kDir + "/subject01_Setup_InverseDynamics.xml");
  EXPECT_EQ(s.name, "subject01_walk1");
  EXPECT_EQ(s.modelFile, kDir + "/subject01_simbody.osim");
  EXPECT_EQ(s.coordinatesFile, kDir + "/subject01_walk1_ik.mot");
  EXPECT_EQ(s.externalLoadsFile, kDir + "/subject01_walk1_grf.xml");
  EXPECT_EQ(s.resultsDirectory, kDir + "/ResultsInverseDynamics");
  EXPECT_EQ(s.outputGenForceFile, "inverse_dynamics.sto");
  EXPECT_DOUBLE_EQ(s.startTime, 0.4);
  EXPECT_DOUBLE_EQ(s.endTime, 1.6);
  EXPECT_EQ(s.forcesToExclude, std::vector<std::string>{"Muscles"});
  EXPECT_DOUBLE_EQ(s.lowpassCutoff, 6);
}

TEST(ExternalLoads, ReadsGait2354Loads) {
  if (!std::filesystem::exists(kDir)) GTEST_SKIP() << kDir << " absent";
  const ExternalLoadsSpec l = readExternalLoads(kDir + "/subject01_walk1_grf.xml");
  EXPECT_EQ(l.dataFile, kDir + "/subject01_walk1_grf.mot");
  ASSERT_EQ(l.forces.size(), 2u);
  EXPECT_EQ(l.forces[1].name, "left");
  EXPECT_EQ(l.forces[1].appliedToBody, "calcn_l");
  EXPECT_EQ(l.forces[1].forceExpressedIn, "ground");
  EXPECT_EQ(l.forces[1].forceIdentifier, "1_ground_force_v");
  EXPECT_EQ(l.forces[1].pointIdentifier, "1_ground_force_p");
  EXPECT_EQ(l.forces[1].torqueIdentifier, "1_ground_torque_");
}

TEST(ExternalLoads, RefusesBadFlagNamingLine) {
  const std::string file = (std::filesystem::temp_directory_path() / "articula_bad_loads.xml").string();
  std::ofstream(file) << "<OpenSimDocument Version=\"40000\">\n<ExternalLoads><objects>\n"
                         "<ExternalForce name=\"r\"><isDisabled>maybe</isDisabled></ExternalForce>\n"
                         "</objects></ExternalLoads></OpenSimDocument>\n";
  try {
    readExternalLoads(file);
    FAIL() << "accepted";
  } catch (const ModelError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("articula_bad_loads.xml:3"), std::string::npos) << m;
    EXPECT_NE(m.find("maybe"), std::string::npos) << m;
  }
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace articula::model
