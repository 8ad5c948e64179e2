// MJCF import (docs/mjcf.md): joints and their anchors moved by hand-computed amounts, defaults and
// includes, geoms and contact, equality constraints, a two-link arm against the same arm in the
// Articula format, MuJoCo's sample models counted from their XML, and malformed files refused with
// the line and element named.
#include "articula/model/MjcfImport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <regex>

#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {

const char* const kSamples = "/usr/share/mujoco/model";

ModelSpec import(const std::string& worldbody, const std::string& head = "") {
  return importMjcf("<mujoco model=\"t\">\n" + head + "<worldbody>\n" + worldbody + "</worldbody>\n</mujoco>\n",
                    "test.xml");
}

// Sets the coordinates of the body named `body` and returns every body's pose in ground.
struct Posed {
  ModelSpec spec;
  BuiltModel built;
  State state;
  explicit Posed(ModelSpec m) : spec(std::move(m)), built(buildModel(spec, "test.xml")), state(built.initialState) {}
  void set(const std::string& body, std::vector<Real> q) {
    MobilizedBody mb(built.system->updMatter(), built.mobodOfBody[spec.findBody(body)]);
    SmallVector v(static_cast<int>(q.size()));
    for (size_t k = 0; k < q.size(); ++k) v[static_cast<int>(k)] = q[k];
    mb.setQ(state, v);
  }
  Transform pose(const std::string& body) {
    built.system->realize(state, Stage::Position);
    return built.system->getMatter().getBodyTransform(state, built.mobodOfBody[spec.findBody(body)]);
  }
};

}  // namespace

TEST(MjcfImport, HingeTurnsAboutItsAnchorAndSlideStartsAtRef) {
  // Body at (1, 0, 0); hinge about z through (0.5, 0, 0) in the body: at 90 degrees the origin,
  // 0.5 behind the anchor (1.5, 0, 0) along -x, is turned to 0.5 along -y: (1.5, -0.5, 0).
  Posed p(import(
      "<body name=\"a\" pos=\"1 0 0\"><joint name=\"h\" pos=\"0.5 0 0\"/><geom size=\"0.1\"/></body>\n"
      "<body name=\"s\"><joint name=\"x\" type=\"slide\" axis=\"0 0 2\" ref=\"0.2\"/><geom size=\"0.1\"/></body>\n"));
  EXPECT_EQ(p.spec.sourceFormat, SourceFormat::Mjcf);
  EXPECT_EQ(p.spec.bodies[0].joint.type, JointType::Pin);
  EXPECT_TRUE(p.pose("a").p().isApprox(Vec3(1, 0, 0), 1e-12));
  p.set("a", {M_PI / 2});
  EXPECT_TRUE(p.pose("a").p().isApprox(Vec3(1.5, -0.5, 0), 1e-12)) << p.pose("a").p().transpose();
  // The slide's coordinate is MuJoCo's qpos: it starts at ref = 0.2 with the body where the file puts it.
  EXPECT_EQ(p.spec.initialState.q.at("x.x"), 0.2);
  EXPECT_TRUE(p.pose("s").p().isZero(1e-12));
  p.set("s", {0.5});
  EXPECT_TRUE(p.pose("s").p().isApprox(Vec3(0, 0, 0.3), 1e-12));
}

TEST(MjcfImport, TwoHingesAtTwoAnchorsComposeExactly) {
  // Hinge 1 about y through (0, 0, 1), then hinge 2 about x through the origin (radians). At 90 and
  // 90 degrees: hinge 1 swings the origin from (0, 0, -1) below the anchor to (-1, 0, 0) from it;
  // hinge 2 turns about the origin itself. Axes: x = R1 R2 x = R1 x = -z; y = R1 R2 y = R1 z = +x.
  Posed p(
      import("<body name=\"b\"><joint name=\"h1\" axis=\"0 1 0\" pos=\"0 0 1\"/><joint name=\"h2\" axis=\"1 0 0\"/>"
             "<geom size=\"0.1\"/></body>\n",
             "<compiler angle=\"radian\"/>\n"));
  ASSERT_EQ(p.spec.bodies.size(), 1u);
  EXPECT_EQ(p.spec.bodies[0].joint.type, JointType::FunctionBased);  // one body: no massless frames
  p.set("b", {M_PI / 2, M_PI / 2});
  const Transform X = p.pose("b");
  EXPECT_TRUE(X.p().isApprox(Vec3(-1, 0, 1), 1e-12)) << X.p().transpose();
  EXPECT_TRUE(X.R().matrix().col(0).isApprox(Vec3(0, 0, -1), 1e-12));
  EXPECT_TRUE(X.R().matrix().col(1).isApprox(Vec3(1, 0, 0), 1e-12));
  // A ball then a hinge: a chain with a massless frame between.
  const ModelSpec chain = import(
      "<body name=\"c\"><joint name=\"b\" type=\"ball\"/><joint name=\"h\" axis=\"1 0 0\"/><geom "
      "size=\"0.1\"/></body>\n");
  ASSERT_EQ(chain.bodies.size(), 2u);
  EXPECT_EQ(chain.bodies[0].name, "c/b");
  EXPECT_EQ(chain.bodies[0].mass, 0);
  EXPECT_EQ(buildModel(chain, "test.xml").initialState.getNU(), 4);
}

