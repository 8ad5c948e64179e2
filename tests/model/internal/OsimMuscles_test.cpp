// OpenSim muscle paths (src/model/OsimMuscles.h): the three kinds of path point with their bodies,
// coordinates (as "joint.coordinate") and functions; a force without a GeometryPath left alone;
// path wraps noted; refusals of an unknown coordinate, an unknown point kind and a one-point path.
#include "model/OsimMuscles.h"

#include <gtest/gtest.h>

#include "OsimTestContext.h"
#include "articula/model/JointTypes.h"
#include "articula/model/OsimImport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim::testing;

namespace {

const std::string kJoint =
    "<PinJoint name=\"pin\"><socket_parent_frame>/ground</socket_parent_frame>"
    "<socket_child_frame>/bodyset/a</socket_child_frame><coordinates><Coordinate name=\"q\"/></coordinates>"
    "</PinJoint>\n";

ModelSpec withForces(const std::string& forces) {
  return importOsim(osimModel({"a"}, kJoint, "<ForceSet><objects>" + forces + "</objects></ForceSet>"), "t.osim");
}

std::string muscle(const std::string& points, const std::string& wraps = "") {
  return "<Millard2012EquilibriumMuscle name=\"m\"><GeometryPath><PathPointSet><objects>" + points +
         "</objects></PathPointSet><PathWrapSet><objects>" + wraps +
         "</objects></PathWrapSet></GeometryPath></Millard2012EquilibriumMuscle>";
}

const std::string kOrigin =
    "<PathPoint name=\"o\"><socket_parent_frame>/ground</socket_parent_frame><location>1 2 3</location></PathPoint>";

}  // namespace

TEST(OsimMuscles, ThreeKindsOfPoint) {
  const ModelSpec m = withForces(
      muscle(
          kOrigin +
              "<ConditionalPathPoint name=\"c\"><socket_parent_frame>/bodyset/a</socket_parent_frame>"
              "<location>0 1 0</location><socket_coordinate>/jointset/pin/q</socket_coordinate><range>-0.5 0.25</range>"
              "</ConditionalPathPoint><MovingPathPoint name=\"v\"><socket_parent_frame>/bodyset/a</socket_parent_frame>"
              "<socket_y_coordinate>/jointset/pin/q</socket_y_coordinate><y_location><LinearFunction><coefficients>2 1"
              "</coefficients></LinearFunction></y_location><location>7 0 9</location></MovingPathPoint>",
          "<PathWrap name=\"w\"/>") +
      "<ExpressionBasedCoordinateForce name=\"act\"/>");
  ASSERT_EQ(m.muscles.size(), 1u);  // the actuator has no path
  const MuscleSpec& k = m.muscles[0];
  EXPECT_EQ(k.name, "m");
  EXPECT_EQ(k.type, "Millard2012EquilibriumMuscle");
  ASSERT_EQ(k.path.size(), 3u);
  EXPECT_EQ(k.path[0].body, "ground");
  EXPECT_EQ(k.path[0].location, Vec3(1, 2, 3));
  EXPECT_EQ(k.path[1].kind, PathPointKind::Conditional);
  EXPECT_EQ(k.path[1].coordinate, "pin.q");
  EXPECT_EQ(k.path[1].lower, -0.5);
  EXPECT_EQ(k.path[1].upper, 0.25);
  EXPECT_EQ(k.path[2].kind, PathPointKind::Moving);
  // x and z: the location's components; y = 2 q + 1.
  EXPECT_EQ(makeFunction(k.path[2].moving[0])->value(0.3), 7);
  EXPECT_DOUBLE_EQ(makeFunction(k.path[2].moving[1])->value(0.3), 1.6);
  EXPECT_EQ(k.path[2].moving[1].args, std::vector<std::string>{"pin.q"});
  EXPECT_EQ(makeFunction(k.path[2].moving[2])->value(0.3), 9);
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_NE(m.warnings[0].find("<PathWrap> (path wrap: not applied"), std::string::npos) << m.warnings[0];
  EXPECT_NE(m.warnings[0].find("<Millard2012EquilibriumMuscle> (muscle: its path is read"), std::string::npos);
  EXPECT_NE(m.warnings[0].find("<ExpressionBasedCoordinateForce> (force: not simulated yet)"), std::string::npos);
}

TEST(OsimMuscles, Refusals) {
  const std::string unknown = errorOf([] {
    withForces(muscle(kOrigin + "<ConditionalPathPoint name=\"c\"><socket_parent_frame>/bodyset/a</socket_parent_frame>"
                                "<socket_coordinate>/jointset/pin/knee</socket_coordinate><range>0 1</range>"
                                "</ConditionalPathPoint>"));
  });
  EXPECT_NE(unknown.find("names no coordinate of the model"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("t.osim:"), std::string::npos) << unknown;
  EXPECT_NE(errorOf([] { withForces(muscle(kOrigin + "<PathPointX name=\"x\"/>")); }).find("not a path point"),
            std::string::npos);
  EXPECT_NE(errorOf([] { withForces(muscle(kOrigin)); }).find("a path needs two points"), std::string::npos);
}
