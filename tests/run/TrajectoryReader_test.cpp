#include "articula/run/TrajectoryReader.h"

#include <gtest/gtest.h>

#include "articula/Error.h"
#include "support/RenderTestRuns.h"

using namespace articula;
using namespace articula::run;

namespace {

std::string errorOf(const std::string& text) {
  try {
    parseTrajectoryJson(text, "run/trajectory.json");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST(TrajectoryReader, ReadsBodiesGeometryAndFrames) {
  const RunTrajectory run = parseTrajectoryJson(test::pendulumTrajectoryJson(11, 0.1, true), "t.json");
  EXPECT_EQ(run.model, "double pendulum");
  ASSERT_EQ(run.bodies.size(), 2u);
  EXPECT_EQ(run.bodies[0].parent, "");
  EXPECT_EQ(run.bodies[1].parent, "upper");
  EXPECT_EQ(run.bodies[1].jointType, model::JointType::Pin);
  ASSERT_EQ(run.bodies[1].geometry.size(), 3u);
  EXPECT_EQ(run.bodies[1].geometry[0].type, model::GeometryType::Capsule);
  EXPECT_DOUBLE_EQ(run.bodies[1].geometry[0].dims.z(), 0.2);
  EXPECT_DOUBLE_EQ(run.bodies[1].geometry[1].color.x(), 0.9);   // own colour
  EXPECT_DOUBLE_EQ(run.bodies[1].geometry[0].color.x(), 0.85);  // the body's
  ASSERT_EQ(run.frames.size(), 11u);
  EXPECT_DOUBLE_EQ(run.frames[10].t, 1.0);
  ASSERT_EQ(run.frames[3].contacts.size(), 1u);
  EXPECT_NEAR(run.frames[3].poses[0].orientation.norm(), 1, 1e-12);
}

TEST(TrajectoryReader, ErrorsNameFilePointerAndValue) {
  const std::string good = test::pendulumTrajectoryJson(3, 0.1);
  EXPECT_EQ(errorOf("{").rfind("run/trajectory.json: /: not valid JSON at line 1, column 2: ", 0), 0u) << errorOf("{");
  EXPECT_NE(errorOf(std::string(201, '[')).find("nested deeper than 100 levels"), std::string::npos);
  EXPECT_NE(errorOf(replaced(good, "\"version\": 1", "\"version\": 1e400"))  // found by fuzz/trajectory_fuzz
                .find("run/trajectory.json: /version: not valid JSON at line"),
            std::string::npos);
  EXPECT_EQ(errorOf(replaced(good, "\"articula-trajectory\"", "\"other\"")),
            "run/trajectory.json: /format = \"other\": expected \"articula-trajectory\"");
  EXPECT_EQ(errorOf(replaced(good, "\"version\": 1", "\"version\": 7")),
            "run/trajectory.json: /version = 7: only version 1 is supported");
  EXPECT_EQ(errorOf(replaced(good, "\"radius\": 0.07", "\"radius\": -1")),
            "run/trajectory.json: /bodies/1/geometry/1/size/radius = -1: must be positive");
  EXPECT_EQ(errorOf(replaced(good, "\"type\": \"box\"", "\"type\": \"torus\"")),
            "run/trajectory.json: /bodies/0/geometry/1/type = \"torus\": unknown shape type (sphere, ellipsoid, box, "
            "cylinder, capsule, mesh)");
  EXPECT_EQ(errorOf(replaced(good, "\"t\": 0.1,", "\"t\": 0,")),
            "run/trajectory.json: /frames/1/t = 0: times must increase strictly");
  EXPECT_EQ(errorOf(replaced(good, "\"poses\": [[0, 0, 0.6,", "\"poses\": [[0, 0,")),
            "run/trajectory.json: /frames/0/poses/0 = [0,0,0.825335615,0,0.564642473,0]: expected 7 numbers [x, y, z, "
            "qw, qx, qy, qz]");
  EXPECT_EQ(errorOf(replaced(good, "\"color\": [0.31, 0.56, 0.85]", "\"color\": [31, 56, 85]")),
            "run/trajectory.json: /bodies/0/color = [31,56,85]: colour components must be in 0..1");
  EXPECT_EQ(errorOf(replaced(good, "\"frames\": [", "\"framez\": [")), "run/trajectory.json: /frames: missing");
  const std::string hinge = errorOf(replaced(good, "\"joint_type\": \"pin\"", "\"joint_type\": \"hinge\""));
  EXPECT_EQ(hinge.rfind("run/trajectory.json: /bodies/0/joint_type = \"hinge\": unknown joint type (weld, pin, ", 0),
            0u)
      << hinge;
  EXPECT_NE(hinge.find(", function_based)"), std::string::npos) << hinge;
}

TEST(TrajectoryReader, JointTypeIsOptional) {
  const std::string text = replaced(test::pendulumTrajectoryJson(2, 0.1), "\"joint_type\": \"pin\", ", "");
  const RunTrajectory run = parseTrajectoryJson(text, "t.json");
  EXPECT_FALSE(run.bodies[0].jointType);
  EXPECT_EQ(run.bodies[1].jointType, model::JointType::Pin);
}

TEST(TrajectoryReader, MissingFileIsNamed) {
  try {
    readTrajectoryJson("/nonexistent/run/trajectory.json");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("/nonexistent/run/trajectory.json: cannot open", 0), 0u) << e.what();
  }
}

TEST(TrajectoryReader, ReadsMeshes) {
  std::string text = test::pendulumTrajectoryJson(2, 0.1);
  text = replaced(
      text, R"({"name": "hub", "type": "box", "size": {"half_lengths": [0.04, 0.08, 0.04]})",
      R"({"name": "hub", "type": "mesh", "size": {"vertices": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]], "faces": [[0,2,1],[0,1,3],[0,3,2],[1,2,3]], "scale": [0.1, 0.1, 0.1]})");
  const RunTrajectory run = parseTrajectoryJson(text, "t.json");
  EXPECT_EQ(run.bodies[0].geometry[1].vertices.size(), 4u);
  EXPECT_EQ(run.bodies[0].geometry[1].faces.size(), 4u);
  EXPECT_EQ(errorOf(replaced(text, "[1,2,3]]", "[1,2,9]]")),
            "run/trajectory.json: /bodies/0/geometry/1/size/faces/3/2 = 9: not a vertex index");
}

TEST(TrajectoryReader, ReadsMarkersByBodyNameOrGround) {
  const std::string good = test::pendulumTrajectoryJson(2, 0.1);
  const auto withMarkers = [&](const std::string& markers) {
    return replaced(good, "\"units\":", "\"markers\": " + markers + ", \"units\":");
  };
  const RunTrajectory run = parseTrajectoryJson(
      withMarkers(R"([{"name": "tip", "body": "lower", "location": [0, 0.1, -0.5]},
                      {"name": "lab", "body": "ground", "location": [1, 2, 3]}])"),
      "t.json");
  ASSERT_EQ(run.markers.size(), 2u);
  EXPECT_EQ(run.markers[0].name, "tip");
  EXPECT_EQ(run.markers[0].body, 1);
  EXPECT_EQ(run.markers[0].location, Eigen::Vector3d(0, 0.1, -0.5));
  EXPECT_EQ(run.markers[1].body, -1);
  EXPECT_TRUE(parseTrajectoryJson(good, "t.json").markers.empty());
  EXPECT_EQ(errorOf(withMarkers(R"([{"name": "x", "body": "shin", "location": [0, 0, 0]}])")),
            "run/trajectory.json: /markers/0/body = \"shin\": no such body");
  EXPECT_EQ(errorOf(withMarkers(R"([{"name": "x", "body": "upper", "location": [0, 0]}])")),
            "run/trajectory.json: /markers/0/location = [0,0]: expected 3 numbers");
  EXPECT_EQ(errorOf(withMarkers("{}")), "run/trajectory.json: /markers = {}: expected an array");
}
