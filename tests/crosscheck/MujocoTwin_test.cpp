// The twin's coordinate maps for every joint kind it knows (free, ball, hinge, slide), on a chain
// built by hand in both engines: an Articula ModelSpec and the MJCF text describing the same bodies.
// The free joint's M frame is off the body origin and the ball's centre is off its body's origin,
// so the maps' offset terms (d in T and w x (w x d)) are exercised; the hinge has damping. Then an
// MJCF file read by both: composed joints, MuJoCo-only terms zeroed, and a spring that differs seen.
#include "crosscheck/MujocoTwin.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "articula/model/ModelFile.h"

using namespace articula;
using namespace articula::testing;
namespace fs = std::filesystem;

namespace {

model::BodySpec body(const std::string& name, Real mass, const Vec3& com, const Vec3& inertia, model::JointType type,
                     const std::string& joint, const std::string& parent) {
  model::BodySpec b;
  b.name = name;
  b.mass = mass;
  b.massCenter = com;
  b.inertia = inertia.asDiagonal();
  b.joint.type = type;
  b.joint.name = joint;
  b.joint.parent = parent;
  return b;
}

model::ModelSpec articulaChain() {
  using model::JointType;
  model::ModelSpec m;
  m.name = "twin";
  m.bodies.push_back(
      body("torso", 3, Vec3(0.1, 0, 0.05), Vec3(0.1, 0.2, 0.15), JointType::Free, "torso_free", "ground"));
  m.bodies.back().joint.childFrame.position = Vec3(0.05, 0, 0);  // M off the body origin
  m.bodies.push_back(body("arm", 1.5, Vec3(0, 0, -0.2), Vec3(0.02, 0.03, 0.01), JointType::Ball, "shoulder", "torso"));
  m.bodies.back().joint.parentFrame.position = Vec3(0.2, 0, 0);
  m.bodies.back().joint.childFrame.position = Vec3(0, 0, 0.1);  // the ball's centre, 0.1 above the arm's origin
  // The hinge about y: F and M turned so their z is y.
  const Quaternion zToY(std::cos(-std::numbers::pi / 4), std::sin(-std::numbers::pi / 4), 0, 0);
  m.bodies.push_back(body("forearm", 1, Vec3(0, 0, -0.15), Vec3(0.01, 0.012, 0.004), JointType::Pin, "elbow", "arm"));
  m.bodies.back().joint.parentFrame.position = Vec3(0, 0, -0.4);
  m.bodies.back().joint.parentFrame.orientation = zToY;
  m.bodies.back().joint.childFrame.orientation = zToY;
  m.bodies.push_back(
      body("hand", 0.5, Vec3(0.02, 0, -0.05), Vec3(0.001, 0.002, 0.0015), JointType::Slider, "wrist", "forearm"));
  m.bodies.back().joint.parentFrame.position = Vec3(0, 0, -0.3);
  model::ForceSpec damper;
  damper.type = model::ForceType::MobilityLinearDamper;
  damper.name = "elbow damping";
  damper.bodies["body"] = "forearm";
  damper.coordinate = "angle";
  damper.numbers["damping"] = {0.3};
  m.forces.push_back(damper);
  return m;
}

const char* const kMjcf = R"(<mujoco model="twin">
  <compiler angle="radian"/>
  <option gravity="0 0 -9.81"/>
  <worldbody>
    <body name="torso" pos="0 0 1">
      <joint name="torso_free" type="free"/>
      <inertial pos="0.1 0 0.05" mass="3" diaginertia="0.1 0.2 0.15"/>
      <body name="arm" pos="0.2 0 -0.1">
        <joint name="shoulder" type="ball" pos="0 0 0.1"/>
        <inertial pos="0 0 -0.2" mass="1.5" diaginertia="0.02 0.03 0.01"/>
        <body name="forearm" pos="0 0 -0.4">
          <joint name="elbow" type="hinge" axis="0 1 0" damping="0.3"/>
          <inertial pos="0 0 -0.15" mass="1" diaginertia="0.01 0.012 0.004"/>
          <body name="hand" pos="0 0 -0.3">
            <joint name="wrist" type="slide" axis="1 0 0"/>
            <inertial pos="0.02 0 -0.05" mass="0.5" diaginertia="0.001 0.002 0.0015"/>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>
)";

}  // namespace