TEST(MjcfImport, FreeJointIsThePoseInTheWorld) {
  Posed p(import(
      "<body name=\"f\" pos=\"1 2 3\" euler=\"0 0 90\"><freejoint name=\"root\"/><geom size=\"0.1\"/></body>\n"));
  EXPECT_EQ(p.spec.bodies[0].joint.type, JointType::Free);
  EXPECT_EQ(p.spec.initialState.q.at("root.z"), 3);
  const Transform X = p.pose("f");
  EXPECT_TRUE(X.p().isApprox(Vec3(1, 2, 3), 1e-12));
  EXPECT_TRUE(X.R().matrix().col(0).isApprox(Vec3(0, 1, 0), 1e-12));  // degrees by default: 90 about z
}

TEST(MjcfImport, DefaultClassesInheritAndIncludesAreRead) {
  // Class "b" inherits "a" (damping 2, type slide) and overrides the damping; "c" is a sibling of "a".
  const std::string head =
      "<default><joint damping=\"1\"/>\n"
      "<default class=\"a\"><joint type=\"slide\" damping=\"2\"/><geom type=\"box\" size=\"0.1 0.2 0.3\"/>\n"
      "<default class=\"b\"><joint damping=\"3\"/></default></default>\n"
      "<default class=\"c\"><geom type=\"sphere\" size=\"0.5\" mass=\"7\"/></default></default>\n";
  const ModelSpec m = import(
      "<body name=\"p\" childclass=\"a\"><joint name=\"j1\"/><geom/>\n"
      "<body name=\"q\"><joint name=\"j2\" class=\"b\"/><joint name=\"j3\" class=\"main\" axis=\"1 0 0\"/>"
      "<geom class=\"c\"/></body></body>\n",
      head);
  ASSERT_EQ(m.bodies.size(), 2u);
  EXPECT_EQ(m.bodies[0].joint.type, JointType::Slider);  // from the child class
  EXPECT_NEAR(m.bodies[0].mass, 1000 * 0.048, 1e-12);    // box 0.2 x 0.4 x 0.6 at 1000 kg/m^3
  EXPECT_EQ(m.bodies[1].mass, 7);                        // the geom's mass overrides the density
  std::map<std::string, Real> damping;
  for (const ForceSpec& f : m.forces)
    if (f.type == ForceType::MobilityLinearDamper) damping[f.name] = f.numbers.at("damping")[0];
  EXPECT_EQ(damping.at("j1 damping"), 2);
  EXPECT_EQ(damping.at("j2 damping"), 3);
  EXPECT_EQ(damping.at("j3 damping"), 1);  // class main: a hinge
  // An include relative to the including file, bringing a class and a body.
  const ModelSpec inc = loadModelFile(sourcePath("tests/data/mjcf/include_main.xml"));
  ASSERT_EQ(inc.bodies.size(), 2u);
  EXPECT_EQ(inc.bodies[0].name, "side");
  EXPECT_NEAR(inc.bodies[0].mass, 2000 * 4.0 / 3 * M_PI * 0.001, 1e-12);  // density from the class
  EXPECT_EQ(inc.bodies[1].joint.type, JointType::Slider);
}

