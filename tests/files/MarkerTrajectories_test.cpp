// Marker trajectories of .trc files: the walking trial of ../shared/external/opensim reads with the
// frame and marker counts of its header and the values printed in it (awk -F'\t': line 4 field 3
// "R.ASIS", field 123 "Top.Head"; row 1 and row 151 as below); units kept as read and converted to
// metres on request; missing markers are NaN with a mask; malformed files are refused naming file,
// line and value.
#include "articula/files/MarkerTrajectories.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "support/ErrorOf.h"

using namespace articula;
using namespace articula::files;
using articula::testing::errorOf;

namespace {

const std::string kShared = ARTICULA_FIXTURES "/opensim/";

// A small file: 2 markers over 3 frames, the second marker not seen in frame 2 (empty cells) and
// frame 3 (the row ends early).
const std::string kHead =
    "PathFileType\t4\t(X/Y/Z)\tsmall.trc\n"
    "DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames\n"
    "100.00\t100.00\t3\t2\tmm\t100.00\t1\t3\n"
    "Frame#\tTime\tA\t\t\tB\t\t\t\n"
    "\t\tX1\tY1\tZ1\tX2\tY2\tZ2\t\n"
    "\n";
const std::string kRows =
    "1\t0.00\t1\t2\t3\t4\t5\t6\t\n"
    "2\t0.01\t1.5\t2.5\t3.5\t\t\t\t\n"
    "3\t0.02\t-1\t-2\t-3\n";

std::string refusal(const std::string& text) {
  return errorOf<DataFileError>([&] { parseTrc(text, "bad.trc"); });
}

}  // namespace

TEST(MarkerTrajectories, ReadsTheWalkingTrial) {
  if (!std::filesystem::exists(kShared)) GTEST_SKIP() << kShared << " is not on this machine";
  for (const char* file : {"gait2354/subject01_walk1.trc", "gait10dof18musc/ExperimentalData/subject01_walk.trc"}) {
    const MarkerTrajectories t = readTrc(kShared + file);
    EXPECT_EQ(t.fileName, "subject01_walk1.trc");
    EXPECT_EQ(t.dataRate, 60);
    EXPECT_EQ(t.cameraRate, 60);
    EXPECT_EQ(t.units, LengthUnit::Millimetres);
    ASSERT_EQ(t.frames(), 151u);
    ASSERT_EQ(t.markers.size(), 41u);
    EXPECT_EQ(t.markers.front(), "R.ASIS");
    EXPECT_EQ(t.markers.back(), "Top.Head");
    EXPECT_EQ(t.frameNumbers.front(), 1);
    EXPECT_EQ(t.frameNumbers.back(), 151);
    EXPECT_EQ(t.time[1], 0.017);
    EXPECT_EQ(t.time.back(), 2.5);
    EXPECT_EQ(t.position(0, 0), (Point3{617.247620, 1055.275020, 170.781980}));
    EXPECT_EQ(t.position(0, 40), (Point3{749.332460, 1747.607670, 46.741460}));
    EXPECT_EQ(t.position(150, 0), (Point3{597.613650, 1045.068850, 169.864320}));
    EXPECT_EQ(t.position(150, 40), (Point3{614.139710, 1776.270510, 23.298670}));
    // Every cell filled (awk: 126 fields on each of the 151 rows, the last the line's trailing tab).
    EXPECT_EQ(std::count(t.seen.begin(), t.seen.end(), 1), 151 * 41);
    EXPECT_EQ(t.header.size(), 3u);  // OrigDataRate, OrigDataStartFrame, OrigNumFrames
    EXPECT_EQ(t.marker("V.Sacral"), 2u);
  }
}

