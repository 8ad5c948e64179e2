// OpenSim's storage files (.sto, .mot): every real file of ../shared/external/opensim reads with
// the row and column counts its header states and the values printed in it (first and last row,
// counted with awk: `awk 'h&&/^endheader/{...}'`, see each test); writing and reading back is exact
// at 17 digits; the old SIMM header reads; malformed files are refused naming file, line and value.
#include "articula/files/StorageTable.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>

#include "articula/files/FileInput.h"
#include "support/ErrorOf.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::files;
using articula::iotest::TempDir;
using articula::testing::errorOf;

namespace {

const std::string kShared = ARTICULA_FIXTURES "/opensim/";

std::string fixture(const std::string& name) {
  return std::string(testpaths::kTestDir) + "/data/opensim_files/" + name;
}

// What a malformed text is refused with ("" when it reads).
std::string refusal(const std::string& text) {
  return errorOf<DataFileError>([&] { parseStorage(text, "bad.sto"); });
}

// The figures of one real file, as printed in it.
struct Expected {
  size_t rows, columns;
  bool inDegrees;
  const char* name;
  const char* lastLabel;
  double firstTime, firstValue, firstLastValue;  // row 1: time, column 2, last column
  double lastTime, lastValue, lastLastValue;     // last row likewise
};

void expectTable(const StorageTable& t, const Expected& e) {
  EXPECT_EQ(t.name, e.name);
  ASSERT_EQ(t.rows(), e.rows);
  ASSERT_EQ(t.columns(), e.columns);
  EXPECT_EQ(t.inDegrees, e.inDegrees);
  EXPECT_EQ(t.labels.front(), "time");
  EXPECT_EQ(t.labels.back(), e.lastLabel);
  EXPECT_EQ(t.time(0), e.firstTime);  // the same decimal text parsed: exactly equal
  EXPECT_EQ(t.at(0, 1), e.firstValue);
  EXPECT_EQ(t.at(0, e.columns - 1), e.firstLastValue);
  EXPECT_EQ(t.time(e.rows - 1), e.lastTime);
  EXPECT_EQ(t.at(e.rows - 1, 1), e.lastValue);
  EXPECT_EQ(t.at(e.rows - 1, e.columns - 1), e.lastLastValue);
}

}  // namespace

TEST(StorageTable, ReadsOpenSimsInverseKinematicsMotion) {
  // Header: Coordinates, version=1, nRows=73, nColumns=24, inDegrees=yes, then free text.
  const StorageTable t = readStorage(fixture("subject01_walk1_ik.mot"));
  expectTable(
      t, {73, 24, true, "Coordinates", "lumbar_rotation", 0.4, 5.18629404, -4.81899579, 1.6, 6.35113591, -5.76927893});
  EXPECT_EQ(t.column("knee_angle_r"), 10u);
  // The free text between the counts and endheader is kept, blank lines too.
  ASSERT_EQ(t.header.size(), 4u);
  EXPECT_EQ(t.header[0], "");
  EXPECT_EQ(t.header[1], "Units are S.I. units (second, meters, Newtons, ...)");
  EXPECT_EQ(t.header[2], "Angles are in degrees.");
}

TEST(StorageTable, ReadsOpenSimsInverseDynamicsAndKinematics) {
  expectTable(readStorage(fixture("inverse_dynamics.sto")),
              {73, 24, false, "Inverse Dynamics Generalized Forces", "lumbar_rotation_moment", 0.39999976, 12.60993541,
               0.65520106, 1.59999928, -7.52281925, 0.59543681});
  // 20 significant digits printed: parsed to the nearest double, as the literal is.
  expectTable(readStorage(fixture("subject01_walk1_Kinematics_q.sto")),
              {29, 24, true, "Coordinates", "lumbar_rotation", 0.83000000000000007000, 4.16610235748080000000,
               -4.65081179982571950000, 1.08000000000000010000, 4.54050275206981980000, 2.55733180654973240000});
}

TEST(StorageTable, ReadsEveryStorageFileOfTheSharedOpenSimData) {
  if (!std::filesystem::exists(kShared)) GTEST_SKIP() << kShared << " is not on this machine";
  // Ground reactions: header lines padded with tabs, 1501 rows at 600 Hz (awk: NF 19 on all 1501).
  for (const char* grf :
       {"gait2354/subject01_walk1_grf.mot", "gait10dof18musc/ExperimentalData/subject01_walk_grf.mot"})
    expectTable(readStorage(kShared + grf), {1501, 19, true, "subject01_walk1_grf.mot", "1_ground_torque_z", 0,
                                             101.5119767, 6.88030347, 2.5, 121.2435375, 0.99444594});
  expectTable(
      readStorage(kShared + "gait10dof18musc/IK/subject01_walk_IK.mot"),
      {151, 11, true, "Coordinates", "lumbar_extension", 0, 10.32995988, -26.13945065, 2.5, 8.55862145, -15.92098183});
  // Body kinematics: "inDegrees=no" although its text says degrees; the flag is what is kept.
  const StorageTable body = readStorage(kShared + "gait2354/reference/subject01_walk1_BodyKinematics_pos_global.sto");
  expectTable(body, {29, 82, false, "Positions", "center_of_mass_Z", 0.83000000000000007000, 0, 0.03893931809269235400,
                     1.08000000000000010000, 0, 0.05454939447243626500});
  EXPECT_EQ(body.column("pelvis_Ox"), 10u);
  for (const char* same : {"gait2354/subject01_walk1_ik.mot", "gait2354/reference/inverse_dynamics.sto"})
    EXPECT_EQ(readStorage(kShared + same).values, readStorage(fixture(std::filesystem::path(same).filename())).values);
}

