// MJCF joints (src/model/MjcfJoints.h): attributes in the compiler's units, when a body's joints
// compose exactly, the function_based joint and the chain they become (hand-worked sinusoids),
// and the forces of damping, stiffness and limits.
#include "model/MjcfJoints.h"

#include <gtest/gtest.h>

#include <cmath>

#include "MjcfTestContext.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::mjcf;
using namespace articula::model::mjcf::testing;

namespace {

MjJoint joint(const std::string& name, MjJointType type, const Vec3& axis, const Vec3& pos = Vec3::Zero()) {
  MjJoint j;
  j.name = name;
  j.type = type;
  j.axis = axis;
  j.pos = pos;
  return j;
}

MjBody bodyWith(std::vector<MjJoint> joints) {
  MjBody b;
  b.name = "b";
  b.joints = std::move(joints);
  return b;
}

const MjJointType H = MjJointType::Hinge, S = MjJointType::Slide;

// The joints of the first body of `text`, read as the importer does (class "main").
std::vector<MjJoint> readJoints(Parsed& p) {
  MjBody b;
  b.name = "b";
  for (const XMLElement* e = p.find("body")->FirstChildElement("joint"); e; e = e->NextSiblingElement("joint"))
    b.joints.push_back(readJoint(p.c, e, "main", b));
  return b.joints;
}

}  // namespace

TEST(MjcfJoints, AttributesInTheCompilersUnits) {
  Parsed p(
      "<mujoco>\n<body name=\"b\">\n<joint range=\"-45 90\" limited=\"true\" ref=\"30\" springref=\"60\"/>\n"
      "<joint type=\"slide\" axis=\"0 0 -3\" range=\"-1 2\" limited=\"true\" ref=\"0.5\"/>\n</body>\n</mujoco>");
  const std::vector<MjJoint> j = readJoints(p);
  EXPECT_EQ(j[0].name, "b_joint0");  // unnamed: the body's name and the joint's index
  EXPECT_EQ(j[1].name, "b_joint1");
  EXPECT_NEAR(j[0].lower, -M_PI / 4, 1e-15);
  EXPECT_NEAR(j[0].upper, M_PI / 2, 1e-15);
  EXPECT_NEAR(j[0].ref, M_PI / 6, 1e-15);
  EXPECT_NEAR(j[0].springref, M_PI / 3, 1e-15);
  EXPECT_EQ(j[1].lower, -1);  // a slide's range and ref are lengths, never converted
  EXPECT_EQ(j[1].ref, 0.5);
  EXPECT_TRUE(j[1].axis.isApprox(Vec3(0, 0, -1), 1e-15));  // normalized
}

TEST(MjcfJoints, ARangeNeedsLimitedUnlessAutolimits) {
  Parsed p("<mujoco>\n<body>\n<joint name=\"j\" range=\"0 1\"/>\n</body>\n</mujoco>");
  const std::string e = errorOf([&] { readJoints(p); });
  EXPECT_NE(e.find("t.xml:3"), std::string::npos) << e;
  EXPECT_NE(e.find("a range without limited"), std::string::npos) << e;
  p.c.compiler.autolimits = true;
  EXPECT_TRUE(readJoints(p)[0].limited);
  Parsed zero("<mujoco>\n<body>\n<joint axis=\"0 0 0\"/>\n</body>\n</mujoco>");
  EXPECT_NE(errorOf([&] { readJoints(zero); }).find("the axis must not be zero"), std::string::npos);
}

TEST(MjcfJoints, WhenJointsCompose) {
  const Vec3 x = Vec3::UnitX(), y = Vec3::UnitY(), z = Vec3::UnitZ();
  // Slides then hinges about one anchor.
  const auto k = compositionOf(bodyWith({joint("s1", S, x), joint("s2", S, y), joint("h1", H, z), joint("h2", H, x)}));
  ASSERT_TRUE(k);
  EXPECT_EQ(k->slides.size(), 2u);
  EXPECT_EQ(k->hinges.size(), 2u);
  // The first hinge at its own anchor, the others sharing another.
  const auto two = compositionOf(
      bodyWith({joint("h1", H, z, Vec3(0, 0, 1)), joint("h2", H, x, Vec3(1, 0, 0)), joint("h3", H, y, Vec3(1, 0, 0))}));
  ASSERT_TRUE(two);
  EXPECT_EQ(two->a1, Vec3(0, 0, 1));
  EXPECT_EQ(two->a2, Vec3(1, 0, 0));
  // Not exact as one mobilizer: a slide after a hinge, three anchors, slides with two anchors,
  // parallel consecutive hinges, parallel slides, a ball.
  EXPECT_FALSE(compositionOf(bodyWith({joint("h", H, z), joint("s", S, x)})));
  EXPECT_FALSE(
      compositionOf(bodyWith({joint("h1", H, z), joint("h2", H, x, Vec3(1, 0, 0)), joint("h3", H, y, Vec3(2, 0, 0))})));
  EXPECT_FALSE(compositionOf(bodyWith({joint("s", S, x), joint("h1", H, z), joint("h2", H, x, Vec3(1, 0, 0))})));
  EXPECT_FALSE(compositionOf(bodyWith({joint("h1", H, z), joint("h2", H, -z)})));
  EXPECT_FALSE(compositionOf(bodyWith({joint("s1", S, x), joint("s2", S, 2 * x)})));
  EXPECT_FALSE(compositionOf(bodyWith({joint("h", H, z), joint("b", MjJointType::Ball, z)})));
}

