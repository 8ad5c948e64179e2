// writeKeepingForm: a no-op edit gives every shipped model file back byte for byte; an edit
// changes only the text of the changed value, written in the form the file used there.
#include "articula/model/FormPreservingWriter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "articula/Error.h"
#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {

constexpr double kDeg = std::numbers::pi / 180;

std::vector<std::string> shippedModels() {
  std::vector<std::string> files;
  for (const char* folder : {"models", "models/scenarios"})
    for (const auto& e : std::filesystem::directory_iterator(sourcePath(folder)))
      if (e.path().extension() == ".json") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// The parts of `a` and `b` between their common prefix and common suffix, widened to whole
// numbers ("5" -> "0.75" shares the 5).
std::pair<std::string, std::string> difference(const std::string& a, const std::string& b) {
  size_t p = 0;
  while (p < a.size() && p < b.size() && a[p] == b[p]) ++p;
  size_t s = 0;
  while (s < a.size() - p && s < b.size() - p && a[a.size() - 1 - s] == b[b.size() - 1 - s]) ++s;
  const auto numeric = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-'; };
  while (p > 0 && numeric(a[p - 1])) --p;
  while (s > 0 && numeric(a[a.size() - s])) --s;
  return {a.substr(p, a.size() - p - s), b.substr(p, b.size() - p - s)};
}

ModelSource sourceOf(const TempDir& dir, const std::string& text) {
  const std::string file = dir / "model.json";
  std::ofstream(file) << text;
  return readModelSource(file);
}

// A model in the forms an author might use: degrees, axis-angle, hex colours, an inertia array,
// a force angle in degrees, its own spacing and key order, and metadata the reader ignores.
const char* const kAuthored = R"({
  "format": "articula-model", "version": 1,
  "name": "authored",
  "metadata": {"author": "A. Author", "tags": ["test", 3], "nested": {"x": [1.50, 2]}},
  "gravity": [0, 0, -9.81],
  "bodies": [
    {"name": "arm",
     "joint": {"type": "pin", "parent": "ground", "name": "shoulder"},
     "mass": 1.0, "inertia": [0.02, 0.02, 0.0001],
     "color": "#4f8fd8",
     "geometry": [{"type": "box", "half_lengths": [0.05, 0.05, 0.25],
                   "orientation": {"axis": [0, 1, 0], "angle_deg": 30}}]},
    {"name": "hand", "mass": 0.500, "inertia": {"moments": [0.001, 0.001, 0.001]},
     "joint": {"type": "pin", "parent": "arm", "parent_frame": {"position": [0, 0, -0.5],
               "orientation": {"xyz_deg": [90, 0, 0]}}}}
  ],
  "forces": [{"type": "mobility_linear_spring", "body": "hand", "coordinate": "angle",
              "stiffness": 2, "rest_deg": 10}],
  "initial_state": {"q_deg": {"shoulder.angle": 90, "hand.angle": 15}, "u": {"shoulder.angle": 0.5}},
  "scenario": {"duration": 2, "report_interval": 0.01}
}
)";

// kAuthored with `from` (which must occur once) replaced by `to`.
std::string authoredWith(const std::string& from, const std::string& to) {
  std::string t = kAuthored;
  const size_t at = t.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  EXPECT_EQ(t.find(from, at + 1), std::string::npos) << from << " occurs twice";
  return t.replace(at, from.size(), to);
}

}  // namespace

TEST(FormPreservingWriter, ANoOpEditGivesEveryShippedModelBackByteForByte) {
  const std::vector<std::string> files = shippedModels();
  ASSERT_GE(files.size(), 15u);
  for (const std::string& file : files) {
    const ModelSource s = readModelSource(file);
    EXPECT_EQ(writeKeepingForm(s, s.spec, file), s.text) << file;
  }
}

TEST(FormPreservingWriter, ChangingTheDurationOfEveryShippedModelChangesOnlyItsNumber) {
  for (const std::string& file : shippedModels()) {
    const ModelSource s = readModelSource(file);
    ModelSpec edited = s.spec;
    edited.scenario.duration = 0.75;
    const std::string out = writeKeepingForm(s, edited, file);
    const auto [was, now] = difference(s.text, out);
    EXPECT_EQ(std::stod(now), 0.75) << file << ": " << was << " -> " << now;
    EXPECT_EQ(now.find_first_not_of("0123456789.75"), std::string::npos) << file << ": " << now;
    EXPECT_EQ(readModelText(out, file).scenario.duration, 0.75) << file;
  }
}

