// URDF import (docs/urdf.md): each joint type, the inertial frame's rotation, a two-link arm against
// the same arm in the Articula format, the fixtures of tests/data/external/urdf counted from
// their XML, and malformed files refused with the line and element named.
#include "articula/model/UrdfImport.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <filesystem>
#include <fstream>
#include <regex>

#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::iotest;

namespace {

const char* const kFixtures = ARTICULA_FIXTURES "/urdf";

// A robot of one fixed root "base" (mass 1) and `body` after it.
std::string robot(const std::string& body) {
  return "<robot name=\"r\">\n"
         "<link name=\"base\"><inertial><mass value=\"1\"/><inertia ixx=\"1\" iyy=\"1\" izz=\"1\" ixy=\"0\" "
         "ixz=\"0\" iyz=\"0\"/></inertial></link>\n" +
         body + "</robot>\n";
}

std::string urdfLink(const std::string& name, const std::string& inertia = "ixx=\"1\" iyy=\"1\" izz=\"1\"") {
  return "<link name=\"" + name + "\"><inertial><mass value=\"2\"/><inertia " + inertia +
         " ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link>\n";
}

std::string joint(const std::string& name, const std::string& type, const std::string& parent, const std::string& child,
                  const std::string& extra = "") {
  return "<joint name=\"" + name + "\" type=\"" + type + "\"><parent link=\"" + parent + "\"/><child link=\"" + child +
         "\"/>" + extra + "</joint>\n";
}

ModelSpec import(const std::string& text, const LoadOptions& options = {}) {
  return importUrdf(text, "test.urdf", options);
}

Vec3 column(const FrameSpec& f, int i) { return f.orientation.toRotation().matrix().col(i); }

}  // namespace

TEST(UrdfImport, EachJointTypeBecomesItsArticulaJoint) {
  const ModelSpec m = import(
      robot(urdfLink("a") + urdfLink("b") + urdfLink("c") + urdfLink("d") + urdfLink("e") + urdfLink("f") +
            joint("ja", "revolute", "base", "a", "<axis xyz=\"0 1 0\"/><origin xyz=\"1 2 3\"/>") +
            joint("jb", "continuous", "a", "b", "<axis xyz=\"0 0 -3\"/>") +
            joint("jc", "prismatic", "b", "c", "<axis xyz=\"0 0 1\"/>") + joint("jd", "fixed", "c", "d") +
            joint("je", "floating", "d", "e") + joint("jf", "planar", "e", "f", "<axis xyz=\"1 0 0\"/>")));
  ASSERT_EQ(m.bodies.size(), 7u);
  EXPECT_EQ(m.sourceFormat, SourceFormat::Urdf);
  const auto& j = [&](const char* body) { return m.bodies[m.findBody(body)].joint; };
  EXPECT_EQ(j("base").type, JointType::Weld);
  EXPECT_EQ(j("base").parent, "ground");
  EXPECT_EQ(j("a").type, JointType::Pin);
  EXPECT_EQ(j("a").name, "ja");
  EXPECT_EQ(j("a").parent, "base");
  // The pin turns about F's z: that must be the URDF axis (y of the parent), at the origin.
  EXPECT_TRUE(column(j("a").parentFrame, 2).isApprox(Vec3::UnitY(), 1e-12));
  EXPECT_TRUE(j("a").parentFrame.position.isApprox(Vec3(1, 2, 3)));
  // F and M turn together, so the child link frame coincides with the joint frame at q = 0.
  const Mat33 R_FM0 = j("a").parentFrame.orientation.toRotation().matrix() *
                      j("a").childFrame.orientation.toRotation().matrix().transpose();
  EXPECT_TRUE(R_FM0.isApprox(Mat33::Identity(), 1e-12));
  EXPECT_EQ(j("b").type, JointType::Pin);  // continuous, about -z (normalized)
  EXPECT_TRUE(column(j("b").parentFrame, 2).isApprox(-Vec3::UnitZ(), 1e-12));
  EXPECT_EQ(j("c").type, JointType::Slider);  // slides along F's x = the URDF axis z
  EXPECT_TRUE(column(j("c").parentFrame, 0).isApprox(Vec3::UnitZ(), 1e-12));
  EXPECT_EQ(j("d").type, JointType::Weld);
  EXPECT_EQ(j("e").type, JointType::Free);
  EXPECT_EQ(j("f").type, JointType::Planar);  // the plane's normal (F's z) along the URDF axis x
  EXPECT_TRUE(column(j("f").parentFrame, 2).isApprox(Vec3::UnitX(), 1e-12));
  const BuiltModel built = buildModel(m, "test.urdf");
  EXPECT_EQ(built.initialState.getNU(), 1 + 1 + 1 + 6 + 3);
}