TEST(MjcfJoints, TwoAnchorsGiveSinusoidsOfTheFirstAngle) {
  // Hinge about z at the origin (ref 0.2), then a hinge about x at (1, 0, 0): p_FM = Rz(θ) (1, 0, 0)
  // = (cos θ, sin θ, 0), θ = q - 0.2: x = sin(q + π/2 - 0.2), y = sin(q - 0.2), z = 0.
  const std::string file = "t.xml";
  const LoadOptions options;
  Context c(file, options);
  MjJoint h1 = joint("h1", H, Vec3::UnitZ());
  h1.ref = 0.2;
  MjBody b = bodyWith({h1, joint("h2", H, Vec3::UnitX(), Vec3(1, 0, 0))});
  BodySpec s;
  s.name = "b";
  s.mass = 1;
  addJoints(c, b, s, "ground", Transform());
  ASSERT_EQ(c.m.bodies.size(), 1u);
  const JointSpec& js = c.m.bodies[0].joint;
  EXPECT_EQ(js.type, JointType::FunctionBased);
  EXPECT_EQ(js.functions.coordinates, (std::vector<std::string>{"h1", "h2"}));
  EXPECT_EQ(js.childFrame.position, Vec3(1, 0, 0));
  EXPECT_EQ(js.functions.rotations[0]->coefficients, (std::vector<Real>{1, -0.2}));  // q - ref
  const FunctionSpec& px = *js.functions.translations[0];
  const FunctionSpec& py = *js.functions.translations[1];
  EXPECT_EQ(px.type, FunctionType::Sinusoid);
  EXPECT_NEAR(px.coefficients[0], 1, 1e-15);
  EXPECT_NEAR(px.coefficients[2], M_PI / 2 - 0.2, 1e-15);
  EXPECT_NEAR(py.coefficients[0], 1, 1e-15);
  EXPECT_NEAR(py.coefficients[2], -0.2, 1e-15);
  EXPECT_NEAR(js.functions.translations[2]->coefficients[0], 0, 1e-15);
  EXPECT_EQ(c.m.initialState.q.at("b.h1"), 0.2);  // the coordinate is MuJoCo's qpos
  EXPECT_EQ(b.joints[1].coordinate, "h2");
}

TEST(MjcfJoints, OtherwiseAChainOfMasslessBodies) {
  Parsed p("<mujoco>\n<joint/>\n</mujoco>");
  Context& c = p.c;
  MjJoint slide = joint("s", S, Vec3::UnitY());
  slide.ref = 0.3;
  MjBody b = bodyWith({joint("h", H, Vec3::UnitZ()), joint("ball", MjJointType::Ball, Vec3::UnitZ()), slide});
  for (MjJoint& j : b.joints) j.el = p.find("joint");  // each joint's source line
  BodySpec s;
  s.name = "b";
  s.mass = 2;
  addJoints(c, b, s, "ground", Transform());
  ASSERT_EQ(c.m.bodies.size(), 3u);
  EXPECT_EQ(c.m.bodies[0].name, "b/h");
  EXPECT_EQ(c.m.bodies[0].mass, 0);
  EXPECT_EQ(c.m.bodies[1].name, "b/ball");
  EXPECT_EQ(c.m.bodies[1].joint.parent, "b/h");
  EXPECT_EQ(c.m.bodies[2].name, "b");
  EXPECT_EQ(c.m.bodies[2].mass, 2);
  EXPECT_EQ(c.m.bodies[2].joint.type, JointType::Slider);
  // The slider's x is along the slide's axis y, and at q = ref the body is at its rest pose.
  EXPECT_TRUE(c.m.bodies[2].joint.childFrame.transform().R().matrix().col(0).isApprox(Vec3::UnitY(), 1e-15));
  EXPECT_EQ(c.m.initialState.q.at("s.x"), 0.3);
  EXPECT_EQ(b.joints[2].body, "b");
  EXPECT_EQ(b.joints[0].coordinate, "angle");
  EXPECT_EQ(c.m.bodies[1].joint.source, "line 2");
}

TEST(MjcfJoints, DampingStiffnessAndLimitsBecomeForces) {
  Parsed p("<mujoco><body><joint type=\"ball\"/></body></mujoco>");
  MjJoint ball = joint("b", MjJointType::Ball, Vec3::UnitZ());
  ball.el = p.find("joint");
  ball.body = "arm";
  ball.damping = 0.5;
  ball.stiffness = 2;
  addJointForces(p.c, ball);
  ASSERT_EQ(p.c.m.forces.size(), 3u);  // a damper per angular speed; the ball's spring is noted
  EXPECT_EQ(p.c.m.forces[1].name, "b damping wy");
  EXPECT_EQ(p.c.m.forces[1].coordinate, "wy");
  EXPECT_EQ(p.c.m.forces[1].numbers.at("damping"), std::vector<Real>{0.5});
  EXPECT_NE(p.c.report.warning()->find("joint stiffness of a ball or free joint"), std::string::npos);
  MjJoint hinge = joint("h", H, Vec3::UnitZ());
  hinge.body = hinge.joint = "h";
  hinge.coordinate = "angle";
  hinge.stiffness = 3;
  hinge.springref = 0.1;
  hinge.limited = true;
  hinge.lower = -1;
  hinge.upper = 2;
  addJointForces(p.c, hinge);
  ASSERT_EQ(p.c.m.forces.size(), 5u);
  EXPECT_EQ(p.c.m.forces[3].type, ForceType::MobilityLinearSpring);
  EXPECT_EQ(p.c.m.forces[3].numbers.at("rest"), std::vector<Real>{0.1});
  EXPECT_EQ(p.c.m.forces[4].type, ForceType::RangeOfMotionLimit);
  EXPECT_EQ(p.c.m.forces[4].numbers.at("upper"), std::vector<Real>{2});
}
