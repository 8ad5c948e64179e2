// Articula's reading of robot files against MuJoCo 2.2.2 reading the same files (issue 24, part 4):
// at random states, every body's world pose, the mass matrix, inverse dynamics and forward dynamics
// (tree dynamics: MuJoCo's contact, limits, constraints and actuators off, the terms the MJCF import
// does not represent zeroed in MuJoCo's copy, MujocoTwin.h; joint damping and stiffness on in both) agree to
// 1e-10 relative. Each case prints its worst differences (docs/urdf.md and docs/mjcf.md, "Checked
// against MuJoCo").
// To add a file, add a row to kCases.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "articula/model/ModelFile.h"
#include "crosscheck/MujocoTwin.h"
#include "support/TestPaths.h"

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
  UrdfForMujoco mujoco = {};  // URDF only: how MuJoCo's copy is prepared
  Real tolerance = 1e-10;     // on poses, M, ID and FD, relative
  const char* why = "";       // why a tolerance is looser than 1e-10
};

const std::string kUrdf = ARTICULA_FIXTURES "/urdf/";
const std::string kSamples = "/usr/share/mujoco/model/";
const std::string kMjcfData = std::string(testpaths::kTestDir) + "/data/mjcf/";

// MuJoCo refuses inertias that break the triangle inequality (anymal_c's depth cameras) unless
// balanceinertia, which replaces them by their average; Articula lumps them, as given, into the
// body they are welded to (docs/urdf.md). On the fixed base those bodies are welded to the ground
// and do not move, so the dynamics still agree. (Floating, anymal_c is not compared: its root
// "base" is massless, which Articula refuses on a floating joint; --floating-base floats the first
// link with mass, "base_inertia", where MuJoCo's free joint would be on "base".)
const UrdfForMujoco kBalanced{.compiler = {{"balanceinertia", "true"}}};

const std::vector<CrossCheckCase>& cases() {
  static const std::vector<CrossCheckCase> table{
      {.name = "double_pendulum", .file = kUrdf + "double_pendulum.urdf"},
      {.name = "ur5_robot", .file = kUrdf + "ur5_robot.urdf"},
      {.name = "panda", .file = kUrdf + "panda.urdf"},
      {.name = "solo12", .file = kUrdf + "solo12.urdf"},
      {.name = "simple_humanoid", .file = kUrdf + "simple_humanoid.urdf"},
      {.name = "anymal_c", .file = kUrdf + "anymal_c.urdf", .mujoco = kBalanced},
      {.name = "solo12_floating", .file = kUrdf + "solo12.urdf", .floatOnWorldJoint = true},
      // MuJoCo diagonalizing the full inertia tensors itself (mju_eig3 stops early): its bodies are
      // off by up to 1e-7 relative, so the dynamics too.
      {.name = "panda_full_inertia",
       .file = kUrdf + "panda.urdf",
       .mujoco = {.diagonalInertia = false, .compiler = {}},
       .tolerance = 1e-6,
       .why = "MuJoCo 2.2.2's own diagonalization of full inertia tensors is accurate to about 1e-7"},
      // MJCF: MuJoCo's samples (Debian libmujoco-samples) and the importer's own test models.
      {.name = "humanoid", .file = kSamples + "humanoid/humanoid.xml", .format = Format::Mjcf},
      {.name = "humanoid100", .file = kSamples + "humanoid100/humanoid100.xml", .format = Format::Mjcf},
      {.name = "slider_crank", .file = kSamples + "slider_crank/slider_crank.xml", .format = Format::Mjcf},
      {.name = "arm26", .file = kSamples + "tendon_arm/arm26.xml", .format = Format::Mjcf},
      {.name = "mjcf_two_link_arm", .file = kMjcfData + "two_link_arm.xml", .format = Format::Mjcf},
      {.name = "mjcf_include", .file = kMjcfData + "include_main.xml", .format = Format::Mjcf},
      {.name = "mjcf_joint_zoo", .file = kMjcfData + "joint_zoo.xml", .format = Format::Mjcf},
  };
  return table;
}

constexpr int kStates = 12;

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
  const std::string added =
      "<link name=\"world\"/><joint name=\"root_free\" type=\"floating\"><parent link=\"world\"/>"
      "<child link=\"" +
      root + "\"/></joint>\n";
  const size_t end = text.rfind("</robot>");
  return text.substr(0, end) + added + text.substr(end);
}

void PrintTo(const CrossCheckCase& c, std::ostream* os) { *os << c.name; }

class MujocoCrossCheck : public ::testing::TestWithParam<CrossCheckCase> {};

TEST_P(MujocoCrossCheck, PosesMassMatrixInverseAndForwardDynamicsAgree) {
  const CrossCheckCase& c = GetParam();
  if (!fs::exists(c.file)) GTEST_SKIP() << c.file << " is not here";
  // Per process: other checkouts may run the same case at the same time.
  const fs::path dir = fs::path(::testing::TempDir()) /
                       ("mujoco_crosscheck_" + std::to_string(::getpid()) + "_" + c.name);
  fs::create_directories(dir);
  std::string file = c.file;
  if (c.floatOnWorldJoint) {
    file = (dir / fs::path(c.file).filename()).string();
    std::ofstream(file) << withFloatingWorldJoint(readText(c.file));
  }
  std::string mujocoFile = file;
  if (c.format == Format::Urdf) {
    mujocoFile = (dir / "for_mujoco.urdf").string();
    writeUrdfForMujoco(file, mujocoFile, c.mujoco);
  }
  std::unique_ptr<MujocoTwin> made;
  struct Cleanup {
    fs::path dir;
    ~Cleanup() { fs::remove_all(dir); }
  } cleanup{dir};
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
  std::printf("[mujoco] %-18s nu %2d bodies %2d (+%zu MuJoCo only)  mass %.1e  pose %.1e  M %.1e  ID %.1e  FD %.1e\n",
              c.name, twin.nu(), worst.bodiesCompared, twin.unmatchedMujocoBodies().size(),
              twin.massPropertiesDifference(), worst.pose, worst.massMatrix, worst.inverse, worst.forward);
  if (*c.why) std::printf("[mujoco] %-18s tolerance %.0e: %s\n", c.name, c.tolerance, c.why);
  EXPECT_GT(worst.bodiesCompared, 0);
  EXPECT_LT(worst.pose, c.tolerance);
  EXPECT_LT(worst.massMatrix, c.tolerance);
  EXPECT_LT(worst.inverse, c.tolerance);
  EXPECT_LT(worst.forward, c.tolerance);
}

INSTANTIATE_TEST_SUITE_P(Files, MujocoCrossCheck, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<CrossCheckCase>& info) { return info.param.name; });

}  // namespace