TEST(UrdfImport, FloatingBaseFreesTheRoot) {
  LoadOptions o;
  o.floatingBase = true;
  const ModelSpec m = import(robot(urdfLink("a") + joint("ja", "revolute", "base", "a")), o);
  EXPECT_EQ(m.bodies[0].joint.type, JointType::Free);
  EXPECT_EQ(m.bodies[0].joint.parent, "ground");
  EXPECT_EQ(m.bodies[1].joint.type, JointType::Pin);
  EXPECT_TRUE(column(m.bodies[1].joint.parentFrame, 2).isApprox(Vec3::UnitX(), 1e-12));  // default axis x
}

TEST(UrdfImport, InertialFrameRotationGivesTheHandComputedTensor) {
  // Principal moments (2, 3, 4) in an inertial frame yawed 45 degrees: R = Rz(45), I_B = R D R^T:
  // Ixx = Iyy = (2 + 3)/2 = 2.5, Ixy = (2 - 3) cos45 sin45 = -0.5, Izz = 4. The mass centre at (0.1, 0.2, 0.3).
  const std::string inertial =
      "<link name=\"a\"><inertial><origin xyz=\"0.1 0.2 0.3\" rpy=\"0 0 0.7853981633974483\"/>"
      "<mass value=\"2\"/><inertia ixx=\"2\" iyy=\"3\" izz=\"4\" ixy=\"0\" ixz=\"0\" "
      "iyz=\"0\"/></inertial></link>\n";
  const ModelSpec m = import(robot(inertial + joint("ja", "revolute", "base", "a")));
  const BodySpec& a = m.bodies[m.findBody("a")];
  Mat33 expected;
  expected << 2.5, -0.5, 0, -0.5, 2.5, 0, 0, 0, 4;
  EXPECT_TRUE(a.inertia.isApprox(expected, 1e-12)) << a.inertia;
  EXPECT_TRUE(a.massCenter.isApprox(Vec3(0.1, 0.2, 0.3)));
  EXPECT_EQ(a.mass, 2);
  // Roll 90 degrees (R = Rx(90) takes y to z): the moments about y and z swap; rpy is fixed-axis:
  // roll 90 then yaw 90 takes the inertial x to the body's y, y to z, z to x: diag(2,3,4) -> diag(4,2,3).
  const std::string rolled =
      "<link name=\"a\"><inertial><origin rpy=\"1.5707963267948966 0 1.5707963267948966\"/>"
      "<mass value=\"2\"/><inertia ixx=\"2\" iyy=\"3\" izz=\"4\" ixy=\"0\" ixz=\"0\" "
      "iyz=\"0\"/></inertial></link>\n";
  const ModelSpec r = import(robot(rolled + joint("ja", "revolute", "base", "a")));
  EXPECT_TRUE(r.bodies[1].inertia.isApprox(Vec3(4, 2, 3).asDiagonal().toDenseMatrix(), 1e-12)) << r.bodies[1].inertia;
}