TEST(MujocoTwin, FreeBallHingeAndSlideMapBetweenTheEngines) {
  const fs::path file = fs::path(::testing::TempDir()) / ("mujoco_twin_chain_" + std::to_string(::getpid()) + ".xml");
  std::ofstream(file) << kMjcf;
  MujocoTwin twin(articulaChain(), "chain", file.string());
  fs::remove(file);
  EXPECT_EQ(twin.nu(), 6 + 3 + 1 + 1);
  EXPECT_TRUE(twin.unmatchedMujocoBodies().empty());
  EXPECT_LT(twin.massPropertiesDifference(), 1e-15);
  std::mt19937 rng(7);
  for (int n = 0; n < 12; ++n) {
    twin.setRandomState(rng);
    const TwinDifferences d = twin.compare(rng);
    EXPECT_EQ(d.bodiesCompared, 4);
    EXPECT_LT(d.pose, 1e-12) << "state " << n;
    EXPECT_LT(d.massMatrix, 1e-12) << "state " << n;
    EXPECT_LT(d.inverse, 1e-12) << "state " << n;
    EXPECT_LT(d.forward, 1e-12) << "state " << n;
  }
}

// A joint whose kinds differ between the files is named, not compared.
TEST(MujocoTwin, AJointOfAnotherKindIsRefused) {
  const fs::path file = fs::path(::testing::TempDir()) / ("mujoco_twin_slide_" + std::to_string(::getpid()) + ".xml");
  std::string text = kMjcf;
  text.replace(text.find("type=\"hinge\""), 12, "type=\"slide\"");
  std::ofstream(file) << text;
  struct Cleanup {
    fs::path file;
    ~Cleanup() { fs::remove(file); }
  } cleanup{file};
  try {
    MujocoTwin twin(articulaChain(), "chain", file.string());
    FAIL() << "accepted a pin against a slide";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"elbow\""), std::string::npos) << e.what();
  }
}

namespace {

// A composed body (two slides, two hinges at one anchor, `ref`), a hinge with armature and a spring,
// and a ball with a spring: MJCF read by both engines.
const char* const kComposedMjcf = R"(<mujoco>
  <compiler angle="radian"/>
  <worldbody>
    <body name="carriage" pos="0 0 1">
      <joint name="sx" type="slide" axis="1 0 0" ref="0.1"/>
      <joint name="sy" type="slide" axis="0 1 0"/>
      <joint name="h1" axis="0 0 1" pos="0.1 0 0" ref="0.3"/>
      <joint name="h2" axis="1 0 0" pos="0.1 0 0"/>
      <geom type="box" size="0.1 0.2 0.3"/>
      <body name="arm" pos="0 0 -0.4">
        <joint name="elbow" axis="0 1 0" armature="0.5" stiffness="4" springref="0.2"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 -0.2" size="0.05"/>
        <body name="hand" pos="0.3 0 -0.2">
          <joint name="wrist" type="ball" stiffness="2"/>
          <geom type="sphere" size="0.07" pos="0.05 0 0"/>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>
)";

struct MjcfFile {
  fs::path path;
  explicit MjcfFile(const std::string& text)
      : path(fs::path(::testing::TempDir()) / ("mujoco_twin_mjcf_" + std::to_string(::getpid()) + ".xml")) {
    std::ofstream(path) << text;
  }
  ~MjcfFile() { fs::remove(path); }
};

Real worstInverse(MujocoTwin& twin) {
  std::mt19937 rng(3);
  Real worst = 0;
  for (int n = 0; n < 5; ++n) {
    twin.setRandomState(rng);
    worst = std::max(worst, twin.compare(rng).inverse);
  }
  return worst;
}

}  // namespace

// Composed coordinates map by name; MuJoCo's armature and ball spring (not imported) are zeroed in
// its copy, so M and the dynamics agree though the file has them.
TEST(MujocoTwin, ComposedJointsMapAndMujocoOnlyTermsAreZeroed) {
  const MjcfFile file(kComposedMjcf);
  MujocoTwin twin(model::loadModelFile(file.path.string()), file.path.string(), file.path.string());
  EXPECT_EQ(twin.nu(), 4 + 1 + 3);
  std::mt19937 rng(5);
  for (int n = 0; n < 10; ++n) {
    twin.setRandomState(rng);
    const TwinDifferences d = twin.compare(rng);
    EXPECT_EQ(d.bodiesCompared, 3);
    EXPECT_LT(d.pose, 1e-12) << "state " << n;
    EXPECT_LT(d.massMatrix, 1e-12) << "state " << n;
    EXPECT_LT(d.inverse, 1e-12) << "state " << n;
    EXPECT_LT(d.forward, 1e-12) << "state " << n;
  }
}

// The comparison sees a spring that differs: the elbow's stiffness 4 made 4.4 in Articula's copy.
TEST(MujocoTwin, ADifferentSpringIsSeen) {
  const MjcfFile file(kComposedMjcf);
  model::ModelSpec spec = model::loadModelFile(file.path.string());
  bool changed = false;
  for (model::ForceSpec& f : spec.forces)
    if (f.name == "elbow stiffness") f.numbers["stiffness"] = {4.4}, changed = true;
  ASSERT_TRUE(changed);
  MujocoTwin twin(std::move(spec), file.path.string(), file.path.string());
  EXPECT_GT(worstInverse(twin), 1e-4);
}