TEST(MjcfImport, GeomsContactAndWarnings) {
  const ModelSpec m = import(
      "<geom name=\"floor\" type=\"plane\" size=\"5 5 0.1\" pos=\"0 0 -0.5\" friction=\"0.8\"/>\n"
      "<geom name=\"rock\" type=\"box\" size=\"1 1 1\"/>\n"
      "<light name=\"sun\"/>\n"
      "<body name=\"a\"><joint armature=\"0.1\"/>"
      "<geom name=\"c\" type=\"capsule\" fromto=\"0 0 0 0 0 -0.4\" size=\"0.05\" rgba=\"1 0 0 1\"/>"
      "<geom name=\"ghost\" type=\"sphere\" size=\"0.05\" contype=\"0\" conaffinity=\"0\"/></body>\n",
      "<option timestep=\"0.002\" gravity=\"0 0 -1.62\"/>\n");
  EXPECT_EQ(m.gravity, Vec3(0, 0, -1.62));
  EXPECT_TRUE(m.contact.enabled && m.contact.ground);
  EXPECT_NEAR(m.contact.groundHeight, -0.5, 1e-15);
  const BodySpec& a = m.bodies[0];
  ASSERT_EQ(a.geometry.size(), 2u);
  EXPECT_EQ(a.geometry[0].type, GeometryType::Capsule);
  EXPECT_TRUE(a.geometry[0].size.isApprox(Vec3(0.05, 0.2, 0)));
  EXPECT_TRUE(a.geometry[0].pose.position.isApprox(Vec3(0, 0, -0.2)));
  EXPECT_EQ(*a.geometry[0].color, Vec3(1, 0, 0));
  EXPECT_FALSE(a.geometry[0].material.empty());
  EXPECT_TRUE(a.geometry[1].material.empty());  // contype = conaffinity = 0
  ASSERT_EQ(m.warnings.size(), 1u);             // everything left out, in one warning
  for (const char* part : {"worldbody/geom[rock]", "worldbody/light[sun]", "joint armature", "option timestep"})
    EXPECT_NE(m.warnings[0].find(part), std::string::npos) << part << "\n" << m.warnings[0];
}

TEST(MjcfImport, EqualityConstraints) {
  const ModelSpec m = import(
      "<body name=\"a\"><joint name=\"ja\"/><geom size=\"0.1\"/></body>\n"
      "<body name=\"b\" pos=\"1 0 0\"><joint name=\"jb\" ref=\"10\"/><geom size=\"0.1\"/></body>\n",
      "<equality><connect body1=\"a\" body2=\"b\" anchor=\"0.5 0 0\"/><weld body1=\"a\"/>"
      "<joint joint1=\"jb\" joint2=\"ja\" polycoef=\"0.1 2 0 0 0\"/></equality>\n");
  ASSERT_EQ(m.constraints.size(), 3u);
  const ConstraintSpec& c = m.constraints[0];
  EXPECT_EQ(c.type, ConstraintType::Ball);
  EXPECT_EQ(c.numbers.at("station1"), (std::vector<Real>{0.5, 0, 0}));
  EXPECT_EQ(c.numbers.at("station2"), (std::vector<Real>{-0.5, 0, 0}));  // the same point, seen from b
  EXPECT_EQ(m.constraints[1].type, ConstraintType::Weld);
  EXPECT_EQ(m.constraints[1].bodies.at("body2"), "ground");
  // jb - ref_b = 0.1 + 2 (ja - ref_a), ref_b = 10 degrees: jb - 2 ja - (0.1 + 10 deg) = 0.
  const FunctionSpec& f = m.constraints[2].function[0];
  EXPECT_EQ(f.args, (std::vector<std::string>{"jb.angle", "ja.angle"}));
  EXPECT_NEAR(f.coefficients[1], -2, 1e-15);
  EXPECT_NEAR(f.coefficients[2], -(0.1 + 10 * M_PI / 180), 1e-15);
}

// The same arm from MJCF and from the Articula format: same mass matrix and accelerations.
TEST(MjcfImport, TwoLinkArmMatchesTheArticulaModel) {
  const ModelSpec x = loadModelFile(sourcePath("tests/data/mjcf/two_link_arm.xml"));
  const ModelSpec a = loadModelFile(sourcePath("tests/data/mjcf/two_link_arm.json"));
  ASSERT_EQ(x.bodies.size(), 2u);
  EXPECT_TRUE(x.bodies[0].inertia.isApprox(Vec3(0.0208333, 0.0208333, 0.0001).asDiagonal().toDenseMatrix(), 1e-12));
  BuiltModel bx = buildModel(x), ba = buildModel(a);
  for (const Vec2& q : {Vec2(0, 0), Vec2(0.7, -0.4), Vec2(2.5, 1.2)}) {
    State sx = bx.initialState, sa = ba.initialState;
    for (int k = 0; k < 2; ++k) {
      sx.updQ()[k] = sa.updQ()[k] = q[k];
      sx.updU()[k] = sa.updU()[k] = k == 0 ? 0.3 : -1.1;
    }
    bx.system->realize(sx, Stage::Acceleration);
    ba.system->realize(sa, Stage::Acceleration);
    Matrix Mx, Ma;
    bx.system->getMatter().calcM(sx, Mx);
    ba.system->getMatter().calcM(sa, Ma);
    EXPECT_TRUE(Mx.isApprox(Ma, 1e-10)) << Mx << "\n" << Ma;
    EXPECT_TRUE(sx.getUDot().isApprox(sa.getUDot(), 1e-10)) << sx.getUDot().transpose();
  }
  // Independently: hanging straight, M11 = I1 + m1 0.25^2 + I2 + m2 0.75^2 about the shoulder.
  State s = bx.initialState;
  bx.system->realize(s, Stage::Position);
  Matrix M;
  bx.system->getMatter().calcM(s, M);
  EXPECT_NEAR(M(0, 0), 2 * 0.0208333 + 0.0625 + 0.5625, 1e-12);
}

