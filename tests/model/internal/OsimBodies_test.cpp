// OpenSim bodies (src/model/OsimBodies.h): mass properties as written (products of inertia in
// place), an inertia breaking the triangle inequality raised with a warning, tree order, display
// geometry and wrap surfaces noted.
#include "model/OsimBodies.h"

#include <gtest/gtest.h>

#include "OsimTestContext.h"
#include "articula/model/OsimImport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim::testing;

TEST(OsimBodies, MassPropertiesAsWritten) {
  const std::string text = document(
      "<Model name=\"m\"><BodySet><objects><Body name=\"b\"><mass>2.5</mass><mass_center>0.1 -0.2 0.3</mass_center>"
      "<inertia>1 2 2.5 0.1 -0.2 0.3</inertia><attached_geometry><Mesh name=\"g\"><mesh_file>b.vtp</mesh_file></Mesh>"
      "</attached_geometry><WrapObjectSet><objects><WrapCylinder name=\"w\"/></objects></WrapObjectSet></Body>"
      "</objects></BodySet><JointSet><objects><WeldJoint name=\"j\"><socket_parent_frame>/ground"
      "</socket_parent_frame><socket_child_frame>/bodyset/b</socket_child_frame></WeldJoint></objects></JointSet>"
      "</Model>");
  const ModelSpec m = importOsim(text, "t.osim");
  const BodySpec& b = m.bodies.at(0);
  EXPECT_EQ(b.mass, 2.5);
  EXPECT_EQ(b.massCenter, Vec3(0.1, -0.2, 0.3));
  Mat33 I;
  I << 1, 0.1, -0.2, 0.1, 2, 0.3, -0.2, 0.3, 2.5;
  EXPECT_EQ(b.inertia, I);
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_NE(m.warnings[0].find("<Mesh> (display geometry): OpenSimDocument/Model[m]/BodySet/objects/Body[b]/"
                               "attached_geometry/Mesh[g] (line 2)"),
            std::string::npos)
      << m.warnings[0];
  EXPECT_NE(m.warnings[0].find("<WrapCylinder> (wrap surface for muscle paths)"), std::string::npos);
}

TEST(OsimBodies, TriangleInequalityRepairedAndTreeOrder) {
  // Listed child first; c's moments 0 0 0.0009 become 0.00045 0.00045 0.0009.
  const std::string text = document(
      "<Model name=\"m\"><BodySet><objects>"
      "<Body name=\"c\"><mass>1</mass><inertia>0 0 0.0009 0 0 0</inertia></Body>"
      "<Body name=\"p\"><mass>1</mass><inertia>1 1 1 0 0 0</inertia></Body></objects></BodySet>"
      "<JointSet><objects>"
      "<WeldJoint name=\"jc\"><socket_parent_frame>/bodyset/p</socket_parent_frame>"
      "<socket_child_frame>/bodyset/c</socket_child_frame></WeldJoint>"
      "<WeldJoint name=\"jp\"><socket_parent_frame>/ground</socket_parent_frame>"
      "<socket_child_frame>/bodyset/p</socket_child_frame></WeldJoint></objects></JointSet></Model>");
  const ModelSpec m = importOsim(text, "t.osim");
  ASSERT_EQ(m.bodies.size(), 2u);
  EXPECT_EQ(m.bodies[0].name, "p");
  EXPECT_EQ(m.bodies[1].name, "c");
  EXPECT_NEAR(m.bodies[1].inertia(0, 0), 0.00045, 1e-18);
  EXPECT_NEAR(m.bodies[1].inertia(1, 1), 0.00045, 1e-18);
  EXPECT_EQ(m.bodies[1].inertia(2, 2), 0.0009);
  ASSERT_FALSE(m.warnings.empty());
  EXPECT_NE(m.warnings[0].find("t.osim:2: body 'c' inertia 0 0 0.0009 violates the triangle inequality"),
            std::string::npos)
      << m.warnings[0];
}
