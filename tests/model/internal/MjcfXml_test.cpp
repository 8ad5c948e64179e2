// MJCF documents (src/model/MjcfXml.h): the root checked, XML paths and lines for messages,
// includes expanded in place and refused when missing, cyclic or outside the model's folder.
#include "model/MjcfXml.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "MjcfTestContext.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::mjcf;
using namespace articula::model::mjcf::testing;
namespace fs = std::filesystem;

namespace {

// A folder of files for include tests, removed afterwards.
struct Folder {
  fs::path dir = fs::path(::testing::TempDir()) / ("mjcf_xml_" + std::to_string(::getpid()));
  Folder() { fs::create_directories(dir / "sub"); }
  ~Folder() { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
};

}  // namespace

TEST(MjcfXml, RootMustBeMujocoAndXmlWellFormed) {
  const std::string file = "bad.xml";
  const LoadOptions options;
  XmlSource xml(file, options);
  EXPECT_NE(errorOf([&] { xml.parse("<robot name=\"r\"/>", file); }).find("bad.xml:1"), std::string::npos);
  EXPECT_NE(errorOf([&] { xml.parse("<robot/>", file); }).find("root element must be <mujoco>"), std::string::npos);
  EXPECT_NE(errorOf([&] { xml.parse("<mujoco>\n<worldbody>\n</mujoco>", file); }).find("not well-formed XML"),
            std::string::npos);
}

TEST(MjcfXml, PathNamesEachElementByNameOrClassWithItsLine) {
  const Parsed p(
      "<mujoco>\n<worldbody>\n<body name=\"arm\">\n<geom class=\"c\"/>\n<site/>\n</body>\n</worldbody>\n</mujoco>");
  EXPECT_EQ(p.c.xml.path(p.find("geom")), "mujoco/worldbody/body[arm]/geom[class=c] (line 4)");
  EXPECT_EQ(p.c.xml.path(p.find("site")), "mujoco/worldbody/body[arm]/site (line 5)");
  EXPECT_EQ(describe(p.find("body")), "<body name=\"arm\">");
  EXPECT_EQ(describe(p.find("site")), "<site>");
  // fail: file:line, element, value and problem.
  const std::string e = errorOf([&] { p.c.xml.fail(p.find("body"), "<body> pos", "1 x", "not a number"); });
  EXPECT_NE(e.find("t.xml:3"), std::string::npos) << e;
  EXPECT_NE(e.find("not a number"), std::string::npos) << e;
}

TEST(MjcfXml, IncludesAreExpandedInPlaceAndKnowTheirFile) {
  const Folder f;
  f.write("sub/part.xml", "<mujoco>\n<body name=\"b\"/>\n<body name=\"c\"/>\n</mujoco>");
  const std::string main = f.write("main.xml",
                                   "<mujoco>\n<geom/>\n<include file=\"sub/part.xml\"/>\n<site/>\n</mujoco>");
  const LoadOptions options;
  XmlSource xml(main, options);
  std::vector<std::string> seen, paths;
  xml.forEachChild(xml.parse("<mujoco>\n<geom/>\n<include file=\"sub/part.xml\"/>\n<site/>\n</mujoco>", main),
                   [&](const XMLElement* e) {
                     seen.push_back(e->Name());
                     paths.push_back(xml.path(e));
                   });
  EXPECT_EQ(seen, (std::vector<std::string>{"geom", "body", "body", "site"}));
  EXPECT_EQ(paths[1], "part.xml:mujoco/body[b] (line 2)");  // an included element names its file
  EXPECT_EQ(paths[3], "mujoco/site (line 4)");
}

TEST(MjcfXml, IncludesMissingCyclicOrOutsideAreRefused) {
  const Folder f;
  f.write("loop.xml", "<mujoco>\n<include file=\"loop.xml\"/>\n</mujoco>");
  const std::string main = (f.dir / "main.xml").string();
  const LoadOptions options;
  const auto expand = [&](const std::string& text) {
    XmlSource xml(main, options);
    return errorOf([&] { xml.forEachChild(xml.parse(text, main), [](const XMLElement*) {}); });
  };
  EXPECT_NE(expand("<mujoco><include file=\"none.xml\"/></mujoco>").find("no such file"), std::string::npos);
  EXPECT_NE(expand("<mujoco><include file=\"loop.xml\"/></mujoco>").find("a cycle of includes"), std::string::npos);
  EXPECT_NE(expand("<mujoco><include/></mujoco>").find("missing attribute \"file\""), std::string::npos);
  const fs::path outside = fs::path(::testing::TempDir()) / ("mjcf_outside_" + std::to_string(::getpid()) + ".xml");
  std::ofstream(outside) << "<mujoco/>";
  EXPECT_NE(expand("<mujoco><include file=\"../" + outside.filename().string() + "\"/></mujoco>")
                .find("outside the model file's folder"),
            std::string::npos);
  fs::remove(outside);
}