TEST(UrdfImport, DampingLimitsAndMimic) {
  const std::string body = urdfLink("a") + urdfLink("b") +
                           joint("ja", "revolute", "base", "a",
                                 "<limit lower=\"-1\" upper=\"0.5\"/><dynamics damping=\"0.7\"/>") +
                           joint("jb", "prismatic", "a", "b", "<mimic joint=\"ja\" multiplier=\"2\" offset=\"0.1\"/>");
  const ModelSpec plain = import(robot(body));
  ASSERT_EQ(plain.forces.size(), 1u);  // limits only on request
  EXPECT_EQ(plain.forces[0].type, ForceType::MobilityLinearDamper);
  EXPECT_EQ(plain.forces[0].bodies.at("body"), "a");
  EXPECT_EQ(plain.forces[0].numbers.at("damping")[0], 0.7);
  LoadOptions o;
  o.urdfLimits = true;
  const ModelSpec limited = import(robot(body), o);
  ASSERT_EQ(limited.forces.size(), 2u);
  EXPECT_EQ(limited.forces[1].type, ForceType::RangeOfMotionLimit);
  EXPECT_EQ(limited.forces[1].numbers.at("lower")[0], -1);
  EXPECT_EQ(limited.forces[1].numbers.at("upper")[0], 0.5);
  EXPECT_GT(limited.forces[1].numbers.at("stiffness")[0], 0);
  EXPECT_NO_THROW(buildModel(limited, "test.urdf"));
  ASSERT_EQ(plain.constraints.size(), 1u);
  // q_b = 2 q_a + 0.1 held: build, then check the assembled initial state satisfies it.
  const BuiltModel built = buildModel(plain, "test.urdf");
  const auto q = built.initialState.getQ();
  const auto& matter = built.system->getMatter();
  const Real qa = q[matter.getInfo(built.mobodOfBody[plain.findBody("a")]).qStart];
  const Real qb = q[matter.getInfo(built.mobodOfBody[plain.findBody("b")]).qStart];
  EXPECT_NEAR(qb, 2 * qa + 0.1, 1e-8);
}

// The same arm from URDF and from the Articula format: same mass matrix and accelerations.
TEST(UrdfImport, TwoLinkArmMatchesTheArticulaModel) {
  const ModelSpec u = loadModelFile(sourcePath("tests/data/urdf/two_link_arm.urdf"));
  const ModelSpec a = loadModelFile(sourcePath("tests/data/urdf/two_link_arm.json"));
  ASSERT_EQ(u.bodies.size(), 2u);  // the massless "world" is the ground
  ASSERT_EQ(u.bodies[0].geometry.size(), 1u);
  EXPECT_EQ(u.bodies[0].geometry[0].type, GeometryType::Cylinder);
  EXPECT_TRUE(u.bodies[0].geometry[0].size.isApprox(Vec3(0.02, 0.25, 0)));
  BuiltModel bu = buildModel(u), ba = buildModel(a);
  for (const Vec2& q : {Vec2(0, 0), Vec2(0.7, -0.4), Vec2(2.5, 1.2)}) {
    State su = bu.initialState, sa = ba.initialState;
    su.updQ()[0] = sa.updQ()[0] = q[0];
    su.updQ()[1] = sa.updQ()[1] = q[1];
    su.updU()[0] = sa.updU()[0] = 0.3;
    su.updU()[1] = sa.updU()[1] = -1.1;
    bu.system->realize(su, Stage::Acceleration);
    ba.system->realize(sa, Stage::Acceleration);
    Matrix Mu, Ma;
    bu.system->getMatter().calcM(su, Mu);
    ba.system->getMatter().calcM(sa, Ma);
    EXPECT_TRUE(Mu.isApprox(Ma, 1e-12)) << Mu << "\n" << Ma;
    EXPECT_TRUE(su.getUDot().isApprox(sa.getUDot(), 1e-12)) << su.getUDot().transpose();
  }
  // The same motion: 0.5 s of RK4 (qdot = u for pins) from a released, bent pose.
  const auto simulate = [](BuiltModel& b) {
    State s = b.initialState;
    Vec2 q(1.0, -0.5), u(0, 0);
    const auto accel = [&](const Vec2& qq, const Vec2& uu) {
      s.updQ()[0] = qq[0], s.updQ()[1] = qq[1], s.updU()[0] = uu[0], s.updU()[1] = uu[1];
      b.system->realize(s, Stage::Acceleration);
      return Vec2(s.getUDot()[0], s.getUDot()[1]);
    };
    const Real h = 1e-3;
    for (int n = 0; n < 500; ++n) {
      const Vec2 k1q = u, k1u = accel(q, u);
      const Vec2 k2q = u + h / 2 * k1u, k2u = accel(q + h / 2 * k1q, u + h / 2 * k1u);
      const Vec2 k3q = u + h / 2 * k2u, k3u = accel(q + h / 2 * k2q, u + h / 2 * k2u);
      const Vec2 k4q = u + h * k3u, k4u = accel(q + h * k3q, u + h * k3u);
      q += h / 6 * (k1q + 2 * k2q + 2 * k3q + k4q);
      u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u);
    }
    return q;
  };
  const Vec2 qu = simulate(bu), qa = simulate(ba);
  EXPECT_TRUE(qu.isApprox(qa, 1e-10)) << qu.transpose() << " vs " << qa.transpose();
  EXPECT_GT((qu - Vec2(1.0, -0.5)).norm(), 0.1);  // it moved
  // Independently: at q = 0 the arm hangs straight, M11 = I1 + m1 0.25^2 + I2 + m2 (0.5^2 + 0.25^2 + 2 0.5 0.25).
  State s = bu.initialState;
  s.updQ().setZero();
  bu.system->realize(s, Stage::Position);
  Matrix M;
  bu.system->getMatter().calcM(s, M);
  EXPECT_NEAR(M(0, 0), 0.0208333 + 0.0625 + 0.0208333 + 0.5625, 1e-9);
}