// ---- MuJoCo's samples (Debian libmujoco-samples), counted from their XML here ----

namespace {

struct Counts {
  int bodies = 0, dofs = 0;
};

// Bodies: every <body> (each sample's bodies have geoms, so mass); dofs: freejoint and type="free"
// 6, ball 3, other joints 1 (hinge is the default type in every sample).
void countXml(const std::string& file, Counts& c) {
  const std::string text = std::regex_replace(readText(file), std::regex("<!--[\\s\\S]*?-->"), "");
  const std::string inWorld = text.substr(0, text.find("<actuator"));
  static const std::regex body("<body\\b"), free("<freejoint\\b"), joint("<joint\\b([^>]*)>");
  c.bodies += static_cast<int>(std::distance(std::sregex_iterator(inWorld.begin(), inWorld.end(), body), {}));
  c.dofs += 6 * static_cast<int>(std::distance(std::sregex_iterator(inWorld.begin(), inWorld.end(), free), {}));
  const std::string world = inWorld.substr(inWorld.find("<worldbody"));
  for (std::sregex_iterator it(world.begin(), world.end(), joint), end; it != end; ++it) {
    const std::string attrs = (*it)[1];
    c.dofs += attrs.find("type=\"free\"") != std::string::npos   ? 6
              : attrs.find("type=\"ball\"") != std::string::npos ? 3
                                                                 : 1;
  }
  static const std::regex include("<include\\s+file=\"([^\"]+)\"");
  for (std::sregex_iterator it(text.begin(), text.end(), include), end; it != end; ++it)
    countXml((std::filesystem::path(file).parent_path() / (*it)[1].str()).string(), c);
}

}  // namespace

TEST(MjcfImport, MuJoCoSamplesLoadWithTheirBodiesAndDofs) {
  if (!std::filesystem::exists(kSamples)) GTEST_SKIP() << kSamples << " is absent (Debian libmujoco-samples)";
  for (const char* name : {"humanoid/humanoid.xml", "humanoid100/humanoid100.xml", "slider_crank/slider_crank.xml",
                           "tendon_arm/arm26.xml"}) {
    SCOPED_TRACE(name);
    const std::string file = std::string(kSamples) + "/" + name;
    Counts c;
    countXml(file, c);
    const ModelSpec m = loadModelFile(file);
    EXPECT_EQ(static_cast<int>(m.bodies.size()), c.bodies);
    const BuiltModel built = buildModel(m, file);
    EXPECT_EQ(built.initialState.getNU(), c.dofs);
    ASSERT_EQ(m.warnings.size(), 1u);
    EXPECT_NE(m.warnings[0].find("actuator"), std::string::npos);
  }
}

// ---- malformed files: the message names file:line, the element and the value ----

