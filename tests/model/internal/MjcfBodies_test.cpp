// MJCF bodies (src/model/MjcfBodies.h): <inertial> turned into the body frame and checked, the
// body tree's names and frames, mass from geoms or inertial as the compiler says, and what each
// body becomes: merged, welded or refused.
#include "model/MjcfBodies.h"

#include <gtest/gtest.h>

#include <cmath>

#include "MjcfTestContext.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::mjcf;
using namespace articula::model::mjcf::testing;

namespace {

// Reads every top-level <body> of the <worldbody> and adds them all.
struct Tree : Parsed {
  Geoms geoms{c};
  explicit Tree(const std::string& worldbody, const std::string& head = "")
      : Parsed("<mujoco>\n" + head + "<worldbody>\n" + worldbody + "</worldbody>\n</mujoco>") {
    c.defaults.ensureMain();
    if (const XMLElement* compiler = find("compiler"))
      if (compiler->Attribute("inertiafromgeom", "true")) c.compiler.fromGeom = Compiler::FromGeom::True;
    for (const XMLElement* b = find("worldbody")->FirstChildElement("body"); b; b = b->NextSiblingElement("body"))
      readBody(c, geoms, b, -1, "main");
  }
  void addAll() {
    for (MjBody& b : c.bodies) addBody(c, b);
  }
};

const std::string kHinge = "<joint axis=\"0 1 0\"/>";

}  // namespace

TEST(MjcfBodies, InertialIsTurnedIntoTheBodyFrame) {
  // diaginertia (1, 2, 3) in a frame turned 90 degrees about y (x -> -z, z -> x): in the body frame
  // the x axis carries the inertial z's moment 3 and z the inertial x's 1.
  Tree t("<body name=\"b\"><inertial pos=\"0.1 0 0\" euler=\"0 90 0\" mass=\"2\" diaginertia=\"1 2 3\"/></body>\n");
  const MjBody& b = t.c.bodies[0];
  EXPECT_EQ(b.mass.mass, 2);
  EXPECT_TRUE(b.mass.com.isApprox(Vec3(0.1, 0, 0), 1e-15));
  EXPECT_TRUE(b.mass.inertia.isApprox(Vec3(3, 2, 1).asDiagonal().toDenseMatrix(), 1e-12)) << b.mass.inertia;
}

TEST(MjcfBodies, InertialsThatAreNoBodyAreRefused) {
  const auto error = [](const std::string& inertial) {
    return errorOf([&] { Tree("<body name=\"b\">" + inertial + "</body>\n"); });
  };
  EXPECT_NE(error("<inertial mass=\"1\" diaginertia=\"1 1 3\"/>").find("triangle inequality"), std::string::npos);
  EXPECT_NE(error("<inertial mass=\"1\" diaginertia=\"1 0 1\"/>").find("not positive definite"), std::string::npos);
  EXPECT_NE(error("<inertial mass=\"1\" euler=\"0 0 1\" fullinertia=\"1 1 1 0 0 0\"/>").find("takes no orientation"),
            std::string::npos);
  EXPECT_NE(error("<inertial mass=\"1\"/>").find("missing diaginertia or fullinertia"), std::string::npos);
  EXPECT_NE(error("<inertial mass=\"-1\"/>").find("must not be negative"), std::string::npos);
}

TEST(MjcfBodies, TreeNamesFramesAndMassFromGeoms) {
  // Unnamed bodies are numbered in the file's order (MuJoCo's body index): the child of the first
  // is body2. Frames compose: the child at (0, 0, -1) of a parent at (1, 0, 0) turned 90 about y
  // is at (1, 0, 0) + Ry(90) (0, 0, -1) = (0, 0, 0).
  Tree t(
      "<body pos=\"1 0 0\" euler=\"0 90 0\"><geom size=\"0.1\" mass=\"3\"/>"
      "<body pos=\"0 0 -1\"><geom size=\"0.1\"/></body></body>\n");
  ASSERT_EQ(t.c.bodies.size(), 2u);
  EXPECT_EQ(t.c.bodies[0].name, "body1");
  EXPECT_EQ(t.c.bodies[1].name, "body2");
  EXPECT_EQ(t.c.bodies[1].parent, 0);
  EXPECT_TRUE(t.c.bodies[1].X_WB.p().isZero(1e-12)) << t.c.bodies[1].X_WB.p().transpose();
  EXPECT_EQ(t.c.bodies[0].mass.mass, 3);  // no <inertial>: from the geoms (inertiafromgeom auto)
  const std::string dup = errorOf(
      [] { Tree("<body name=\"x\"><geom size=\"1\"/></body>\n<body name=\"x\"><geom size=\"1\"/></body>\n"); });
  EXPECT_NE(dup.find("a second body of this name (first at line 3)"), std::string::npos) << dup;
}

TEST(MjcfBodies, InertiafromgeomTrueReplacesTheInertial) {
  Tree t("<body><inertial mass=\"7\" diaginertia=\"1 1 1\"/><geom size=\"0.1\" mass=\"3\"/></body>\n",
         "<compiler inertiafromgeom=\"true\"/>\n");
  EXPECT_EQ(t.c.bodies[0].mass.mass, 3);
  EXPECT_NE(t.c.report.warning()->find("inertiafromgeom=\"true\""), std::string::npos);
}

TEST(MjcfBodies, MasslessFramesMergeMassiveOnesWeldMovingOnesNeedMass) {
  // "frame" has neither joints nor mass: merged into "arm", its geom (massless, group 6) moved by
  // the frame's offset (0, 0, 0.5). "tip" has mass and no joints: welded at (0, 0, 0.5) + (1, 0, 0).
  Tree t("<body name=\"arm\">" + kHinge +
         "<geom size=\"0.1\"/><body name=\"frame\" pos=\"0 0 0.5\"><geom size=\"0.1\" group=\"6\" pos=\"0.2 0 0\"/>"
         "<body name=\"tip\" pos=\"1 0 0\"><geom size=\"0.1\"/></body></body></body>\n");
  t.addAll();
  ASSERT_EQ(t.c.m.bodies.size(), 2u);
  EXPECT_EQ(t.c.m.bodies[0].name, "arm");
  ASSERT_EQ(t.c.m.bodies[0].geometry.size(), 2u);
  EXPECT_TRUE(t.c.m.bodies[0].geometry[1].pose.position.isApprox(Vec3(0.2, 0, 0.5), 1e-15));
  EXPECT_EQ(t.c.bodies[1].owner, "arm");
  EXPECT_EQ(t.c.m.bodies[1].joint.type, JointType::Weld);
  EXPECT_EQ(t.c.m.bodies[1].joint.parent, "arm");
  EXPECT_TRUE(t.c.m.bodies[1].joint.parentFrame.position.isApprox(Vec3(1, 0, 0.5), 1e-15));
  Tree massless("<body name=\"m\">" + kHinge + "<geom size=\"0.1\" group=\"6\"/></body>\n");
  const std::string e = errorOf([&] { massless.addAll(); });
  EXPECT_NE(e.find("a moving body without mass"), std::string::npos) << e;
}