TEST(MarkerTrajectories, MissingMarkersAreNaNAndMasked) {
  const MarkerTrajectories t = parseTrc(kHead + kRows, "small.trc");
  ASSERT_EQ(t.frames(), 3u);
  EXPECT_EQ(t.markers, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(t.position(0, 1), (Point3{4, 5, 6}));
  EXPECT_TRUE(t.wasSeen(0, 1));
  EXPECT_TRUE(t.wasSeen(1, 0));
  EXPECT_EQ(t.position(1, 0), (Point3{1.5, 2.5, 3.5}));
  for (size_t frame : {1u, 2u}) {
    EXPECT_FALSE(t.wasSeen(frame, 1));
    for (double x : t.position(frame, 1)) EXPECT_TRUE(std::isnan(x));
  }
  // "NaN" cells are a marker not seen too.
  const MarkerTrajectories u = parseTrc(kHead + "1\t0\t1\t2\t3\tNaN\tNaN\tNaN\n2\t0.01\t1\t2\t3\n3\t0.02\n", "n.trc");
  EXPECT_FALSE(u.wasSeen(0, 1));
  EXPECT_FALSE(u.wasSeen(2, 0));
}

TEST(MarkerTrajectories, UnitsAsReadOrInMetres) {
  MarkerTrajectories t = parseTrc(kHead + kRows, "small.trc");
  EXPECT_EQ(t.units, LengthUnit::Millimetres);
  t.convertToMetres();
  EXPECT_EQ(t.units, LengthUnit::Metres);
  EXPECT_DOUBLE_EQ(t.position(0, 1)[2], 0.006);
  EXPECT_TRUE(std::isnan(t.position(1, 1)[0]));
  std::string cm = kHead;
  cm.replace(cm.find("\tmm\t"), 4, "\tcm\t");
  MarkerTrajectories c = parseTrc(cm + kRows, "cm.trc");
  EXPECT_EQ(c.units, LengthUnit::Centimetres);
  c.convertToMetres();
  EXPECT_DOUBLE_EQ(c.position(0, 0)[0], 0.01);
  EXPECT_STREQ(nameOf(LengthUnit::Metres), "m");
}

TEST(MarkerTrajectories, RefusesMalformedFilesNamingFileLineAndValue) {
  EXPECT_EQ(refusal(kHead + kRows), "");
  const auto replaced = [](std::string text, const std::string& from, const std::string& to) {
    return text.replace(text.find(from), from.size(), to);
  };
  EXPECT_EQ(refusal(replaced(kHead, "\tmm\t", "\tinches\t") + kRows),
            "'bad.trc', line 3: Units = 'inches': expected mm, cm or m");
  EXPECT_EQ(refusal(replaced(kHead, "A\t\t\tB\t\t\t", "A\t\t\t") + kRows),
            "'bad.trc', line 4: the row names 1 markers, but NumMarkers = 2 (line 3)");
  EXPECT_EQ(refusal(replaced(kHead, "A\t\t\tB", "A\tB") + kRows),
            "'bad.trc', line 4: 'B' in column 4, among marker 'A''s X, Y, Z columns (a name spans three columns)");
  EXPECT_EQ(refusal(replaced(kHead, "PathFileType", "PathFile")),
            "'bad.trc', line 1: the first line starts with 'PathFile', not PathFileType (a .trc file's first word)");
  EXPECT_EQ(refusal(replaced(kHead, "\t3\t2\tmm", "\tthree\t2\tmm")),
            "'bad.trc', line 3: NumFrames = 'three' is not a count (a whole number ≥ 0)");
  EXPECT_EQ(refusal(replaced(kHead, "100.00\t100.00", "0\t100.00")),
            "'bad.trc', line 3: DataRate = '0' is not a positive number (Hz)");
  EXPECT_EQ(refusal(replaced(kHead, "\t100.00\t1\t3\n", "\n")),
            "'bad.trc', line 3: 5 header values for the 8 names of line 2");
  EXPECT_EQ(refusal(kHead + "1\t0.00\t1\t2\t3\t4\t5\t6\n2\t0.01\t1\t2\t3\t4\t5\t6\n"),
            "'bad.trc', line 3: NumFrames = 3, but the file has 2 rows of data");
  EXPECT_EQ(refusal(kHead + "1\t0.00\t1\t2\t3\t4\t5\t6\n2\t0.01\t1\t2\t3\t4\t5\t6\t7\n"),
            "'bad.trc', line 8: the row has 9 values, more than Frame#, Time and 3 for each of 2 markers");
  EXPECT_EQ(refusal(kHead + "1\t0.00\t1\t2\t3\t4\tfive\t6\n"),
            "'bad.trc', line 7: value 'five' in column 7 (Y of marker 'B') is not a number");
  EXPECT_EQ(refusal(kHead + "1\t0.00\t1\t2\t3\t4\t\t6\n"),
            "'bad.trc', line 7: marker 'B' has 2 of its 3 coordinates (a marker not seen has all three cells empty)");
  EXPECT_EQ(refusal(kHead + "x\t0.00\t1\t2\t3\n"),
            "'bad.trc', line 7: Frame# 'x' is not a frame number (a whole number ≥ 0)");
  EXPECT_EQ(refusal(kHead + "1\n"), "'bad.trc', line 7: the row has no Time (a row starts with Frame# and Time)");
  EXPECT_EQ(refusal("PathFileType\t4\n"), "'bad.trc', line 1: the file ends before the header's names (line 2)");
  EXPECT_EQ(refusal("PathFileType\nDataRate\n60\n"), "'bad.trc', line 2: the header has no NumFrames");
}

TEST(MarkerTrajectories, ReadsSpaceSeparatedFiles) {
  // No tabs: names one a word, a row's cells in order; a NaN coordinate is a marker not seen.
  const MarkerTrajectories t = parseTrc(
      "PathFileType 4 (X/Y/Z) spaces.trc\nDataRate CameraRate NumFrames NumMarkers Units\n60 60 2 1 m\n"
      "Frame# Time M1\nX1 Y1 Z1\n1 0 0.1 0.2 0.3\n2 0.0166667 0.1 0.2 NaN\n",
      "spaces.trc");
  EXPECT_EQ(t.units, LengthUnit::Metres);
  EXPECT_EQ(t.markers, std::vector<std::string>{"M1"});
  EXPECT_EQ(t.position(0, 0), (Point3{0.1, 0.2, 0.3}));
  EXPECT_TRUE(t.wasSeen(0, 0));
  EXPECT_FALSE(t.wasSeen(1, 0));
  EXPECT_EQ(t.time[1], 0.0166667);
}