TEST(FormPreservingWriter, ChangingABodysMassInEveryShippedModelChangesOnlyThatNumber) {
  for (const std::string& file : shippedModels()) {
    const ModelSource s = readModelSource(file);
    ModelSpec edited = s.spec;
    BodySpec& last = edited.bodies.back();  // a scenario's own bodies come after the included ones
    if (s.text.find("\"" + last.name + "\"") == std::string::npos) continue;  // all bodies included
    last.mass = 3.25;
    const std::string out = writeKeepingForm(s, edited, file);
    const auto [was, now] = difference(s.text, out);
    EXPECT_NEAR(std::stod(now), 3.25, 0) << file << ": " << was << " -> " << now;
    const ModelSpec back = readModelText(out, file);
    EXPECT_EQ(back.bodies.back().mass, 3.25) << file;
  }
}

TEST(FormPreservingWriter, TheAuthoredFormSurvivesANoOpEdit) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  EXPECT_EQ(writeKeepingForm(s, s.spec, s.file), kAuthored);
}

TEST(FormPreservingWriter, AnInitialAngleGivenInDegreesStaysInDegrees) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  ModelSpec e = s.spec;
  e.initialState.q["shoulder.angle"] = 45 * kDeg;
  EXPECT_EQ(writeKeepingForm(s, e, s.file), authoredWith(R"("shoulder.angle": 90)", R"("shoulder.angle": 45)"));
}

TEST(FormPreservingWriter, AnAxisAngleRotationStaysAxisAngle) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  ModelSpec e = s.spec;
  e.bodies[0].geometry[0].pose.orientation = Rotation::aboutAxis(50 * kDeg, Vec3(0, 1, 0)).toQuaternion();
  EXPECT_EQ(writeKeepingForm(s, e, s.file), authoredWith(R"("angle_deg": 30)", R"("angle_deg": 50)"));
  // A rotation about another axis: the axis changes too, still written as axis + angle.
  e.bodies[0].geometry[0].pose.orientation = Rotation::aboutAxis(20 * kDeg, Vec3(1, 0, 0)).toQuaternion();
  EXPECT_EQ(writeKeepingForm(s, e, s.file),
            authoredWith(R"({"axis": [0, 1, 0], "angle_deg": 30})", R"({"axis": [1, 0, 0], "angle_deg": 20})"));
  // The same rotation as -20 degrees about -y, 340 about y: the source's axis and nearest turn.
  e.bodies[0].geometry[0].pose.orientation = Rotation::aboutAxis(340 * kDeg, Vec3(0, 1, 0)).toQuaternion();
  EXPECT_EQ(writeKeepingForm(s, e, s.file), authoredWith(R"("angle_deg": 30)", R"("angle_deg": -20)"));
}

TEST(FormPreservingWriter, XyzDegreesStayXyzDegrees) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  ModelSpec e = s.spec;
  e.bodies[1].joint.parentFrame.orientation = Rotation::bodyFixedXYZ(Vec3(90, 0, 35) * kDeg).toQuaternion();
  EXPECT_EQ(writeKeepingForm(s, e, s.file), authoredWith(R"("xyz_deg": [90, 0, 0])", R"("xyz_deg": [90, 0, 35])"));
}

TEST(FormPreservingWriter, AHexColourStaysHex) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  ModelSpec e = s.spec;
  e.bodies[0].color = Vec3(255, 128, 0) / 255.0;
  EXPECT_EQ(writeKeepingForm(s, e, s.file), authoredWith("\"#4f8fd8\"", "\"#ff8000\""));
}

TEST(FormPreservingWriter, MassesKeepTheirDecimalsAndInertiaArraysStayArrays) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  ModelSpec e = s.spec;
  e.bodies[1].mass = 0.75;  // written "0.500": three decimals
  EXPECT_EQ(writeKeepingForm(s, e, s.file), authoredWith("\"mass\": 0.500", "\"mass\": 0.750"));
  e = s.spec;
  e.bodies[0].inertia(2, 2) = 0.0003;
  EXPECT_EQ(writeKeepingForm(s, e, s.file), authoredWith("[0.02, 0.02, 0.0001]", "[0.02, 0.02, 0.0003]"));
}

TEST(FormPreservingWriter, AForceAngleInDegreesStaysInDegrees) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  ModelSpec e = s.spec;
  e.forces[0].numbers["rest"] = {25 * kDeg};
  EXPECT_EQ(writeKeepingForm(s, e, s.file), authoredWith(R"("rest_deg": 10)", R"("rest_deg": 25)"));
}

