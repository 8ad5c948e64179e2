// Messages for XML that tinyxml2 cannot parse (src/model/XmlSyntaxError.h): the line, the element
// it was reading and the fault in words.
#include "model/XmlSyntaxError.h"

#include <gtest/gtest.h>
#include <tinyxml2.h>

#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"

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

TEST(XmlSyntaxError, XmlModelKindIsToldByTheRootElement) {
  EXPECT_EQ(xmlModelKind("{\"format\": \"articula-model\"}", "m.json"), XmlModelKind::NotXml);
  EXPECT_EQ(xmlModelKind("  \n<?xml version=\"1.0\"?>\n<robot name=\"r\"/>", "m.xml"), XmlModelKind::Urdf);
  EXPECT_EQ(xmlModelKind("<mujoco model=\"m\"/>", "m.urdf"), XmlModelKind::Mjcf);
  try {
    xmlModelKind("<?xml version=\"1.0\"?>\n<sdf version=\"1.6\"/>\n", "m.sdf");
    ADD_FAILURE() << "accepted";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("m.sdf:2: <sdf>: an XML model file's root element must be <robot>", 0), 0u)
        << e.what();
  }
  // A known root chooses the importer without a parse (the root is found by a scan past
  // declarations and comments); the importer's parse then reports the syntax error.
  EXPECT_EQ(xmlModelKind("<!-- a robot -->\n<!DOCTYPE x>\n<robot\nname=\"r\"/>", "m.xml"), XmlModelKind::Urdf);
  const std::string broken = "<mujoco>\n<worldbody>\n</mujoco>\n";
  EXPECT_EQ(xmlModelKind(broken, "m.xml"), XmlModelKind::Mjcf);
  try {
    readModelText(broken, "m.xml");
    ADD_FAILURE() << "accepted";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("not well-formed XML"), std::string::npos) << e.what();
  }
  // An unknown root is still parsed first, so a broken file says so rather than naming its root.
  EXPECT_THROW(xmlModelKind("<sdf>\n<world>\n</sdf>\n", "m.xml"), ModelError);
}