TEST(StorageTable, WriteThenReadIsExactAt17Digits) {
  StorageTable t;
  t.name = "round trip";
  t.inDegrees = true;
  t.header = {"", "Free text = kept", "OpenSimVersion=4.5"};
  t.labels = {"time", "a", "b b", "c"};
  const double awkward[] = {0.1,
                            1.0 / 3,
                            -2.5e-300,
                            6.02214076e23,
                            std::nextafter(1.0, 2.0),
                            5e-324,
                            -0.0,
                            std::numeric_limits<double>::quiet_NaN(),
                            123456789012345678.0};
  for (int r = 0; r < 3; ++r)
    t.addRow(std::vector<double>{r * 0.01, awkward[3 * r], awkward[3 * r + 1], awkward[3 * r + 2]});
  TempDir dir;
  writeStorageFile(dir / "t.sto", t);
  const StorageTable back = readStorage(dir / "t.sto");
  EXPECT_EQ(back.name, t.name);
  EXPECT_TRUE(back.inDegrees);
  EXPECT_EQ(back.header, t.header);
  EXPECT_EQ(back.labels, t.labels);
  ASSERT_EQ(back.values.size(), t.values.size());
  for (size_t i = 0; i < t.values.size(); ++i) {
    if (std::isnan(t.values[i])) {
      EXPECT_TRUE(std::isnan(back.values[i]));
      continue;
    }
    EXPECT_EQ(back.values[i], t.values[i]) << i;
    EXPECT_EQ(std::signbit(back.values[i]), std::signbit(t.values[i])) << i;
  }
  t.inDegrees = false;
  writeStorageFile(dir / "t.sto", t);
  EXPECT_FALSE(readStorage(dir / "t.sto").inDegrees);
}

TEST(StorageTable, RealFilesRoundTripExactly) {
  for (const char* name : {"subject01_walk1_ik.mot", "inverse_dynamics.sto", "subject01_walk1_Kinematics_q.sto"}) {
    const StorageTable t = readStorage(fixture(name));
    StringOutput out;
    writeStorage(t, out);
    const StorageTable back = parseStorage(out.text(), name);
    EXPECT_EQ(back.name, t.name);
    EXPECT_EQ(back.inDegrees, t.inDegrees);
    EXPECT_EQ(back.header, t.header);
    EXPECT_EQ(back.labels, t.labels);
    EXPECT_EQ(back.values, t.values) << name;
  }
}

TEST(StorageTable, WritesOpenSimsVersion1Header) {
  StorageTable t;
  t.name = "Coordinates";
  t.labels = {"time", "q"};
  t.addRow(std::vector<double>{0, 0.5});
  t.addRow(std::vector<double>{0.25, -1});
  StringOutput out;
  writeStorage(t, out, 9);
  EXPECT_EQ(out.text(),
            "Coordinates\nversion=1\nnRows=2\nnColumns=2\ninDegrees=no\nendheader\ntime\tq\n0\t0.5\n0.25\t-1\n");
}

TEST(StorageTable, ReadsTheSimmMotionHeaderAndSpaces) {
  // OpenSim 2/3's .mot header of SIMM (form 1 of OpenSim's "Motion (.mot) Files" page).
  const StorageTable t = parseStorage(
      "name old_walk.mot\ndatacolumns 3\ndatarows 2\nrange 0.000000 0.010000\nendheader\n"
      "time  hip  knee\n 0.000  1.5  -2\n 0.010  +1.75  -2.25e1\n\n",
      "old_walk.mot");
  EXPECT_EQ(t.name, "old_walk.mot");
  EXPECT_FALSE(t.inDegrees);  // no flag: radians, as OpenSim assumes of old files
  EXPECT_EQ(t.labels, (std::vector<std::string>{"time", "hip", "knee"}));
  EXPECT_EQ(t.values, (std::vector<double>{0, 1.5, -2, 0.01, 1.75, -22.5}));
  EXPECT_EQ(t.header, std::vector<std::string>{"range 0.000000 0.010000"});
  // Form 2: OpenSim's counts with a SIMM header inside, CRLF line ends.
  const StorageTable u = parseStorage(
      "Coordinates\r\nnRows=1\r\nnColumns=2\r\n# SIMM Motion File Header:\r\nname Coordinates\r\ndatacolumns 2\r\n"
      "datarows 1\r\notherdata 1\r\nendheader\r\ntime\tq\r\n0.5\t1\r\n",
      "form2.mot");
  EXPECT_EQ(u.rows(), 1u);
  EXPECT_EQ(u.values, (std::vector<double>{0.5, 1}));
}

