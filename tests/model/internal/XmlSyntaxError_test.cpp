// Messages for XML that tinyxml2 cannot parse (src/model/XmlSyntaxError.h): the line, the element
// it was reading and the fault in words.
#include "model/XmlSyntaxError.h"

#include <gtest/gtest.h>
#include <tinyxml2.h>

using namespace articula::model;

namespace {
std::string messageFor(const std::string& text) {
  tinyxml2::XMLDocument doc;
  EXPECT_NE(doc.Parse(text.data(), text.size()), tinyxml2::XML_SUCCESS);
  return xmlSyntaxError(doc, "robot.urdf").what();
}
}  // namespace

TEST(XmlSyntaxError, NamesTheUnclosedElementAndItsLine) {
  const std::string m = messageFor("<robot>\n<link>\n<inertial>\n</inertia>\n</link>\n</robot>\n");
  EXPECT_EQ(m.rfind("robot.urdf:3: <inertial>: not well-formed XML: its end tag", 0), 0u) << m;
  EXPECT_NE(m.find("XML_ERROR_MISMATCHED_ELEMENT"), std::string::npos) << m;
}

TEST(XmlSyntaxError, NamesTheElementWithABadAttribute) {
  const std::string m = messageFor("<robot>\n\n<link name=a/>\n</robot>\n");
  EXPECT_EQ(m.rfind("robot.urdf:3: <link>: not well-formed XML: an attribute is malformed", 0), 0u) << m;
}

TEST(XmlSyntaxError, AnEmptyFileIsLineOne) {
  const std::string m = messageFor("");
  EXPECT_EQ(m.rfind("robot.urdf:1: XML: not well-formed XML: the file holds no XML element", 0), 0u) << m;
}
