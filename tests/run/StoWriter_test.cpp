// OpenSim storage files (StoWriter.h): OpenSim's version-1 header with the row and column counts,
// tab-separated labels in OpenSim's naming, and the same values as trajectory.csv.
#include "articula/run/StoWriter.h"

#include <gtest/gtest.h>

#include <sstream>

#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;

TEST(StoWriter, LabelsFollowOpenSim) {
  EXPECT_EQ(StoWriter::label("knee_r.angle.q[deg]", ColumnGroup::Coordinates), "knee_r.angle");
  EXPECT_EQ(StoWriter::label("knee_r.angle.u[deg/s]", ColumnGroup::Speeds), "knee_r.angle");
  EXPECT_EQ(StoWriter::label("knee_r.angle.tau_applied[Nm]", ColumnGroup::GeneralizedForces), "knee_r.angle_moment");
  EXPECT_EQ(StoWriter::label("guide.x.tau_applied[N]", ColumnGroup::GeneralizedForces), "guide.x_force");
  EXPECT_EQ(StoWriter::label("knee_r.angle.tau_gravity[Nm]", ColumnGroup::GeneralizedForces),
            "knee_r.angle_moment_gravity");
}

TEST(StoWriter, HeaderCountsAndValues) {
  ModelSpec m = loadModelFile(sourcePath("models/double_pendulum.json"));
  m.scenario.duration = 0.1;
  m.scenario.reportInterval = 0.05;
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  files::StringOutput out;
  StoWriter sto(OutputColumns(m, b), ColumnGroup::Coordinates, "double pendulum coordinates", out);
  for (const Frame& f : r.frames) sto.add(f);
  sto.finish();
  std::istringstream in(out.text());
  std::string line;
  std::vector<std::string> lines;
  while (std::getline(in, line)) lines.push_back(line);
  ASSERT_EQ(lines.size(), 6u + 1 + 3);
  EXPECT_EQ(lines[0], "double pendulum coordinates");
  EXPECT_EQ(lines[1], "version=1");
  EXPECT_EQ(lines[2], "nRows=3");
  EXPECT_EQ(lines[3], "nColumns=3");
  EXPECT_EQ(lines[4], "inDegrees=yes");
  EXPECT_EQ(lines[5], "endheader");
  EXPECT_EQ(lines[6], "time\tshoulder.angle\telbow.angle");
  EXPECT_EQ(lines[7], "0\t90\t0");  // the file's q_deg start
  std::istringstream last(lines[9]);
  Real t = 0, shoulder = 0, elbow = 0;
  last >> t >> shoulder >> elbow;
  EXPECT_DOUBLE_EQ(t, 0.1);
  EXPECT_NEAR(shoulder, r.frames.back().q[0] * 180 / M_PI, 1e-6);
  EXPECT_NEAR(elbow, r.frames.back().q[1] * 180 / M_PI, 1e-6);
}

TEST(StoWriter, ReadsBackAsAStorageTable) {
  ModelSpec m = loadModelFile(sourcePath("models/double_pendulum.json"));
  m.scenario.duration = 0.1;
  m.scenario.reportInterval = 0.025;
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  files::StringOutput out;
  StoWriter sto(OutputColumns(m, b), ColumnGroup::Speeds, "double pendulum speeds", out);
  for (const Frame& f : r.frames) sto.add(f);
  sto.finish();
  const files::StorageTable t = files::parseStorage(out.text(), "speeds.sto");
  EXPECT_EQ(t.name, "double pendulum speeds");
  EXPECT_TRUE(t.inDegrees);
  EXPECT_EQ(t.labels, (std::vector<std::string>{"time", "shoulder.angle", "elbow.angle"}));
  ASSERT_EQ(t.rows(), r.frames.size());
  for (size_t i = 0; i < t.rows(); ++i) {
    EXPECT_NEAR(t.time(i), r.frames[i].time, 1e-12);
    for (size_t k = 0; k < 2; ++k)  // 9 significant digits of deg/s
      EXPECT_NEAR(t.at(i, k + 1), r.frames[i].u[k] * 180 / M_PI, 1e-8 * (1 + std::abs(t.at(i, k + 1))));
  }
}