TEST(FormPreservingWriter, UnknownMetadataIsKeptAndNewValuesJoinInTheFilesOrder) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  ModelSpec e = s.spec;
  e.description = "added";
  e.initialState.u["hand.angle"] = 2;
  e.initialState.q["shoulder.angle"] = 45 * kDeg;
  const std::string out = writeKeepingForm(s, e, s.file);
  EXPECT_NE(out.find(R"("metadata": {"author": "A. Author", "tags": ["test", 3], "nested": {"x": [1.50, 2]}})"),
            std::string::npos);
  EXPECT_NE(out.find(R"("u": {"shoulder.angle": 0.5, "hand.angle": 2})"), std::string::npos) << out;
  EXPECT_NE(out.find(R"("q_deg": {"shoulder.angle": 45, "hand.angle": 15})"), std::string::npos) << out;
  EXPECT_LT(out.find("\"scenario\""), out.find("\"description\": \"added\"")) << "new keys are appended";
  EXPECT_EQ(readModelText(out, s.file).description, "added");
}

TEST(FormPreservingWriter, ANewCoordinateAngleJoinsTheDegrees) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, authoredWith(R"(, "hand.angle": 15)", ""));
  ModelSpec e = s.spec;
  e.initialState.q["hand.angle"] = -30 * kDeg;
  const std::string out = writeKeepingForm(s, e, s.file);
  EXPECT_NE(out.find(R"("q_deg": {"shoulder.angle": 90, "hand.angle": -30})"), std::string::npos) << out;
}

TEST(FormPreservingWriter, AJointAxisIsDroppedWhenTheFramesNoLongerFollowIt) {
  TempDir dir;
  const ModelSource s = sourceOf(dir,
                                 authoredWith(R"("name": "shoulder"})", R"("name": "shoulder", "axis": [0, 1, 0]})"));
  ModelSpec e = s.spec;
  e.bodies[0].mass = 2;  // only the mass: the axis stays
  EXPECT_NE(writeKeepingForm(s, e, s.file).find(R"("axis": [0, 1, 0]})"), std::string::npos);
  e.bodies[0].joint.parentFrame.orientation = Rotation::aboutX(0.3).toQuaternion();
  const std::string out = writeKeepingForm(s, e, s.file);  // read back and checked inside
  EXPECT_EQ(out.find(R"("axis": [0, 1, 0]})"), std::string::npos) << out;
  const ModelSpec back = readModelText(out, s.file);
  EXPECT_TRUE(back.bodies[0].joint.parentFrame.orientation.toRotation().isSameRotation(Rotation::aboutX(0.3), 1e-12));
}

TEST(FormPreservingWriter, AddedAndRemovedBodiesAndElements) {
  TempDir dir;
  const ModelSource s = sourceOf(dir, kAuthored);
  ModelSpec e = s.spec;
  BodySpec extra = e.bodies[1];
  extra.name = "finger";
  extra.joint.name = "finger";
  extra.joint.parent = "hand";
  e.bodies.push_back(extra);
  e.forces.clear();
  const std::string out = writeKeepingForm(s, e, s.file);
  const ModelSpec back = readModelText(out, s.file);
  ASSERT_EQ(back.bodies.size(), 3u);
  EXPECT_EQ(back.bodies[2].name, "finger");
  EXPECT_TRUE(back.forces.empty());
  EXPECT_NE(out.find(R"("color": "#4f8fd8")"), std::string::npos);
}

TEST(FormPreservingWriter, ChangingABodyOfAnIncludedModelIsAnError) {
  const ModelSource s = readModelSource(sourcePath("models/scenarios/tackle.json"));
  ModelSpec e = s.spec;
  e.bodies[0].mass += 1;
  EXPECT_THROW(writeKeepingForm(s, e, s.file), Error);
}

TEST(FormPreservingWriter, WrittenElsewhereMeshAndIncludePathsFollow) {
  TempDir dir;
  std::filesystem::create_directories(dir.path / "sub");
  LoadOptions load;
  load.allowedPaths = {sourcePath("models")};  // the mesh is then outside the written file's folder
  for (const char* f : {"models/mesh_drop.json", "models/scenarios/tackle.json", "models/scenarios/panda_swing.json"}) {
    const ModelSource s = readModelSource(sourcePath(f), load);
    const std::string target = dir / ("sub/" + std::filesystem::path(f).filename().string());
    const std::string out = writeKeepingForm(s, s.spec, target);  // read back from there inside
    EXPECT_NE(out, s.text) << f;
    const auto [was, now] = difference(s.text, out);
    EXPECT_LT(now.size(), 400u) << f << ": only a path differs";
  }
}
