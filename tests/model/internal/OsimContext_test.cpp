// OpenSim property values (src/model/OsimContext.h): numbers split on any white space, counts,
// defaults for absent properties, flags, and each refusal naming file:line, element and value.
#include "model/OsimContext.h"

#include <gtest/gtest.h>

#include "OsimTestContext.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim;
using namespace articula::model::osim::testing;

TEST(OsimContext, ValuesAndDefaults) {
  Parsed p(document("<Body name=\"b\">\n<v>\n  1.5\t-2e-3\n 4 </v><f> true </f><e></e></Body>"));
  const XMLElement* b = p.find("Body");
  EXPECT_EQ(vec3(p.c, b, "v", Vec3::Zero()), Vec3(1.5, -2e-3, 4));
  EXPECT_EQ(scalar(p.c, b, "absent", 7), 7);
  EXPECT_TRUE(flag(p.c, b, "f", false));
  EXPECT_FALSE(flag(p.c, b, "absent", false));
  EXPECT_EQ(text(b, "e"), "");
  EXPECT_EQ(nameOf(p.c, b), "b");
}

TEST(OsimContext, RefusalsNameFileLineElementValue) {
  Parsed p(document("<Body name=\"b\">\n<v>1 2</v>\n<w>1 nan 3</w>\n<f>yes</f>\n</Body>\n<Joint/>"));
  const XMLElement* b = p.find("Body");
  EXPECT_EQ(errorOf([&] { vec3(p.c, b, "v", Vec3::Zero()); }),
            "t.osim:3: <Body name=\"b\"> v = 1 2: expected 3 numbers");
  EXPECT_NE(errorOf([&] { vec3(p.c, b, "w", Vec3::Zero()); }).find("t.osim:4: <Body name=\"b\"> w = 1 nan 3"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { flag(p.c, b, "f", false); }).find("f = yes: expected true or false"), std::string::npos);
  EXPECT_NE(errorOf([&] { numbers(p.c, b, "x", 1, 1, {}); }).find("missing <x>"), std::string::npos);
  EXPECT_NE(errorOf([&] { nameOf(p.c, p.find("Joint")); }).find("<Joint> name: missing attribute \"name\""),
            std::string::npos);
}
