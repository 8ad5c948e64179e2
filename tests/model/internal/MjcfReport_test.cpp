// The one warning of what an MJCF file holds and the model does not (src/model/MjcfReport.h).
#include "model/MjcfReport.h"

#include <gtest/gtest.h>

#include "MjcfTestContext.h"

using namespace articula::model::mjcf;
using namespace articula::model::mjcf::testing;

TEST(MjcfReport, NothingNotedNoWarning) {
  Parsed p("<mujoco/>");
  EXPECT_FALSE(p.c.report.warning().has_value());
}

TEST(MjcfReport, SkippedElementsTheirChildrenAndUnknownAttributesAreListedByKind) {
  Parsed p(
      "<mujoco>\n<tendon>\n<spatial name=\"s\">\n<site site=\"a\"/>\n</spatial>\n</tendon>\n"
      "<worldbody>\n<body name=\"b\" gravcomp=\"1\" mocap=\"true\"/>\n</worldbody>\n</mujoco>");
  p.c.report.skip(p.find("tendon"));
  p.c.report.unknownAttributes(p.find("body"), {"name"});
  p.c.report.skip(p.find("body"), "a body noted by what it is");
  // Kinds in alphabetical order, each with its paths; children of a skipped element by their tag.
  EXPECT_EQ(*p.c.report.warning(),
            "read but not represented in the Articula model:\n"
            "  <site>: mujoco/tendon/spatial[s]/site (line 4)\n"
            "  <spatial>: mujoco/tendon/spatial[s] (line 3)\n"
            "  <tendon>: mujoco/tendon (line 2)\n"
            "  a body noted by what it is: mujoco/worldbody/body[b] (line 8)\n"
            "  body gravcomp: mujoco/worldbody/body[b] (line 8)\n"
            "  body mocap: mujoco/worldbody/body[b] (line 8)");
}

TEST(MjcfReport, OccurrencesOfOneKindShareALine) {
  Parsed p("<mujoco>\n<camera/>\n<camera/>\n</mujoco>");
  p.c.report.skip(p.root->FirstChildElement());
  p.c.report.skip(p.root->LastChildElement());
  EXPECT_EQ(*p.c.report.warning(),
            "read but not represented in the Articula model:\n"
            "  <camera>: mujoco/camera (line 2); mujoco/camera (line 3)");
}

TEST(MjcfReport, BeyondThreeOccurrencesTheRestAreGivenByTheirLines) {
  Parsed p("<mujoco>\n<camera/>\n<camera/>\n<camera/>\n<camera/>\n<camera/>\n</mujoco>");
  for (const tinyxml2::XMLElement* e = p.root->FirstChildElement(); e; e = e->NextSiblingElement()) p.c.report.skip(e);
  EXPECT_EQ(
      *p.c.report.warning(),
      "read but not represented in the Articula model:\n"
      "  <camera>: 5 — mujoco/camera (line 2); mujoco/camera (line 3); mujoco/camera (line 4); and at lines 5, 6");
}