namespace {

struct XmlCounts {
  int bodies = 0, dofs = 0, meshes = 0;
};

std::string withoutComments(std::string text) { return std::regex_replace(text, std::regex("<!--[\\s\\S]*?-->"), ""); }

// From the XML alone: bodies are links with mass whose inertia a body can have (positive definite,
// triangle inequality); the others are merged or lumped. Degrees of freedom by joint type.
XmlCounts countFromXml(const std::string& file) {
  const std::string text = withoutComments(readText(file));
  XmlCounts c;
  static const std::regex jointRe("<joint\\b[^>]*\\btype=\"(\\w+)\"");
  for (std::sregex_iterator it(text.begin(), text.end(), jointRe), end; it != end; ++it) {
    const std::string t = (*it)[1];
    c.dofs += t == "revolute" || t == "continuous" || t == "prismatic" ? 1
              : t == "planar"                                          ? 3
              : t == "floating"                                        ? 6
                                                                       : 0;
  }
  static const std::regex linkRe("<link\\b[^>]*?(/>|>([\\s\\S]*?)</link>)");
  static const std::regex massRe("<mass\\s+value=\"([^\"]+)\"");
  static const std::regex inertiaRe("<inertia\\b([^>]*)>");
  for (std::sregex_iterator it(text.begin(), text.end(), linkRe), end; it != end; ++it) {
    const std::string inner = (*it)[2];
    // Geometry: the collision shapes, or the visual ones of a link without collision shapes.
    const std::regex shapeRe(inner.find("<collision") != std::string::npos ? "<collision\\b[\\s\\S]*?</collision>"
                                                                           : "<visual\\b[\\s\\S]*?</visual>");
    for (std::sregex_iterator g(inner.begin(), inner.end(), shapeRe), e; g != e; ++g)
      c.meshes += g->str().find("<mesh") != std::string::npos;
    std::smatch mass, inertia;
    if (!std::regex_search(inner, mass, massRe) || !(std::stod(mass[1]) > 0)) continue;
    if (!std::regex_search(inner, inertia, inertiaRe)) {
      ADD_FAILURE() << "a mass without inertia: " << inner;
      continue;
    }
    const std::string attrs = inertia[1];
    const auto get = [&](const char* key) {
      std::smatch v;
      std::regex_search(attrs, v, std::regex(std::string(key) + "=\"([^\"]+)\""));
      return std::stod(v[1]);
    };
    Mat33 I;
    I << get("ixx"), get("ixy"), get("ixz"), get("ixy"), get("iyy"), get("iyz"), get("ixz"), get("iyz"), get("izz");
    const Vec3 p = Eigen::SelfAdjointEigenSolver<Mat33>(I).eigenvalues();
    if (p[0] > 0 && p[0] + p[1] >= p[2] - 1e-10 * I.cwiseAbs().maxCoeff()) ++c.bodies;
  }
  return c;
}

}  // namespace

TEST(UrdfImport, FixturesLoadWithTheirBodiesAndDofsAndWarnForAbsentMeshes) {
  if (!std::filesystem::exists(kFixtures)) GTEST_SKIP() << kFixtures << " is not on this machine";
  int files = 0;
  for (const char* name : {"double_pendulum", "ur5_robot", "panda", "solo12", "simple_humanoid", "anymal_c"}) {
    SCOPED_TRACE(name);
    const std::string file = std::string(kFixtures) + "/" + name + ".urdf";
    const XmlCounts c = countFromXml(file);
    for (bool floating : {false, true}) {
      LoadOptions o;
      o.floatingBase = floating;
      const ModelSpec m = loadModelFile(file, o);
      EXPECT_EQ(static_cast<int>(m.bodies.size()), c.bodies);
      const BuiltModel built = buildModel(m, file);
      EXPECT_EQ(built.initialState.getNU(), c.dofs + (floating ? 6 : 0));
      int missing = 0;
      for (const std::string& w : m.warnings) missing += w.find("not found") != std::string::npos;
      EXPECT_EQ(missing, c.meshes);  // every mesh is absent here, each named with its link
    }
    ++files;
  }
  EXPECT_EQ(files, 6);
}

