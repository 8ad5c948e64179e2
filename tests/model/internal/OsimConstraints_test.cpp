// OpenSim constraints and coordinate settings (src/model/OsimConstraints.h): a linear coupler with
// its scale factor as a coordinate_coupler whose function vanishes on the coupled pair, a spline
// coupler noted, weld and point constraints at their frames and stations, locked and prescribed
// coordinates, default values and speeds.
#include "model/OsimConstraints.h"

#include <gtest/gtest.h>

#include "OsimTestContext.h"
#include "articula/model/JointTypes.h"
#include "articula/model/OsimImport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim::testing;

namespace {

std::string pin(const std::string& name, const std::string& parent, const std::string& child,
                const std::string& coordinate) {
  return "<PinJoint name=\"" + name + "\"><socket_parent_frame>" + parent +
         "</socket_parent_frame><socket_child_frame>" + child + "</socket_child_frame><coordinates>" + coordinate +
         "</coordinates></PinJoint>\n";
}

const std::string kJoints = pin("j1", "/ground", "/bodyset/a", "<Coordinate name=\"q1\"/>") +
                            pin("j2", "/bodyset/a", "/bodyset/b", "<Coordinate name=\"q2\"/>");

ModelSpec withConstraints(const std::string& constraints, const std::string& joints = kJoints) {
  return importOsim(
      osimModel({"a", "b"}, joints, "<ConstraintSet><objects>" + constraints + "</objects></ConstraintSet>"), "t.osim");
}

}  // namespace

TEST(OsimConstraints, LinearCouplerVanishesOnTheCoupledPair) {
  const ModelSpec m = withConstraints(
      "<CoordinateCouplerConstraint name=\"c\"><coupled_coordinates_function><LinearFunction><coefficients>2 0.1"
      "</coefficients></LinearFunction></coupled_coordinates_function><independent_coordinate_names>q1"
      "</independent_coordinate_names><dependent_coordinate_name>q2</dependent_coordinate_name>"
      "<scale_factor>3</scale_factor></CoordinateCouplerConstraint>");
  ASSERT_EQ(m.constraints.size(), 1u);
  const ConstraintSpec& c = m.constraints[0];
  EXPECT_EQ(c.type, ConstraintType::CoordinateCoupler);
  EXPECT_EQ(c.function[0].args, (std::vector<std::string>{"j1.q1", "j2.q2"}));
  // q2 = 3 (2 q1 + 0.1): at q1 = 0.5, q2 = 3.3 satisfies it, q2 = 3.2 misses by 0.1.
  const FunctionPtr f = makeFunction(c.function[0]);
  const std::vector<Real> on{0.5, 3.3}, off{0.5, 3.2};
  EXPECT_NEAR(f->calcValue(on), 0, 1e-15);
  EXPECT_NEAR(std::abs(f->calcValue(off)), 0.1, 1e-15);
}

TEST(OsimConstraints, SplineCouplerAndDisabledConstraintsAreNoted) {
  const ModelSpec m = withConstraints(
      "<CoordinateCouplerConstraint name=\"c\"><coupled_coordinates_function><SimmSpline><x>0 1</x><y>0 1</y>"
      "</SimmSpline></coupled_coordinates_function><independent_coordinate_names>q1</independent_coordinate_names>"
      "<dependent_coordinate_name>q2</dependent_coordinate_name></CoordinateCouplerConstraint>"
      "<WeldConstraint name=\"w\"><isEnforced>false</isEnforced></WeldConstraint>");
  EXPECT_TRUE(m.constraints.empty());
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_NE(m.warnings[0].find("<CoordinateCouplerConstraint> with a SimmSpline"), std::string::npos) << m.warnings[0];
  EXPECT_NE(m.warnings[0].find("<WeldConstraint> not enforced"), std::string::npos) << m.warnings[0];
}

