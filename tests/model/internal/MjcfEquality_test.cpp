// MJCF equality constraints (src/model/MjcfEquality.h) on bodies placed by hand: the connect
// anchor on both bodies, the weld's relative pose, the joint coupler's coefficients with refs.
#include "model/MjcfEquality.h"

#include <gtest/gtest.h>

#include "MjcfTestContext.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::mjcf;
using namespace articula::model::mjcf::testing;

namespace {

// Body "a" at (1, 0, 0), "b" at (0, 2, 0) turned 90 degrees about z, each its own Articula body;
// "frame" a massless body merged into "a" at (0, 0, 1) in a's frame. Hinge "h" (ref 0.1) on a,
// slide "s" (ref 0.2) on b.
struct TwoBodies : Parsed {
  explicit TwoBodies(const std::string& equality)
      : Parsed("<mujoco>\n<equality>\n" + equality + "\n</equality>\n</mujoco>") {
    c.defaults.ensureMain();
    add("a", Transform(Rotation(), Vec3(1, 0, 0)), "a", Transform());
    add("b", Transform(Rotation::aboutZ(M_PI / 2), Vec3(0, 2, 0)), "b", Transform());
    add("frame", Transform(Rotation(), Vec3(1, 0, 1)), "a", Transform(Rotation(), Vec3(0, 0, 1)));
    c.bodies[0].joints.push_back(joint("h", MjJointType::Hinge, "a", "angle", 0.1));
    c.bodies[1].joints.push_back(joint("s", MjJointType::Slide, "s", "x", 0.2));
  }
  void add(const std::string& name, const Transform& X_WB, const std::string& owner, const Transform& X_OB) {
    MjBody b;
    b.name = name;
    b.X_WB = X_WB;
    b.owner = owner;
    b.X_OB = X_OB;
    c.bodies.push_back(b);
  }
  static MjJoint joint(const std::string& name, MjJointType type, const std::string& joint,
                       const std::string& coordinate, Real ref) {
    MjJoint j;
    j.name = name;
    j.type = type;
    j.joint = joint;
    j.coordinate = coordinate;
    j.ref = ref;
    return j;
  }
  const ConstraintSpec& read() {
    readEquality(c, find("equality")->FirstChildElement());
    return c.m.constraints.back();
  }
};

Vec3 vec(const std::vector<Real>& v) { return Vec3(v[0], v[1], v[2]); }

}  // namespace

TEST(MjcfEquality, ConnectPutsTheAnchorOnBothBodies) {
  // Anchor (0, 0, 0.5) in "frame" = (0, 0, 1.5) in a = (1, 0, 1.5) in the world; in b (origin
  // (0, 2, 0), turned 90 about z): Rz(-90) (1, -2, 1.5) = (-2, -1, 1.5).
  TwoBodies t("<connect body1=\"frame\" body2=\"b\" anchor=\"0 0 0.5\"/>");
  const ConstraintSpec& s = t.read();
  EXPECT_EQ(s.type, ConstraintType::Ball);
  EXPECT_EQ(s.bodies.at("body1"), "a");  // the merged frame's owner
  EXPECT_TRUE(vec(s.numbers.at("station1")).isApprox(Vec3(0, 0, 1.5), 1e-12));
  EXPECT_TRUE(vec(s.numbers.at("station2")).isApprox(Vec3(-2, -1, 1.5), 1e-12));
  EXPECT_EQ(s.name, "connect0");
}

TEST(MjcfEquality, WeldHoldsTheRestPoseAndBody2DefaultsToTheWorld) {
  // b's frame in a's: origin (0, 2, 0) - (1, 0, 0) = (-1, 2, 0), turned 90 about z.
  TwoBodies t("<weld name=\"w\" body1=\"a\" body2=\"b\"/>");
  const ConstraintSpec& s = t.read();
  EXPECT_EQ(s.type, ConstraintType::Weld);
  EXPECT_TRUE(vec(s.numbers.at("frame1.position")).isApprox(Vec3(-1, 2, 0), 1e-12));
  const std::vector<Real> q = s.numbers.at("frame1.orientation");  // w x y z of 90 about z
  EXPECT_NEAR(std::abs(q[0]), std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(std::abs(q[3]), std::sqrt(0.5), 1e-12);
  TwoBodies world("<weld body1=\"b\"/>");
  EXPECT_EQ(world.read().bodies.at("body2"), "ground");
}

TEST(MjcfEquality, JointCouplerKeepsTheRefs) {
  // q1 - 0.1 = 0.3 + 2 (q2 - 0.2): q1 - 2 q2 - (0.1 + 0.3 - 2 * 0.2) = 0, constant term 0.
  TwoBodies t("<joint joint1=\"h\" joint2=\"s\" polycoef=\"0.3 2 0 0 0\"/>");
  const ConstraintSpec& s = t.read();
  EXPECT_EQ(s.type, ConstraintType::CoordinateCoupler);
  ASSERT_EQ(s.function.size(), 1u);
  EXPECT_EQ(s.function[0].args, (std::vector<std::string>{"a.angle", "s.x"}));
  EXPECT_EQ(s.function[0].coefficients[0], 1);
  EXPECT_EQ(s.function[0].coefficients[1], -2);
  EXPECT_NEAR(s.function[0].coefficients[2], 0, 1e-15);
}

TEST(MjcfEquality, RefusedOrNoted) {
  const auto error = [](const std::string& eq) {
    return errorOf([&] {
      TwoBodies t(eq);
      t.read();
    });
  };
  EXPECT_NE(error("<connect body1=\"x\" anchor=\"0 0 0\"/>").find("no body of this name"), std::string::npos);
  EXPECT_NE(error("<connect body1=\"a\" body2=\"frame\" anchor=\"0 0 0\"/>").find("one rigid body"), std::string::npos);
  EXPECT_NE(error("<connect body1=\"a\"/>").find("missing attribute \"anchor\""), std::string::npos);
  EXPECT_NE(error("<joint joint1=\"h\" joint2=\"s\" polycoef=\"0 1 1 0 0\"/>").find("only the linear part"),
            std::string::npos);
  TwoBodies inactive("<weld body1=\"a\" active=\"false\"/>");
  readEquality(inactive.c, inactive.find("weld"));
  EXPECT_TRUE(inactive.c.m.constraints.empty());
  EXPECT_NE(inactive.c.report.warning()->find("equality active=\"false\""), std::string::npos);
}