TEST(StorageTable, RefusesMalformedFilesNamingFileLineAndValue) {
  const std::string head = "t\nversion=1\nnRows=2\nnColumns=3\ninDegrees=no\nendheader\ntime\ta\tb\n";
  EXPECT_EQ(refusal(head + "0\t1\t2\n1\t3\t4\n"), "");
  EXPECT_EQ(refusal("t\nnRows=1\nnColumns=1\ntime\n0\n"), "'bad.sto', line 5: the header has no 'endheader' line");
  EXPECT_EQ(refusal(""), "'bad.sto': the file is empty (a storage file starts with its name, then a header)");
  EXPECT_EQ(refusal(head + "0\t1\t2\n1\t3\n"),
            "'bad.sto', line 9: the row has 2 values, but the labels (line 7) name 3 columns");
  EXPECT_EQ(refusal(head + "0\t1\t2\n1\t3\t4\t5\n"),
            "'bad.sto', line 9: the row has 4 values, but the labels (line 7) name 3 columns");
  EXPECT_EQ(refusal(head + "0\t1\t2\n1\t3\t4x\n"), "'bad.sto', line 9: value '4x' in column 3 ('b') is not a number");
  EXPECT_EQ(refusal(head + "0\t1\t2\n1\t,\t4\n"), "'bad.sto', line 9: value ',' in column 2 ('a') is not a number");
  EXPECT_EQ(refusal(head + "0\t1\t2\n"), "'bad.sto', line 3: nRows=2, but the file has 1 data rows");
  EXPECT_EQ(refusal("t\nnColumns=4\nendheader\ntime\ta\n"),
            "'bad.sto', line 2: nColumns=4, but the label row (line 4) has 2 labels");
  EXPECT_EQ(refusal("t\ndatarows 3\nendheader\ntime\n1\n"),
            "'bad.sto', line 2: datarows 3, but the file has 1 data rows");
  EXPECT_EQ(refusal("t\nnRows=-1\nendheader\n"), "'bad.sto', line 2: nRows = '-1' is not a count (a whole number ≥ 0)");
  EXPECT_EQ(refusal("t\ninDegrees=true\nendheader\n"), "'bad.sto', line 2: inDegrees = 'true': expected yes or no");
  EXPECT_EQ(refusal("t\nDataType=Vec3\nendheader\n"),
            "'bad.sto', line 2: DataType = 'Vec3': only tables of numbers (double) are read");
  EXPECT_EQ(refusal("t\nendheader\n\n"), "'bad.sto', line 3: no row of column labels after 'endheader'");
  EXPECT_EQ(refusal("t\nendheader\ntime\t\tq\n"), "'bad.sto', line 3: column 2 has no label (two tabs in a row)");
  // A missing file: readInputFile's error, naming the file.
  EXPECT_NE(errorOf<InputFileError>([] { readStorage("/nonexistent/x.sto"); }).find("'/nonexistent/x.sto'"),
            std::string::npos);
}

TEST(StorageTable, RefusesToWriteWhatWouldNotReadBack) {
  StorageTable t;
  t.name = "t";
  t.labels = {"time", "a\tb"};
  StringOutput out;
  EXPECT_NE(errorOf<Error>([&] { writeStorage(t, out); }).find("column label 'a\tb'"), std::string::npos);
  t.labels = {"time"};
  t.header = {"endheader"};
  EXPECT_NE(errorOf<Error>([&] { writeStorage(t, out); }).find("would not read back"), std::string::npos);
  t.header.clear();
  EXPECT_NE(errorOf<Error>([&] {
              t.addRow(std::vector<double>{1, 2});
            }).find("a row of 2 values, but 1 columns"),
            std::string::npos);
}

TEST(StorageTable, StorageTextReadsBackAsWritten) {
  EXPECT_EQ(storageText(" left\tknee\r\n.angle "), "left knee  .angle");
  StorageTable t;
  t.name = storageText("a\nmodel");
  t.labels = {"time", storageText("\tq one ")};
  t.addRow(std::vector<double>{0, 1});
  StringOutput out;
  writeStorage(t, out);
  const StorageTable back = parseStorage(out.text(), "t.sto");
  EXPECT_EQ(back.name, "a model");
  EXPECT_EQ(back.labels, (std::vector<std::string>{"time", "q one"}));
}