TEST(OsimConstraints, WeldAndPointAtTheirFramesAndStations) {
  const ModelSpec m = withConstraints(
      "<WeldConstraint name=\"w\"><socket_frame1>fa</socket_frame1><socket_frame2>/bodyset/b</socket_frame2><frames>"
      "<PhysicalOffsetFrame name=\"fa\"><socket_parent>/bodyset/a</socket_parent><translation>0 1 0</translation>"
      "<orientation>0 0 0</orientation></PhysicalOffsetFrame></frames></WeldConstraint>"
      "<PointConstraint name=\"p\"><socket_body_1>/ground</socket_body_1><socket_body_2>/bodyset/b</socket_body_2>"
      "<location_body_1>1 2 3</location_body_1><location_body_2>0 -0.5 0</location_body_2></PointConstraint>");
  ASSERT_EQ(m.constraints.size(), 2u);
  EXPECT_EQ(m.constraints[0].type, ConstraintType::Weld);
  EXPECT_EQ(m.constraints[0].bodies.at("body1"), "a");
  EXPECT_EQ(m.constraints[0].numbers.at("frame1.position"), (std::vector<Real>{0, 1, 0}));
  EXPECT_EQ(m.constraints[1].type, ConstraintType::Ball);
  EXPECT_EQ(m.constraints[1].bodies.at("body1"), "ground");
  EXPECT_EQ(m.constraints[1].numbers.at("station1"), (std::vector<Real>{1, 2, 3}));
  EXPECT_EQ(m.constraints[1].numbers.at("station2"), (std::vector<Real>{0, -0.5, 0}));
}

TEST(OsimConstraints, LockedPrescribedAndDefaultCoordinates) {
  const std::string joints =
      pin("j1", "/ground", "/bodyset/a",
          "<Coordinate name=\"q1\"><default_value>0.4</default_value><locked>true</locked></Coordinate>") +
      pin("j2", "/bodyset/a", "/bodyset/b",
          "<Coordinate name=\"q2\"><default_speed_value>2</default_speed_value><prescribed>true</prescribed>"
          "<prescribed_function><LinearFunction><coefficients>3 1</coefficients></LinearFunction>"
          "</prescribed_function><clamped>true</clamped></Coordinate>");
  const ModelSpec m = withConstraints("", joints);
  EXPECT_DOUBLE_EQ(m.initialState.q.at("j1.q1"), 0.4);
  EXPECT_DOUBLE_EQ(m.initialState.u.at("j2.q2"), 2);
  ASSERT_EQ(m.constraints.size(), 2u);
  EXPECT_EQ(m.constraints[0].type, ConstraintType::PrescribedMotion);
  EXPECT_EQ(m.constraints[0].coordinates.at("coordinate"), "j1.q1");
  EXPECT_DOUBLE_EQ(makeFunction(m.constraints[0].function[0])->value(7), 0.4);
  EXPECT_EQ(m.constraints[1].coordinates.at("coordinate"), "j2.q2");
  EXPECT_EQ(m.constraints[1].function[0].args, std::vector<std::string>{"t"});
  EXPECT_DOUBLE_EQ(makeFunction(m.constraints[1].function[0])->value(2), 7);
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_NE(m.warnings[0].find("<Coordinate> clamped range"), std::string::npos);
}

TEST(OsimConstraints, PointOnLineOnItsBodiesFramesAndDirectionRequired) {
  // The line on a's offset-free frame, the direction normalized; OpenSim's default direction is
  // zero, so a missing one is refused.
  const std::string line =
      "<PointOnLineConstraint name=\"l\"><socket_line_body>/bodyset/a</socket_line_body>"
      "<point_on_line>0 0.1 0</point_on_line><socket_follower_body>/bodyset/b</socket_follower_body>"
      "<point_on_follower>0.2 0 0</point_on_follower>";
  const ModelSpec m = withConstraints(line + "<line_direction_vec>0 3 4</line_direction_vec></PointOnLineConstraint>");
  ASSERT_EQ(m.constraints.size(), 1u);
  const ConstraintSpec& c = m.constraints[0];
  EXPECT_EQ(c.type, ConstraintType::PointOnLine);
  EXPECT_EQ(c.bodies.at("line_body"), "a");
  EXPECT_EQ(c.bodies.at("follower_body"), "b");
  EXPECT_EQ(c.numbers.at("direction"), (std::vector<Real>{0, 0.6, 0.8}));
  EXPECT_EQ(c.numbers.at("point"), (std::vector<Real>{0, 0.1, 0}));
  EXPECT_EQ(c.numbers.at("station"), (std::vector<Real>{0.2, 0, 0}));
  const std::string e = errorOf([&] { withConstraints(line + "</PointOnLineConstraint>"); });
  EXPECT_NE(e.find("the direction must be given and not zero"), std::string::npos) << e;
}