TEST(UrdfImport, PackageMeshesAreFoundOnThePackagePath) {
  TempDir dir;
  std::filesystem::create_directories(dir.path / "pkg/meshes");
  {
    std::ofstream obj(dir.path / "pkg/meshes/tet.obj");
    obj << "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
  }
  const std::string text = robot(
      "<link name=\"a\"><inertial><mass value=\"1\"/><inertia ixx=\"1\" iyy=\"1\" izz=\"1\" "
      "ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial><collision><geometry><mesh "
      "filename=\"package://pkg/meshes/tet.obj\" scale=\"2 2 2\"/></geometry></collision>"
      "</link>\n" +
      joint("ja", "revolute", "base", "a"));
  const ModelSpec missing = import(text);
  ASSERT_EQ(missing.warnings.size(), 1u);
  EXPECT_NE(missing.warnings[0].find("link \"a\""), std::string::npos) << missing.warnings[0];
  LoadOptions o;
  o.packagePaths = {dir.path.string()};
  const ModelSpec found = import(text, o);
  EXPECT_TRUE(found.warnings.empty());
  ASSERT_EQ(found.bodies[1].geometry.size(), 1u);
  EXPECT_EQ(found.bodies[1].geometry[0].type, GeometryType::Mesh);
  ASSERT_TRUE(found.bodies[1].geometry[0].mesh);
  EXPECT_EQ(found.bodies[1].geometry[0].mesh->vertices()[1], Vec3(2, 0, 0));  // scaled
  // A file outside the model's folder and the named folders is not read (it would end up in pages).
  std::string outside = text;
  outside.replace(outside.find("package://pkg"), std::string("package://pkg").size(), (dir.path / "pkg").string());
  const ModelSpec refused = import(outside);
  ASSERT_EQ(refused.warnings.size(), 1u);
  EXPECT_NE(refused.warnings[0].find("outside the model file's folder"), std::string::npos) << refused.warnings[0];
  EXPECT_TRUE(refused.bodies[1].geometry.empty());
  o.packagePaths = {};
  o.allowedPaths = {dir.path.string()};
  EXPECT_EQ(import(outside, o).bodies[1].geometry.size(), 1u);
}

// ---- malformed files: the message names file:line, the element and the value ----

struct Malformed {
  const char* what;
  std::string text;
  std::vector<std::string> fragments;
};

