// The per-frame tables' columns (OutputColumns.h): units in the names, angles in the file's unit
// checked against the body poses, quaternions continuous in sign, the selection honoured.
#include "articula/run/OutputColumns.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::run;
using namespace articula::iotest;

namespace {

struct Table {
  std::vector<std::string> names;
  std::vector<std::vector<Real>> rows;
  Real at(size_t row, const std::string& name) const {
    for (size_t k = 0; k < names.size(); ++k)
      if (names[k] == name) return rows[row][k];
    ADD_FAILURE() << "no column " << name;
    return NAN;
  }
};

Table tableOf(ModelSpec m, Real duration) {
  m.scenario.duration = duration;
  m.scenario.reportInterval = duration / 50;
  const BuiltModel b = buildModel(m);
  const RunResult r = runSimulation(m, b, m.scenario);
  OutputColumns columns(m, b);
  Table t{columns.names(), {}};
  for (const Frame& f : r.frames) {
    t.rows.emplace_back();
    columns.values(f, t.rows.back());
    EXPECT_EQ(t.rows.back().size(), t.names.size());
  }
  return t;
}

}  // namespace

// The double pendulum gives its start angles in degrees (q_deg), so q is in degrees: the upper
// rod's angle about y read back from its orientation (quaternion columns) agrees, and its speed
// agrees with the angular velocity column in degrees per second.
TEST(OutputColumns, AnglesInTheFilesDegreesAgreeWithTheBodyPoses) {
  const Table t = tableOf(loadModelFile(sourcePath("models/double_pendulum.json")), 1.0);
  for (size_t i = 0; i < t.rows.size(); i += 7) {
    const Real w = t.at(i, "upper.quat_w[1]"), y = t.at(i, "upper.quat_y[1]");
    const Real fromPose = 2 * std::atan2(y, w) * 180 / std::numbers::pi;
    const Real q = t.at(i, "shoulder.angle.q[deg]");
    EXPECT_NEAR(std::remainder(q - fromPose, 360.0), 0, 1e-6) << "t = " << t.at(i, "time[s]");
    EXPECT_NEAR(t.at(i, "shoulder.angle.u[deg/s]"), t.at(i, "upper.angvel_y[rad/s]") * 180 / std::numbers::pi, 1e-6);
  }
}

TEST(OutputColumns, RadiansOnRequest) {
  ModelSpec m = loadModelFile(sourcePath("models/double_pendulum.json"));
  m.scenario.columns.angles = AngleUnit::Radians;
  const Table t = tableOf(m, 0.1);
  EXPECT_NEAR(t.at(0, "shoulder.angle.q[rad]"), std::numbers::pi / 2, 1e-12);
}

// A free spinning top's quaternion goes round many times: consecutive rows never jump in sign
// (|q_k - q_k+1| stays small), although q and −q alternate in the state's canonical form.
TEST(OutputColumns, QuaternionsAreContinuousInSign) {
  const Table t = tableOf(loadModelFile(sourcePath("models/spinning_top.json")), 2.0);
  std::vector<size_t> quaternionColumns;
  for (size_t k = 0; k < t.names.size(); ++k)
    if (t.names[k].find(".qw.q[1]") != std::string::npos || t.names[k].find(".quat_w[1]") != std::string::npos)
      quaternionColumns.push_back(k);
  ASSERT_GE(quaternionColumns.size(), 2u);
  for (const size_t k : quaternionColumns)
    for (size_t i = 1; i < t.rows.size(); ++i) {
      Real jump = 0;
      for (int c = 0; c < 4; ++c) jump += std::pow(t.rows[i][k + c] - t.rows[i - 1][k + c], 2);
      EXPECT_LT(std::sqrt(jump), 0.5) << t.names[k] << " at row " << i;
    }
}

TEST(OutputColumns, TheSelectionChoosesGroupsAndBodies) {
  ModelSpec m = loadModelFile(sourcePath("models/double_pendulum.json"));
  m.scenario.columns.groups = {ColumnGroup::Coordinates, ColumnGroup::Bodies};
  m.scenario.columns.bodies = {"lower"};
  const BuiltModel b = buildModel(m);
  const OutputColumns columns(m, b);
  // The file's order (bodies before q), not the selection's.
  EXPECT_EQ(columns.names(), (std::vector<std::string>{"time[s]",
                                                       "lower.pos_x[m]",
                                                       "lower.pos_y[m]",
                                                       "lower.pos_z[m]",
                                                       "lower.quat_w[1]",
                                                       "lower.quat_x[1]",
                                                       "lower.quat_y[1]",
                                                       "lower.quat_z[1]",
                                                       "lower.vel_x[m/s]",
                                                       "lower.vel_y[m/s]",
                                                       "lower.vel_z[m/s]",
                                                       "lower.angvel_x[rad/s]",
                                                       "lower.angvel_y[rad/s]",
                                                       "lower.angvel_z[rad/s]",
                                                       "lower.acc_x[m/s^2]",
                                                       "lower.acc_y[m/s^2]",
                                                       "lower.acc_z[m/s^2]",
                                                       "lower.angacc_x[rad/s^2]",
                                                       "lower.angacc_y[rad/s^2]",
                                                       "lower.angacc_z[rad/s^2]",
                                                       "lower.origin_x[m]",
                                                       "lower.origin_y[m]",
                                                       "lower.origin_z[m]",
                                                       "shoulder.angle.q[deg]",
                                                       "elbow.angle.q[deg]"}));
  EXPECT_FALSE(columns.needsLoads());
  m.scenario.columns.bodies = {"nobody"};
  EXPECT_THROW(OutputColumns(m, b), Error);
}

TEST(OutputColumns, GeneralizedForceColumnsNameTheirClassesAndUnits) {
  const ModelSpec m = loadModelFile(sourcePath("models/slider_crank.json"));
  const BuiltModel b = buildModel(m);
  const OutputColumns columns(m, b);
  const auto& n = columns.names();
  auto has = [&](const std::string& name) { return std::find(n.begin(), n.end(), name) != n.end(); };
  EXPECT_TRUE(has("crank.angle.tau_gravity[Nm]"));
  EXPECT_TRUE(has("crank.angle.tau_constraint[Nm]"));
  EXPECT_TRUE(has("guide.x.tau_applied[N]")) << ::testing::PrintToString(n);
  EXPECT_TRUE(columns.needsLoads());
}
