// OpenSim import (docs/opensim.md): a pendulum on a PinJoint with offset frames and a CustomJoint
// knee with a scaled SimmSpline translation, posed and compared with poses worked by hand; the
// fixture models of tests/data/external/opensim counted from their XML (bodies, coordinates,
// mass); malformed files refused with the file, line and element named.
#include "articula/model/OsimImport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <regex>

#include "articula/files/StorageTable.h"
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

const char* const kFixtures = ARTICULA_FIXTURES "/opensim";
constexpr Real kPi = 3.14159265358979323846;

// A model built, its coordinates set by OpenSim name, and body poses in ground.
struct Posed {
  ModelSpec spec;
  BuiltModel built;
  State state;
  explicit Posed(ModelSpec m) : spec(std::move(m)), built(buildModel(spec, "test.osim")), state(built.initialState) {}
  // Sets every coordinate named in `q`; the others keep their values.
  void set(const std::map<std::string, Real>& q) {
    for (const BodySpec& b : spec.bodies) {
      const auto& names = b.joint.functions.coordinates;
      if (names.empty()) continue;
      MobilizedBody mb(built.system->updMatter(), built.mobodOfBody[spec.findBody(b.name)]);
      SmallVector v = mb.getQ(state);
      for (size_t k = 0; k < names.size(); ++k)
        if (q.count(names[k])) v[static_cast<int>(k)] = q.at(names[k]);
      mb.setQ(state, v);
    }
  }
  Transform pose(const std::string& body) {
    built.system->realize(state, Stage::Position);
    return built.system->getMatter().getBodyTransform(state, built.mobodOfBody[spec.findBody(body)]);
  }
};

void expectNear(const Vec3& a, const Vec3& b, Real tol, const std::string& what) {
  EXPECT_LT((a - b).norm(), tol) << what << ": " << a.transpose() << " vs " << b.transpose();
}