TEST(UrdfImport, MalformedFilesAreRefusedNamingLineAndElement) {
  const std::string two = urdfLink("a") + urdfLink("b");  // lines 3, 4
  const std::vector<Malformed> cases{
      {"two roots",
       robot(two + joint("j", "revolute", "base", "a")),
       {"test.urdf:4:", "<link name=\"b\">", "second root"}},
      {"cycle",
       robot(two + joint("j1", "revolute", "base", "a") + joint("j2", "revolute", "a", "b") +
             joint("j3", "revolute", "b", "a")),
       {"test.urdf:7:", "<joint name=\"j3\"> <child> link = a", "already has a parent joint (line 5)"}},
      {"cycle without a root",
       robot(two + joint("j1", "revolute", "a", "b") + joint("j2", "revolute", "b", "a")),
       {"test.urdf:5:", "<joint name=\"j1\">", "cycle"}},
      {"unknown child",
       robot(urdfLink("a") + joint("j", "revolute", "base", "nowhere")),
       {"test.urdf:4:", "<joint name=\"j\"> <child> link = nowhere", "no such link"}},
      {"duplicate link",
       robot(urdfLink("a") + urdfLink("a")),
       {"test.urdf:4:", "<link name=\"a\">", "duplicate link name"}},
      {"duplicate joint",
       robot(two + joint("j", "revolute", "base", "a") + joint("j", "revolute", "a", "b")),
       {"test.urdf:6:", "<joint name=\"j\">", "duplicate joint name (first at line 5)"}},
      {"massless moving leaf",
       robot("<link name=\"tip\"/>\n" + joint("j", "revolute", "base", "tip")),
       {"test.urdf:4:", "<joint name=\"j\">", "tip", "without mass"}},
      {"indefinite inertia",
       robot(urdfLink("a", "ixx=\"1\" iyy=\"-1\" izz=\"1\"") + joint("j", "revolute", "base", "a")),
       {"test.urdf:3:", "<link name=\"a\"> <inertial> <inertia>", "iyy=-1", "not positive definite"}},
      {"semi-definite inertia on a moving joint",
       robot(urdfLink("a", "ixx=\"0\" iyy=\"1\" izz=\"1\"") + joint("j", "revolute", "base", "a")),
       {"test.urdf:3:", "<link name=\"a\">", "not positive definite"}},
      {"bad number",
       robot(urdfLink("a") + joint("j", "revolute", "base", "a", "\n<origin xyz=\"1 x 0\"/>")),
       {"test.urdf:5:", "<joint name=\"j\"> <origin> xyz = \"1 x 0\"", "\"x\" is not a finite number"}},
      {"too few numbers",
       robot(urdfLink("a") + joint("j", "revolute", "base", "a", "\n<axis xyz=\"1 0\"/>")),
       {"test.urdf:5:", "<joint name=\"j\"> <axis> xyz = \"1 0\"", "expected 3 numbers"}},
      {"zero axis",
       robot(urdfLink("a") + joint("j", "revolute", "base", "a", "\n<axis xyz=\"0 0 0\"/>")),
       {"test.urdf:5:", "<joint name=\"j\"> <axis> xyz = 0 0 0", "must not be zero"}},
      {"unknown joint type",
       robot(urdfLink("a") + joint("j", "ball", "base", "a")),
       {"test.urdf:4:", "<joint name=\"j\"> type = ball", "unknown joint type"}},
      {"negative mass",
       robot("<link name=\"a\"><inertial>\n<mass value=\"-2\"/></inertial></link>\n" +
             joint("j", "fixed", "base", "a")),
       {"test.urdf:4:", "<link name=\"a\"> <inertial> <mass> value", "must not be negative"}},
      {"unknown mimic joint",
       robot(two + joint("j1", "revolute", "base", "a") +
             joint("j2", "revolute", "a", "b", "\n<mimic joint=\"nope\"/>")),
       {"test.urdf:7:", "<joint name=\"j2\"> <mimic> joint = nope", "no such joint"}},
      {"not XML", "<robot name=\"r\">\n<link name=\"a\">\n</robot>\n", {"test.urdf:", "not well-formed XML"}},
      {"not a robot", "<model>\n</model>\n", {"test.urdf:1:", "<model>", "root element must be <robot>"}},
      {"missing attribute",
       robot(urdfLink("a") + "<joint type=\"fixed\"/>\n"),
       {"test.urdf:4:", "<joint> name", "missing attribute \"name\""}},
  };
  EXPECT_GE(cases.size(), 10u);
  for (const Malformed& c : cases) {
    SCOPED_TRACE(c.what);
    try {
      import(c.text);
      ADD_FAILURE() << "accepted";
    } catch (const ModelError& e) {
      for (const std::string& f : c.fragments)
        EXPECT_NE(std::string(e.what()).find(f), std::string::npos) << e.what() << "\n  lacks: " << f;
    }
  }
}

TEST(UrdfImport, DetectedByExtensionOrRobotRoot) {
  EXPECT_TRUE(hasUrdfExtension("a/b.URDF"));
  EXPECT_FALSE(hasUrdfExtension("a/b.json"));
  EXPECT_TRUE(looksLikeUrdf("  <?xml version=\"1.0\"?>\n<robot name=\"x\"/>"));
  EXPECT_FALSE(looksLikeUrdf("{\"format\": \"articula-model\"}"));
  // Through readModelText as through a file: the XML is recognised whatever the name.
  const ModelSpec m = readModelText(robot(""), "inline.xml");
  EXPECT_EQ(m.sourceFormat, SourceFormat::Urdf);
  EXPECT_EQ(m.bodies.size(), 1u);
  // Text is told by its content: JSON that edits a URDF-named model is still JSON.
  EXPECT_EQ(readModelText(readText(sourcePath("tests/data/urdf/two_link_arm.json")), "arm.urdf").sourceFormat,
            SourceFormat::Articula);
}