TEST(MjcfImport, MalformedFilesAreRefusedNamingLineAndElement) {
  struct Case {
    const char* what;
    std::string body, head;
    std::vector<std::string> fragments;
  };
  const std::string g = "<geom size=\"0.1\"/>";
  const std::vector<Case> cases{
      {"unknown joint type",
       "<body name=\"a\"><joint name=\"j\" type=\"screw\"/>" + g + "</body>\n",
       "",
       {"test.xml:3:", "<joint name=\"j\"> type = screw", "unknown joint type"}},
      {"bad number",
       "<body name=\"a\" pos=\"1 x 0\">" + g + "</body>\n",
       "",
       {"test.xml:3:", "<body name=\"a\"> pos", "\"x\" is not a finite number"}},
      {"too few numbers",
       "<body name=\"a\" quat=\"1 0 0\">" + g + "</body>\n",
       "",
       {"test.xml:3:", "quat", "expected 4 numbers"}},
      {"unknown class",
       "<body name=\"a\"><joint class=\"nope\"/>" + g + "</body>\n",
       "",
       {"test.xml:3:", "<joint> class = nope", "no <default> class"}},
      {"unknown childclass",
       "<body name=\"a\" childclass=\"nope\">" + g + "</body>\n",
       "",
       {"test.xml:3:", "childclass = nope"}},
      {"missing include",
       "",
       "<include file=\"nowhere.xml\"/>\n",
       {"test.xml:2:", "<include> file = nowhere.xml", "no such file"}},
      {"indefinite inertia",
       "<body name=\"a\"><joint/><inertial pos=\"0 0 0\" mass=\"1\" diaginertia=\"1 -1 1\"/></body>\n",
       "",
       {"test.xml:3:", "<inertial>", "1 -1 1", "not positive definite"}},
      {"massless moving body",
       "<body name=\"a\"><joint/></body>\n",
       "",
       {"test.xml:3:", "<body name=\"a\">", "without mass"}},
      {"two orientations",
       "<body name=\"a\" quat=\"1 0 0 0\" euler=\"0 0 0\">" + g + "</body>\n",
       "",
       {"test.xml:3:", "more than one orientation"}},
      {"zero axis",
       "<body name=\"a\"><joint axis=\"0 0 0\"/>" + g + "</body>\n",
       "",
       {"test.xml:3:", "axis", "must not be zero"}},
      {"range without limited",
       "<body name=\"a\"><joint range=\"0 1\"/>" + g + "</body>\n",
       "",
       {"test.xml:3:", "range = 0 1", "limited"}},
      {"unknown geom type", "<body name=\"a\"><geom type=\"hfield\"/></body>\n", "", {"test.xml:3:", "type = hfield"}},
      {"nonlinear joint coupling",
       "<body name=\"a\"><joint name=\"j1\"/>" + g + "</body><body name=\"b\"><joint name=\"j2\"/>" + g + "</body>\n",
       "<equality><joint joint1=\"j1\" joint2=\"j2\" polycoef=\"0 1 0.5 0 0\"/></equality>\n",
       {"test.xml:2:", "polycoef", "only the linear part"}},
      {"unknown body in equality",
       "<body name=\"a\"><joint/>" + g + "</body>\n",
       "<equality><connect body1=\"nope\" anchor=\"0 0 0\"/></equality>\n",
       {"test.xml:2:", "<connect> body1 = nope", "no body of this name"}},
      {"duplicate body",
       "<body name=\"a\">" + g + "</body><body name=\"a\">" + g + "</body>\n",
       "",
       {"test.xml:3:", "a second body"}},
      {"free joint below a body",
       "<body name=\"a\">" + g + "<body name=\"b\"><freejoint/>" + g + "</body></body>\n",
       "",
       {"test.xml:3:", "<freejoint>", "parent is the world"}},
      {"zero size",
       "<body name=\"a\"><joint/><geom type=\"box\" size=\"0.1 0 0.1\"/></body>\n",
       "",
       {"test.xml:3:", "size", "positive"}},
      {"bad angle unit", "", "<compiler angle=\"grad\"/>\n", {"test.xml:2:", "<compiler> angle = grad"}},
  };
  EXPECT_GE(cases.size(), 10u);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    try {
      import(c.body.empty() ? "<body name=\"x\">" + g + "</body>\n" : c.body, c.head);
      ADD_FAILURE() << "accepted";
    } catch (const ModelError& e) {
      for (const std::string& f : c.fragments)
        EXPECT_NE(std::string(e.what()).find(f), std::string::npos) << e.what() << "\n  lacks: " << f;
    }
  }
  // Not XML, and XML of another kind.
  EXPECT_THROW(importMjcf("<mujoco>\n<worldbody>\n</mujoco>\n", "bad.xml"), ModelError);
  EXPECT_THROW(importMjcf("<robot/>", "bad.xml"), ModelError);
}

TEST(MjcfImport, DetectedByTheMujocoRoot) {
  EXPECT_TRUE(looksLikeMjcf("<?xml version=\"1.0\"?>\n<mujoco model=\"x\"/>"));
  EXPECT_FALSE(looksLikeMjcf("<robot name=\"x\"/>"));
  EXPECT_FALSE(looksLikeMjcf("{\"format\": \"articula-model\"}"));
  EXPECT_EQ(
      readModelText("<mujoco><worldbody><body><geom size=\"1\"/></body></worldbody></mujoco>", "m.xml").sourceFormat,
      SourceFormat::Mjcf);
}
