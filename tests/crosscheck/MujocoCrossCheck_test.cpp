// Articula's reading of robot files against MuJoCo 2.2.2 reading the same files (issue 24, part 4):
// at random states, every body's world pose, the mass matrix, inverse dynamics and forward dynamics
// (tree dynamics: MuJoCo's contact, limits and constraints off; joint damping on in both) agree to
// 1e-10 relative. Each case prints its worst differences (docs/urdf.md, "Checked against MuJoCo").
// To add a file, add a row to kCases.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "articula/model/ModelFile.h"
#include "crosscheck/MujocoTwin.h"

using namespace articula;
using namespace articula::testing;
namespace fs = std::filesystem;

namespace {

enum class Format { Urdf, Mjcf };

struct CrossCheckCase {
  const char* name;
  std::string file;  // read by both engines (URDF: MuJoCo reads a copy without geometry)
  Format format = Format::Urdf;
  model::LoadOptions options = {};
  // URDF only: a "world" link and a floating joint to the root (named "root_free") are added, so
  // both engines float the robot: Articula a free mobilizer, MuJoCo a free joint.
  bool floatOnWorldJoint = false;
};

const std::string kUrdf = "/work/shared/external/urdf/";

const std::vector<CrossCheckCase>& cases() {
  static const std::vector<CrossCheckCase> table{
      {"double_pendulum", kUrdf + "double_pendulum.urdf"},
      {"ur5_robot", kUrdf + "ur5_robot.urdf"},
      {"panda", kUrdf + "panda.urdf"},
      {"solo12", kUrdf + "solo12.urdf"},
      {"simple_humanoid", kUrdf + "simple_humanoid.urdf"},
      {"anymal_c", kUrdf + "anymal_c.urdf"},
      {"solo12_floating", kUrdf + "solo12.urdf", Format::Urdf, {}, true},
  };
  return table;
}

constexpr int kStates = 12;
constexpr Real kTolerance = 1e-10;

std::string readText(const std::string& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The root link named after the first <link> whose name no <child link> names.
std::string withFloatingWorldJoint(const std::string& text) {
  std::set<std::string> children;
  const std::regex child("<child\\s+link\\s*=\\s*\"([^\"]+)\"");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), child); it != std::sregex_iterator(); ++it)
    children.insert((*it)[1]);
  const std::regex link("<link\\s+name\\s*=\\s*\"([^\"]+)\"");
  std::string root;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), link); it != std::sregex_iterator(); ++it)
    if (!children.count((*it)[1])) {
      root = (*it)[1];
      break;
    }
  const std::string added = "<link name=\"world\"/><joint name=\"root_free\" type=\"floating\"><parent link=\"world\"/>"
                            "<child link=\"" + root + "\"/></joint>\n";
  const size_t end = text.rfind("</robot>");
  return text.substr(0, end) + added + text.substr(end);
}

void PrintTo(const CrossCheckCase& c, std::ostream* os) { *os << c.name; }

class MujocoCrossCheck : public ::testing::TestWithParam<CrossCheckCase> {};

TEST_P(MujocoCrossCheck, PosesMassMatrixInverseAndForwardDynamicsAgree) {
  const CrossCheckCase& c = GetParam();
  if (!fs::exists(c.file)) GTEST_SKIP() << c.file << " is not here";
  const fs::path dir = fs::path(::testing::TempDir()) / ("mujoco_crosscheck_" + std::string(c.name));
  fs::create_directories(dir);
  std::string file = c.file;
  if (c.floatOnWorldJoint) {
    file = (dir / fs::path(c.file).filename()).string();
    std::ofstream(file) << withFloatingWorldJoint(readText(c.file));
  }
  std::string mujocoFile = file;
  if (c.format == Format::Urdf) {
    mujocoFile = (dir / "for_mujoco.urdf").string();
    writeUrdfForMujoco(file, mujocoFile);
  }
  std::unique_ptr<MujocoTwin> made;
  try {
    made = std::make_unique<MujocoTwin>(model::loadModelFile(file, c.options), file, mujocoFile);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  MujocoTwin& twin = *made;
  std::mt19937 rng(24);
  TwinDifferences worst;
  for (int n = 0; n < kStates; ++n) {
    twin.setRandomState(rng);
    const TwinDifferences d = twin.compare(rng);
    worst.pose = std::max(worst.pose, d.pose);
    worst.massMatrix = std::max(worst.massMatrix, d.massMatrix);
    worst.inverse = std::max(worst.inverse, d.inverse);
    worst.forward = std::max(worst.forward, d.forward);
    worst.bodiesCompared = d.bodiesCompared;
  }
  std::printf("[mujoco] %-18s nu %2d bodies %2d (+%zu MuJoCo only)  pose %.1e  M %.1e  ID %.1e  FD %.1e\n", c.name,
              twin.nu(), worst.bodiesCompared, twin.unmatchedMujocoBodies().size(), worst.pose, worst.massMatrix,
              worst.inverse, worst.forward);
  EXPECT_GT(worst.bodiesCompared, 0);
  EXPECT_LT(worst.pose, kTolerance);
  EXPECT_LT(worst.massMatrix, kTolerance);
  EXPECT_LT(worst.inverse, kTolerance);
  EXPECT_LT(worst.forward, kTolerance);
}

INSTANTIATE_TEST_SUITE_P(Files, MujocoCrossCheck, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<CrossCheckCase>& info) { return info.param.name; });

}  // namespace
