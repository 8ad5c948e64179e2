// MJCF default classes and attribute parsing (src/model/MjcfDefaults.h): inheritance and
// overrides, the element's own value first, numbers and flags refused with file, line, element
// and value, orientations in the compiler's angle unit and Euler sequence.
#include "model/MjcfDefaults.h"

#include <gtest/gtest.h>

#include <cmath>

#include "MjcfTestContext.h"

using namespace articula;
using namespace articula::model::mjcf;
using namespace articula::model::mjcf::testing;

namespace {

const char* const kClasses = R"(<mujoco>
  <default>
    <joint damping="1" axis="0 1 0"/>
    <default class="a">
      <joint damping="2" type="slide"/>
      <default class="b">
        <joint damping="3"/>
      </default>
    </default>
    <default class="c">
      <geom density="5"/>
      <site size="1"/>
    </default>
  </default>
  <worldbody>
    <body>
      <joint name="own" class="b" damping="4"/>
      <joint name="inherited" class="b"/>
      <geom name="g" class="c"/>
    </body>
  </worldbody>
</mujoco>)";

struct WithClasses : Parsed {
  WithClasses() : Parsed(kClasses) {
    c.defaults.read(find("default"), "", c.xml, c.report);
    c.defaults.ensureMain();
  }
};

}  // namespace

TEST(MjcfDefaults, NestedClassesInheritAndOverride) {
  const WithClasses p;
  EXPECT_STREQ(p.c.defaults.get("main", "joint", "damping"), "1");
  EXPECT_STREQ(p.c.defaults.get("a", "joint", "damping"), "2");
  EXPECT_STREQ(p.c.defaults.get("b", "joint", "damping"), "3");
  EXPECT_STREQ(p.c.defaults.get("b", "joint", "type"), "slide");  // from a
  EXPECT_STREQ(p.c.defaults.get("b", "joint", "axis"), "0 1 0");  // from main, through a
  EXPECT_STREQ(p.c.defaults.get("c", "joint", "damping"), "1");   // c is main's child, not a's
  EXPECT_EQ(p.c.defaults.get("c", "joint", "type"), nullptr);
  EXPECT_EQ(p.c.defaults.get("none", "joint", "damping"), nullptr);
  // A <site> default is read but not represented.
  EXPECT_NE(p.c.report.warning()->find("<site>: mujoco/default/default[class=c]/site"), std::string::npos);
}

TEST(MjcfDefaults, TheElementsOwnValueComesFirst) {
  const WithClasses p;
  const XMLElement* own = p.find("joint", "own");
  const XMLElement* inherited = p.find("joint", "inherited");
  EXPECT_EQ(p.c.at.scalar(own, p.c.at.classOf(own, "main"), "damping", 0), 4);
  EXPECT_EQ(p.c.at.scalar(inherited, p.c.at.classOf(inherited, "main"), "damping", 0), 3);
  EXPECT_EQ(p.c.at.scalar(inherited, "b", "stiffness", 7), 7);  // neither: the fallback
  EXPECT_EQ(p.c.at.scalar(p.find("geom", "g"), "c", "density", 1000), 5);
}

TEST(MjcfDefaults, ADuplicateOrUnknownClassIsAnError) {
  Parsed dup("<mujoco>\n<default>\n<default class=\"x\"/>\n<default class=\"x\"/>\n</default>\n</mujoco>");
  const std::string e = errorOf([&] { dup.c.defaults.read(dup.find("default"), "", dup.c.xml, dup.c.report); });
  EXPECT_NE(e.find("t.xml:4"), std::string::npos) << e;
  EXPECT_NE(e.find("a second <default> class"), std::string::npos) << e;
  const WithClasses p;
  Parsed unknown("<mujoco>\n<geom class=\"zz\"/>\n</mujoco>");
  const std::string u = errorOf([&] { p.c.at.classOf(unknown.find("geom"), "main"); });
  EXPECT_NE(u.find("no <default> class of this name"), std::string::npos) << u;
}

TEST(MjcfDefaults, NumbersAndFlagsAreCheckedWithTheirValue) {
  const Parsed p("<mujoco>\n<geom size=\"1 2 x\" fromto=\"1 2\" contype=\"nan\" a=\"yes\" b=\"true\"/>\n</mujoco>");
  const XMLElement* g = p.find("geom");
  const std::string bad = errorOf([&] { p.c.at.numbers(g, "main", "size", 1, 3); });
  EXPECT_NE(bad.find("t.xml:2"), std::string::npos) << bad;
  EXPECT_NE(bad.find("\"x\" is not a finite number"), std::string::npos) << bad;
  EXPECT_NE(errorOf([&] { p.c.at.numbers(g, "main", "fromto", 6, 6); }).find("expected 6 numbers"), std::string::npos);
  EXPECT_NE(errorOf([&] { p.c.at.numbers(g, "main", "contype", 1, 1); }).find("not a finite number"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { p.c.at.numbers(g, "main", "mass", 1, 1); }).find("missing attribute \"mass\""),
            std::string::npos);
  EXPECT_NE(errorOf([&] { p.c.at.flag(g, "main", "a", false); }).find("expected \"true\" or \"false\""),
            std::string::npos);
  EXPECT_TRUE(p.c.at.flag(g, "main", "b", false));
  EXPECT_FALSE(p.c.at.flag(g, "main", "c", false));
}

TEST(MjcfDefaults, OrientationsFollowTheCompilersAngleAndSequence) {
  Parsed p(
      "<mujoco>\n<body name=\"e\" euler=\"90 0 0\"/>\n<body name=\"aa\" axisangle=\"0 0 2 90\"/>\n"
      "<body name=\"two\" euler=\"1 2 3\" quat=\"1 0 0 0\"/>\n<body name=\"none\"/>\n</mujoco>");
  // Degrees (the default): euler 90 about x turns y to z; axisangle 90 about z turns x to y.
  EXPECT_TRUE(p.c.at.orientation(p.find("body", "e"), "").matrix().col(1).isApprox(Vec3::UnitZ(), 1e-12));
  EXPECT_TRUE(p.c.at.orientation(p.find("body", "aa"), "").matrix().col(0).isApprox(Vec3::UnitY(), 1e-12));
  EXPECT_TRUE(p.c.at.orientation(p.find("body", "none"), "").matrix().isIdentity(0));
  EXPECT_NE(errorOf([&] { p.c.at.orientation(p.find("body", "two"), ""); }).find("more than one orientation"),
            std::string::npos);
  // Radians: euler "90 0 0" is 90 rad about x: y goes to (0, cos 90, sin 90).
  p.c.compiler.degree = false;
  EXPECT_TRUE(p.c.at.orientation(p.find("body", "e"), "")
                  .matrix()
                  .col(1)
                  .isApprox(Vec3(0, std::cos(90.0), std::sin(90.0)), 1e-12));
  EXPECT_NEAR(p.c.compiler.angle(2), 2, 0);
  p.c.compiler.degree = true;
  EXPECT_NEAR(p.c.compiler.angle(180), M_PI, 1e-15);
}