std::string errorOf(const std::string& text) {
  try {
    importOsim(text, "bad.osim");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(OsimImport, PendulumTurnsAboutItsOffsetPinAxis) {
  Posed p(loadModelFile(sourcePath("tests/data/osim/pendulum.osim")));
  EXPECT_EQ(p.spec.sourceFormat, SourceFormat::Osim);
  ASSERT_EQ(p.spec.bodies.size(), 1u);
  EXPECT_EQ(p.spec.bodies[0].joint.name, "hinge");
  EXPECT_EQ(p.spec.bodies[0].joint.functions.coordinates, std::vector<std::string>{"swing"});
  EXPECT_DOUBLE_EQ(p.spec.initialState.q.at("hinge.swing"), 0.2);
  EXPECT_DOUBLE_EQ(p.spec.initialState.u.at("hinge.swing"), -1.5);
  EXPECT_EQ(p.spec.gravity, Vec3(0, -9.81, 0));
  // The pin frame on ground at (0, 1, 0), turned 90 degrees about x: its z (the pin axis) is
  // ground's -y. The rod's origin 0.5 below the pin in the rod: at angle θ it is at
  // (0.5 sin θ, 1, -0.5 cos θ), its mass centre 0.5 further out: (sin θ, 1, -cos θ).
  for (Real theta : {0.0, kPi / 6, -1.0}) {
    p.set({{"swing", theta}});
    const Transform X = p.pose("rod");
    expectNear(X.p(), Vec3(0.5 * std::sin(theta), 1, -0.5 * std::cos(theta)), 1e-12, "origin");
    expectNear(X * Vec3(0, -0.5, 0), Vec3(std::sin(theta), 1, -std::cos(theta)), 1e-12, "mass centre");
  }
  ASSERT_EQ(p.spec.markers.size(), 1u);  // the MarkerSet's one marker: read, not noted
  EXPECT_TRUE(p.spec.warnings.empty());
}

TEST(OsimImport, CustomJointKneeFollowsItsSplineAndBodyFixedOffset) {
  Posed p(loadModelFile(sourcePath("tests/data/osim/knee.osim")));
  ASSERT_EQ(p.spec.bodies.size(), 2u);
  EXPECT_EQ(p.spec.bodies[0].name, "femur");  // parents first, whatever the JointSet's order
  EXPECT_EQ(p.spec.bodies[1].joint.type, JointType::FunctionBased);
  EXPECT_EQ(p.spec.bodies[1].joint.functions.angular, std::vector<bool>{true});
  EXPECT_DOUBLE_EQ(p.spec.bodies[1].inertia(0, 1), 0.001);
  // Knee frame F at (0, 0.6, 0) in ground, turned by body-fixed x then y by 90 degrees: F's x is
  // ground's z, F's y ground's x, F's z ground's y... worked out: R_GF (a, b, c) = (b, c, a)
  // rotated as Rx(90) Ry(90): (a, b, c) -> Ry: (c, b, -a) -> Rx: (c, a, b).
  // p_FM = (2 · 0.01 (q³ + q), -0.05 along the unit of axis (0 2 0), 0): the tibia origin is at
  // (0, 0.6, 0) + R_GF p_FM = (0, 0.6 + 0.02 (q³ + q), -0.05) and its x axis R_GF Rz(q) x =
  // (0, cos q, sin q).
  for (Real q : {0.0, 0.5, -1.5, 1.9}) {
    p.set({{"knee_angle", q}});
    const Transform X = p.pose("tibia");
    expectNear(X.p(), Vec3(0, 0.6 + 0.02 * (q * q * q + q), -0.05), 1e-12, "tibia origin q = " + std::to_string(q));
    expectNear(X.R() * Vec3::UnitX(), Vec3(0, std::cos(q), std::sin(q)), 1e-12, "tibia x q = " + std::to_string(q));
  }
}

TEST(OsimImport, DispatchedByRootAndRefusedByEditApply) {
  EXPECT_EQ(readModelText(readText(sourcePath("tests/data/osim/pendulum.osim")), "p.osim").sourceFormat,
            SourceFormat::Osim);
  EXPECT_EQ(nameOf(SourceFormat::Osim), "opensim");
}

// ---- the fixture models, counted from their XML ----

namespace {

struct Counted {
  size_t bodies = 0, coordinates = 0;
  Real mass = 0;
};

Counted countXml(const std::string& text) {
  Counted n;
  const size_t a = text.find("<BodySet"), b = text.find("</BodySet>");
  const std::string bodySet = text.substr(a, b - a);
  const std::regex body("<Body name="), coord("<Coordinate name="), mass("<mass>([^<]*)</mass>");
  n.bodies = static_cast<size_t>(std::distance(std::sregex_iterator(bodySet.begin(), bodySet.end(), body), {}));
  n.coordinates = static_cast<size_t>(std::distance(std::sregex_iterator(text.begin(), text.end(), coord), {}));
  for (auto it = std::sregex_iterator(bodySet.begin(), bodySet.end(), mass); it != std::sregex_iterator(); ++it)
    n.mass += std::stod((*it)[1]);
  return n;
}

}  // namespace

TEST(OsimImport, FixtureModelsLoadWithTheirBodiesCoordinatesAndMass) {
  if (!std::filesystem::exists(kFixtures)) GTEST_SKIP() << kFixtures << " absent";
  for (const char* name :
       {"gait2354/subject01_simbody.osim", "gait2354/subject01_simbody_adjusted.osim", "gait10dof18musc/subject01.osim",
        "models/gait2392_millard2012muscle.osim", "models/leg6dof9musc.osim", "models/arm26.osim"}) {
    SCOPED_TRACE(name);
    const std::string file = std::string(kFixtures) + "/" + name;
    const Counted want = countXml(readText(file));
    const ModelSpec m = loadModelFile(file);
    const BuiltModel built = buildModel(m, file);
    EXPECT_EQ(m.bodies.size(), want.bodies);
    size_t coordinates = 0;
    Real mass = 0;
    for (const BodySpec& b : m.bodies) {
      coordinates += b.joint.functions.coordinates.size();
      mass += b.mass;
    }
    EXPECT_EQ(coordinates, want.coordinates);
    EXPECT_NEAR(mass, want.mass, 1e-9 * want.mass);
    EXPECT_EQ(built.initialState.getNQ(), static_cast<int>(want.coordinates));
    ASSERT_FALSE(m.warnings.empty());
    EXPECT_NE(m.warnings.back().find("Muscle> (muscle: its path is read, its dynamics not simulated yet)"),
              std::string::npos);
  }
}

// gait2354 posed by OpenSim's own coordinates against OpenSim's BodyKinematics: through the file
// `articula motion` writes, tests/run/MotionPlayback_test.cpp.

// ---- refusals ----

namespace {

std::string doc(const std::string& bodies, const std::string& joints) {
  return "<OpenSimDocument Version=\"40000\">\n<Model name=\"m\">\n<BodySet><objects>\n" + bodies +
         "</objects></BodySet>\n<JointSet><objects>\n" + joints +
         "</objects></JointSet>\n</Model>\n</OpenSimDocument>\n";
}

const std::string kRod = "<Body name=\"rod\"><mass>1</mass><inertia>1 1 1 0 0 0</inertia></Body>\n";

std::string pin(const std::string& parent, const std::string& extra = "") {
  return "<PinJoint name=\"p\">\n<socket_parent_frame>" + parent +
         "</socket_parent_frame>\n<socket_child_frame>/bodyset/rod</socket_child_frame>\n"
         "<coordinates><Coordinate name=\"a\">" +
         extra + "</Coordinate></coordinates>\n</PinJoint>\n";
}

}  // namespace

TEST(OsimImport, MalformedFilesNameFileLineElementAndValue) {
  EXPECT_EQ(errorOf(doc(kRod, pin("/ground"))), "(no error)");
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases{
      {doc(kRod, pin("/bodyset/thigh")),
       {"bad.osim:8: <PinJoint name=\"p\"> socket_parent_frame = /bodyset/thigh",
        "names no frame of the joint, body or ground"}},
      {doc("<Body name=\"rod\"><mass>heavy</mass></Body>\n", pin("/ground")),
       {"bad.osim:4: <Body name=\"rod\"> mass = heavy", "\"heavy\" is not a finite number"}},
      {doc("<Body name=\"rod\"><mass>-1</mass></Body>\n", pin("/ground")), {"mass = -1", "must not be negative"}},
      {doc(kRod, pin("/ground", "<locked>maybe</locked>")),
       {"<Coordinate name=\"a\"> locked = maybe", "true or false"}},
      {doc(kRod,
           "<EllipsoidJoint name=\"e\"><socket_parent_frame>/ground</socket_parent_frame>"
           "<socket_child_frame>/bodyset/rod</socket_child_frame></EllipsoidJoint>\n"),
       {"<EllipsoidJoint name=\"e\"> = EllipsoidJoint", "joint type not supported yet"}},
      {doc(kRod + "<Body name=\"free\"><mass>1</mass></Body>\n", pin("/ground")),
       {"<Body name=\"free\"> = free", "no joint of the JointSet moves this body"}},
      {doc(kRod,
           "<PinJoint name=\"p\"><socket_parent_frame>/ground</socket_parent_frame>"
           "<socket_child_frame>/bodyset/rod</socket_child_frame></PinJoint>\n"),
       {"at least one <Coordinate>"}},
      {"<OpenSimDocument Version=\"30000\"><Model/></OpenSimDocument>", {"Version = 30000", "OpenSim 3 file"}},
  };
  for (const auto& [text, parts] : cases) {
    const std::string e = errorOf(text);
    for (const std::string& part : parts) EXPECT_NE(e.find(part), std::string::npos) << e << "\n  wanted: " << part;
  }
}
