// OpenSim IK setup files (include/articula/model/IkSetup.h): OpenSim's gait2354 and
// gait10dof18musc setups read whole (tasks counted from the XML text), defaults, paths resolved
// against the setup's folder, and bad input refused naming file:line, element and value.
#include "articula/model/IkSetup.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <regex>

#include "articula/model/ModelError.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;

namespace {

const std::string kFixtures = ARTICULA_FIXTURES "/opensim/";

std::string errorOf(const std::string& text) {
  try {
    parseIkSetup(text, "/d/setup.xml");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string tool(const std::string& body) {
  return "<?xml version=\"1.0\"?>\n<OpenSimDocument Version=\"40000\">\n<InverseKinematicsTool name=\"t\">\n" + body +
         "\n</InverseKinematicsTool>\n</OpenSimDocument>\n";
}

}  // namespace

TEST(IkSetup, Gait2354SetupReadWhole) {
  const std::string file = kFixtures + "gait2354/subject01_Setup_IK.xml";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no OpenSim fixtures";
  const std::string text = iotest::readText(file);
  const auto count = [&](const char* re) {
    const std::regex r(re);
    return std::distance(std::sregex_iterator(text.begin(), text.end(), r), std::sregex_iterator());
  };
  const IkSetup s = readIkSetup(file);
  EXPECT_EQ(s.name, "subject01");
  EXPECT_EQ(static_cast<long>(s.markerTasks.size()), count("<IKMarkerTask "));
  EXPECT_EQ(static_cast<long>(s.coordinateTasks.size()), count("<IKCoordinateTask "));
  EXPECT_EQ(s.coordinateTasks.size(), 4u);
  EXPECT_EQ(s.coordinateTasks[0].name, "subtalar_angle_r");
  EXPECT_EQ(s.coordinateTasks[0].weight, 1000);
  EXPECT_EQ(s.coordinateTasks[0].valueType, IkValueType::DefaultValue);
  EXPECT_EQ(s.markerTasks[0].name, "Sternum");
  EXPECT_EQ(s.markerTasks[1].weight, 0.5);
  EXPECT_EQ(s.constraintWeight, 20);
  EXPECT_EQ(s.accuracy, 1e-5);  // written 1e-005
  EXPECT_EQ(s.startTime, 0.4);
  EXPECT_EQ(s.endTime, 1.6);
  EXPECT_EQ(s.modelFile, kFixtures + "gait2354/subject01_simbody.osim");
  EXPECT_EQ(s.markerFile, kFixtures + "gait2354/subject01_walk1.trc");
  EXPECT_EQ(s.coordinateFile, "");
  EXPECT_EQ(s.outputMotionFile, kFixtures + "gait2354/subject01_walk1_ik.mot");
  EXPECT_TRUE(s.reportErrors);  // OpenSim's default
}

TEST(IkSetup, Gait10dofSetupPathsAndInfiniteConstraintWeight) {
  const std::string file = kFixtures + "gait10dof18musc/IK/walk_Setup_IK.xml";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "no OpenSim fixtures";
  const IkSetup s = readIkSetup(file);
  EXPECT_EQ(s.name, "");
  EXPECT_EQ(s.modelFile, kFixtures + "gait10dof18musc/subject01.osim");  // " ../subject01.osim "
  EXPECT_EQ(s.markerFile, kFixtures + "gait10dof18musc/ExperimentalData/subject01_walk.trc");
  EXPECT_EQ(s.coordinateFile, "");              // Unassigned
  EXPECT_TRUE(std::isinf(s.constraintWeight));  // "Inf"
  EXPECT_EQ(s.markerTasks.size(), 39u);
  EXPECT_EQ(std::count_if(s.markerTasks.begin(), s.markerTasks.end(), [](const IkMarkerTask& t) { return t.apply; }),
            31);
  EXPECT_FALSE(s.reportMarkerLocations);
}

TEST(IkSetup, DefaultsAndCoordinateTaskKinds) {
  const IkSetup s = parseIkSetup(tool("<IKTaskSet><objects>"
                                      "<IKCoordinateTask name=\"a\"><value_type>manual_value</value_type>"
                                      "<value>0.25</value></IKCoordinateTask>"
                                      "<IKCoordinateTask name=\"b\"><apply>false</apply><value_type>from_file"
                                      "</value_type></IKCoordinateTask></objects></IKTaskSet>"
                                      "<coordinate_file>c/q.mot</coordinate_file>"),
                                 "/d/setup.xml");
  EXPECT_TRUE(std::isinf(s.constraintWeight));
  EXPECT_EQ(s.accuracy, 1e-5);
  EXPECT_TRUE(std::isinf(s.startTime) && s.startTime < 0);
  EXPECT_EQ(s.resultsDirectory, "/d");
  EXPECT_EQ(s.coordinateFile, "/d/c/q.mot");
  ASSERT_EQ(s.coordinateTasks.size(), 2u);
  EXPECT_EQ(s.coordinateTasks[0].valueType, IkValueType::ManualValue);
  EXPECT_EQ(s.coordinateTasks[0].value, 0.25);
  EXPECT_TRUE(s.coordinateTasks[0].apply);
  EXPECT_EQ(s.coordinateTasks[1].valueType, IkValueType::FromFile);
  EXPECT_FALSE(s.coordinateTasks[1].apply);
}

TEST(IkSetup, BadInputNamesFileLineElementAndValue) {
  EXPECT_EQ(errorOf(tool("<accuracy>fast</accuracy>")), "/d/setup.xml:4: <accuracy> = fast: not a number");
  EXPECT_EQ(errorOf(tool("<IKTaskSet><objects>\n<IKMarkerTask name=\"m\"><weight>-1</weight></IKMarkerTask>"
                         "</objects></IKTaskSet>")),
            "/d/setup.xml:5: <weight> = -1: a weight must be finite and >= 0");
  EXPECT_EQ(errorOf(tool("<report_errors>yes</report_errors>")),
            "/d/setup.xml:4: <report_errors> = yes: must be true or false");
  EXPECT_EQ(errorOf(tool("<time_range>2 1</time_range>")),
            "/d/setup.xml:4: <time_range> = 2 1: the start time is after the end time");
  EXPECT_NE(errorOf(tool("<IKTaskSet><objects><IKCoordinateTask name=\"c\"><value_type>guess</value_type>"
                         "</IKCoordinateTask></objects></IKTaskSet>"))
                .find("<value_type> = guess: must be default_value"),
            std::string::npos);
  EXPECT_NE(errorOf("<OpenSimDocument/>").find("holds no <InverseKinematicsTool>"), std::string::npos);
  EXPECT_NE(errorOf("<Model/>").find("root element must be <OpenSimDocument>"), std::string::npos);
  EXPECT_NE(errorOf("<OpenSimDocument>").find("not well-formed XML"), std::string::npos);
}
