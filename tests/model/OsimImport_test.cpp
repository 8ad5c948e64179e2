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

#include "articula/constraints/ConstraintSet.h"
#include "articula/files/StorageTable.h"
#include "articula/integrators/integrators.h"
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

TEST(OsimImport, EllipsoidJointIsSimbodysEllipsoidMobilizer) {
  // Simbody's Ellipsoid (Euler angles, as OpenSim uses it): R_FM = Rx(q0) Ry(q1) Rz(q2) body-fixed
  // and M's origin at diag(radii) · (R_FM z), composed here from elementary rotations.
  const std::string text =
      "<OpenSimDocument Version=\"40000\"><Model name=\"e\"><BodySet><objects>"
      "<Body name=\"scapula\"><mass>1</mass><inertia>1 1 1 0 0 0</inertia></Body></objects></BodySet>"
      "<JointSet><objects><EllipsoidJoint name=\"st\"><socket_parent_frame>/ground</socket_parent_frame>"
      "<socket_child_frame>/bodyset/scapula</socket_child_frame><coordinates><Coordinate name=\"ax\"/>"
      "<Coordinate name=\"ay\"/><Coordinate name=\"az\"/></coordinates>"
      "<radii_x_y_z>0.07 0.15 0.08</radii_x_y_z></EllipsoidJoint></objects></JointSet></Model></OpenSimDocument>";
  Posed p(importOsim(text, "e.osim"));
  EXPECT_EQ(p.spec.bodies[0].joint.functions.coordinates, (std::vector<std::string>{"ax", "ay", "az"}));
  EXPECT_EQ(p.spec.bodies[0].joint.functions.angular, (std::vector<bool>{true, true, true}));
  const Vec3 radii(0.07, 0.15, 0.08);
  for (const Vec3& q : {Vec3(0, 0, 0), Vec3(0.3, -0.5, 1.1), Vec3(-1.2, 0.9, -0.4)}) {
    p.set({{"ax", q[0]}, {"ay", q[1]}, {"az", q[2]}});
    const Mat33 R = (Eigen::AngleAxis<Real>(q[0], Vec3::UnitX()) * Eigen::AngleAxis<Real>(q[1], Vec3::UnitY()) *
                     Eigen::AngleAxis<Real>(q[2], Vec3::UnitZ()))
                        .toRotationMatrix();
    const Vec3 origin = radii.cwiseProduct(R.col(2));
    const Transform X = p.pose("scapula");
    expectNear(X.p(), origin, 1e-15, "origin");
    EXPECT_LT((X.R().matrix() - R).norm(), 1e-15);
    EXPECT_NEAR(std::pow(X.p()[0] / radii[0], 2) + std::pow(X.p()[1] / radii[1], 2) + std::pow(X.p()[2] / radii[2], 2),
                1, 1e-14);  // on the ellipsoid
  }
}

TEST(OsimImport, PointOnLineConstraintKeepsTheFollowerOnItsLine) {
  // A tumbling block on a FreeJoint whose corner point must stay on a line fixed in ground through
  // (0.1, 0.5, 0) along (1, 1, 0) (given unnormalized), under gravity: over 1 s the point stays on
  // the line and the constraint's force on the block is perpendicular to it.
  const std::string text =
      "<OpenSimDocument Version=\"40000\"><Model name=\"bead\"><BodySet><objects>"
      "<Body name=\"block\"><mass>2</mass><mass_center>0 0 0</mass_center><inertia>0.02 0.03 0.04 0 0 0</inertia>"
      "</Body></objects></BodySet><JointSet><objects><FreeJoint name=\"free\">"
      "<socket_parent_frame>/ground</socket_parent_frame><socket_child_frame>/bodyset/block</socket_child_frame>"
      "<coordinates><Coordinate name=\"rx\"><default_speed_value>3</default_speed_value></Coordinate>"
      "<Coordinate name=\"ry\"/><Coordinate name=\"rz\"><default_speed_value>-2</default_speed_value></Coordinate>"
      "<Coordinate name=\"tx\"><default_value>0.05</default_value></Coordinate>"
      "<Coordinate name=\"ty\"><default_value>0.5</default_value></Coordinate><Coordinate name=\"tz\"/>"
      "</coordinates></FreeJoint></objects></JointSet><ConstraintSet><objects>"
      "<PointOnLineConstraint name=\"wire\"><socket_line_body>/ground</socket_line_body>"
      "<line_direction_vec>1 1 0</line_direction_vec><point_on_line>0.1 0.5 0</point_on_line>"
      "<socket_follower_body>/bodyset/block</socket_follower_body><point_on_follower>0.05 0 0</point_on_follower>"
      "</PointOnLineConstraint></objects></ConstraintSet></Model></OpenSimDocument>";
  const ModelSpec spec = importOsim(text, "bead.osim");
  ASSERT_EQ(spec.constraints.size(), 1u);
  EXPECT_EQ(spec.constraints[0].type, ConstraintType::PointOnLine);
  const BuiltModel built = buildModel(spec, "bead.osim");
  const Vec3 d = Vec3(1, 1, 0).normalized(), p0(0.1, 0.5, 0), station(0.05, 0, 0);
  const int block = built.mobodOfBody[0];
  const Constraint& wire = ConstraintSet::get(built.system->getMatter()).getConstraint(0);
  auto integrator = makeIntegrator(IntegratorMethod::RungeKuttaMerson, *built.system);
  integrator->setAccuracy(1e-8);
  integrator->setConstraintTolerance(1e-10);
  integrator->initialize(built.initialState);
  Real worst = 0, worstAlong = 0, travelled = 0;
  for (int k = 1; k <= 100; ++k) {
    integrator->stepTo(0.01 * k);
    State s = integrator->getState();
    built.system->realize(s, Stage::Acceleration);
    const Vec3 p = built.system->getMatter().getBodyTransform(s, block) * station;
    const Vec3 off = (p - p0) - (p - p0).dot(d) * d;
    worst = std::max(worst, off.norm());
    travelled = std::max(travelled, std::abs((p - p0).dot(d)));
    std::vector<SpatialVec> F;
    Vector f;
    wire.calcConstraintForces(s, F, f);
    const Vec3 force = F[static_cast<size_t>(block)].tail<3>();
    ASSERT_GT(force.norm(), 0.1);  // it holds the block up
    worstAlong = std::max(worstAlong, std::abs(force.dot(d)) / force.norm());
  }
  EXPECT_LT(worst, 1e-8);
  EXPECT_LT(worstAlong, 1e-10);
  EXPECT_GT(travelled, 0.5);  // it slid down the wire
}

namespace {

// A leg in OpenSim 3's form: joints inside their bodies, coordinates in each joint's CoordinateSet,
// functions inside <function>, and bodies named by body, body_1/body_2, line_body, coordinate.
const char* const kLeg3 = R"(<OpenSimDocument Version="30000"><Model name="leg"><BodySet><objects>
<Body name="ground"><mass>0</mass><Joint/></Body>
<Body name="thigh"><mass>5</mass><mass_center>0 -0.2 0</mass_center><inertia_xx>0.1</inertia_xx>
 <inertia_yy>0.02</inertia_yy><inertia_zz>0.1</inertia_zz><inertia_xy>0.001</inertia_xy><inertia_xz>0</inertia_xz>
 <inertia_yz>0</inertia_yz>
 <Joint><CustomJoint name="hip"><parent_body>ground</parent_body><location_in_parent>0 1 0</location_in_parent>
  <orientation_in_parent>0.1 0.2 0.3</orientation_in_parent><location>0 0.05 0</location><orientation>0 0 0.4</orientation>
  <CoordinateSet><objects><Coordinate name="hip_flexion"><motion_type>rotational</motion_type>
   <default_value>0.3</default_value><range>-1 2</range></Coordinate></objects></CoordinateSet>
  <SpatialTransform>
   <TransformAxis name="rotation1"><coordinates>hip_flexion</coordinates><axis>0 0 1</axis>
    <function><LinearFunction><coefficients>1 0</coefficients></LinearFunction></function></TransformAxis>
   <TransformAxis name="translation2"><coordinates>hip_flexion</coordinates><axis>0 1 0</axis>
    <function><SimmSpline><x>-1 0 1 2</x><y>0 0.01 0.015 0.03</y></SimmSpline></function></TransformAxis>
  </SpatialTransform></CustomJoint></Joint></Body>
<Body name="shank"><mass>3</mass><mass_center>0 -0.2 0</mass_center><inertia_xx>0.05</inertia_xx>
 <inertia_yy>0.01</inertia_yy><inertia_zz>0.05</inertia_zz><inertia_xy>0</inertia_xy><inertia_xz>0</inertia_xz>
 <inertia_yz>0</inertia_yz>
 <Joint><PinJoint name="knee"><parent_body>thigh</parent_body><location_in_parent>0 -0.4 0</location_in_parent>
  <orientation_in_parent>0 0 0</orientation_in_parent><location>0 0.02 0</location><orientation>0 0.5 0</orientation>
  <CoordinateSet><objects><Coordinate name="knee_angle"><default_value>-0.5</default_value>
   <default_speed_value>0.25</default_speed_value></Coordinate></objects></CoordinateSet></PinJoint></Joint></Body>
</objects></BodySet>
<ConstraintSet><objects>
<PointConstraint name="off"><isDisabled>true</isDisabled><body_1>ground</body_1><body_2>shank</body_2></PointConstraint>
<WeldConstraint name="w"><isDisabled>false</isDisabled><body_1>ground</body_1><body_2>shank</body_2>
 <location_body_1>0.1 0.2 0.3</location_body_1><orientation_body_1>0.3 0 0.1</orientation_body_1>
 <location_body_2>0 -0.3 0</location_body_2><orientation_body_2>0 0.2 0</orientation_body_2></WeldConstraint>
<PointOnLineConstraint name="l"><line_body>thigh</line_body><line_direction_vec>0 1 0</line_direction_vec>
 <point_on_line>0 -0.1 0</point_on_line><follower_body>shank</follower_body><point_on_follower>0 0.1 0</point_on_follower>
</PointOnLineConstraint>
</objects></ConstraintSet>
<ForceSet><objects><Thelen2003Muscle name="vas"><GeometryPath><PathPointSet><objects>
 <PathPoint name="p1"><location>0.03 -0.1 0</location><body>thigh</body></PathPoint>
 <ConditionalPathPoint name="p2"><location>0.04 -0.38 0</location><body>thigh</body><coordinate>knee_angle</coordinate>
  <range>-2.6 -1.4</range></ConditionalPathPoint>
 <MovingPathPoint name="p3"><location>0 0 0</location><body>shank</body><x_coordinate>knee_angle</x_coordinate>
  <x_location><SimmSpline><x>-2 -1 0</x><y>0.01 0.03 0.04</y></SimmSpline></x_location></MovingPathPoint>
</objects></PathPointSet></GeometryPath></Thelen2003Muscle></objects></ForceSet>
<MarkerSet><objects><Marker name="KNE"><body>thigh</body><location>0 -0.4 0.05</location><fixed>false</fixed></Marker>
</objects></MarkerSet></Model></OpenSimDocument>)";

// The same leg as OpenSim 4 writes it: a JointSet with offset frames, sockets, coordinates lists.
const char* const kLeg4 = R"(<OpenSimDocument Version="40000"><Model name="leg"><BodySet><objects>
<Body name="thigh"><mass>5</mass><mass_center>0 -0.2 0</mass_center><inertia>0.1 0.02 0.1 0.001 0 0</inertia></Body>
<Body name="shank"><mass>3</mass><mass_center>0 -0.2 0</mass_center><inertia>0.05 0.01 0.05 0 0 0</inertia></Body>
</objects></BodySet><JointSet><objects>
<CustomJoint name="hip"><socket_parent_frame>ground_offset</socket_parent_frame><socket_child_frame>thigh_offset</socket_child_frame>
 <coordinates><Coordinate name="hip_flexion"><default_value>0.3</default_value><range>-1 2</range></Coordinate></coordinates>
 <frames><PhysicalOffsetFrame name="ground_offset"><socket_parent>/ground</socket_parent><translation>0 1 0</translation>
  <orientation>0.1 0.2 0.3</orientation></PhysicalOffsetFrame>
  <PhysicalOffsetFrame name="thigh_offset"><socket_parent>/bodyset/thigh</socket_parent><translation>0 0.05 0</translation>
  <orientation>0 0 0.4</orientation></PhysicalOffsetFrame></frames>
 <SpatialTransform>
  <TransformAxis name="rotation1"><coordinates>hip_flexion</coordinates><axis>0 0 1</axis>
   <LinearFunction name="function"><coefficients>1 0</coefficients></LinearFunction></TransformAxis>
  <TransformAxis name="translation2"><coordinates>hip_flexion</coordinates><axis>0 1 0</axis>
   <SimmSpline name="function"><x>-1 0 1 2</x><y>0 0.01 0.015 0.03</y></SimmSpline></TransformAxis>
 </SpatialTransform></CustomJoint>
<PinJoint name="knee"><socket_parent_frame>thigh_offset</socket_parent_frame><socket_child_frame>shank_offset</socket_child_frame>
 <coordinates><Coordinate name="knee_angle"><default_value>-0.5</default_value><default_speed_value>0.25</default_speed_value>
 </Coordinate></coordinates>
 <frames><PhysicalOffsetFrame name="thigh_offset"><socket_parent>/bodyset/thigh</socket_parent><translation>0 -0.4 0</translation>
  </PhysicalOffsetFrame><PhysicalOffsetFrame name="shank_offset"><socket_parent>/bodyset/shank</socket_parent>
  <translation>0 0.02 0</translation><orientation>0 0.5 0</orientation></PhysicalOffsetFrame></frames></PinJoint>
</objects></JointSet>
<ConstraintSet><objects>
<PointConstraint name="off"><isEnforced>false</isEnforced><socket_body_1>/ground</socket_body_1><socket_body_2>/bodyset/shank</socket_body_2></PointConstraint>
<WeldConstraint name="w"><frames><PhysicalOffsetFrame name="f1"><socket_parent>/ground</socket_parent><translation>0.1 0.2 0.3</translation>
  <orientation>0.3 0 0.1</orientation></PhysicalOffsetFrame><PhysicalOffsetFrame name="f2"><socket_parent>/bodyset/shank</socket_parent>
  <translation>0 -0.3 0</translation><orientation>0 0.2 0</orientation></PhysicalOffsetFrame></frames>
 <socket_frame1>f1</socket_frame1><socket_frame2>f2</socket_frame2></WeldConstraint>
<PointOnLineConstraint name="l"><socket_line_body>/bodyset/thigh</socket_line_body><line_direction_vec>0 1 0</line_direction_vec>
 <point_on_line>0 -0.1 0</point_on_line><socket_follower_body>/bodyset/shank</socket_follower_body>
 <point_on_follower>0 0.1 0</point_on_follower></PointOnLineConstraint>
</objects></ConstraintSet>
<ForceSet><objects><Thelen2003Muscle name="vas"><GeometryPath><PathPointSet><objects>
 <PathPoint name="p1"><socket_parent_frame>/bodyset/thigh</socket_parent_frame><location>0.03 -0.1 0</location></PathPoint>
 <ConditionalPathPoint name="p2"><socket_parent_frame>/bodyset/thigh</socket_parent_frame><location>0.04 -0.38 0</location>
  <socket_coordinate>/jointset/knee/knee_angle</socket_coordinate><range>-2.6 -1.4</range></ConditionalPathPoint>
 <MovingPathPoint name="p3"><socket_parent_frame>/bodyset/shank</socket_parent_frame><location>0 0 0</location>
  <socket_x_coordinate>/jointset/knee/knee_angle</socket_x_coordinate>
  <x_location><SimmSpline><x>-2 -1 0</x><y>0.01 0.03 0.04</y></SimmSpline></x_location></MovingPathPoint>
</objects></PathPointSet></GeometryPath></Thelen2003Muscle></objects></ForceSet>
<MarkerSet><objects><Marker name="KNE"><socket_parent_frame>/bodyset/thigh</socket_parent_frame><location>0 -0.4 0.05</location>
</Marker></objects></MarkerSet></Model></OpenSimDocument>)";

}  // namespace

TEST(OsimImport, OpenSim3FileReadsAsItsOpenSim4Equivalent) {
  const ModelSpec m3 = importOsim(kLeg3, "leg3.osim"), m4 = importOsim(kLeg4, "leg4.osim");
  ASSERT_EQ(m3.bodies.size(), 2u);
  EXPECT_EQ(m3.bodies[1].joint.parent, "thigh");
  EXPECT_EQ(m3.constraints.size(), 2u);  // the disabled point constraint left out
  EXPECT_EQ(m3.muscles.at(0).path.at(2).kind, PathPointKind::Moving);
  // Everything the Articula format holds (bodies, joint frames and functions, coordinates and their
  // initial values, constraints, muscles, markers) alike.
  nlohmann::json j3 = writeArticulaModel(m3), j4 = writeArticulaModel(m4);
  EXPECT_EQ(j3.dump(1), j4.dump(1));
  // And posed alike: the hip frame composed by hand, Rx(0.1) Ry(0.2) Rz(0.3) at (0, 1, 0).
  ModelSpec free3 = m3, free4 = m4;  // posed without the constraints, which would hold the knee
  free3.constraints.clear();
  free4.constraints.clear();
  Posed p3(free3), p4(free4);
  for (const Real q : {0.3, -0.7}) {
    p3.set({{"hip_flexion", q}, {"knee_angle", 0.4}});
    p4.set({{"hip_flexion", q}, {"knee_angle", 0.4}});
    const Transform a = p3.pose("shank"), b = p4.pose("shank");
    expectNear(a.p(), b.p(), 1e-15, "shank origin");
  }
  // A body property the reader does not know is noted, not dropped.
  std::string odd = kLeg3;
  odd.replace(odd.find("<mass>5</mass>"), 14, "<mass>5</mass><scale_factors>1 1 1</scale_factors>");
  const ModelSpec m = importOsim(odd, "odd.osim");
  ASSERT_FALSE(m.warnings.empty());
  EXPECT_NE(m.warnings.back().find("<scale_factors> (OpenSim 3 body property)"), std::string::npos)
      << m.warnings.back();
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
           "<ScapulothoracicJoint name=\"e\"><socket_parent_frame>/ground</socket_parent_frame>"
           "<socket_child_frame>/bodyset/rod</socket_child_frame></ScapulothoracicJoint>\n"),
       {"<ScapulothoracicJoint name=\"e\"> = ScapulothoracicJoint", "joint type not supported yet"}},
      {doc(kRod + "<Body name=\"free\"><mass>1</mass></Body>\n", pin("/ground")),
       {"<Body name=\"free\"> = free", "no joint of the JointSet moves this body"}},
      {doc(kRod,
           "<PinJoint name=\"p\"><socket_parent_frame>/ground</socket_parent_frame>"
           "<socket_child_frame>/bodyset/rod</socket_child_frame></PinJoint>\n"),
       {"at least one <Coordinate>"}},
      {"<OpenSimDocument Version=\"20500\"><Model/></OpenSimDocument>", {"Version = 20500", "older than OpenSim 3"}},
  };
  for (const auto& [text, parts] : cases) {
    const std::string e = errorOf(text);
    for (const std::string& part : parts) EXPECT_NE(e.find(part), std::string::npos) << e << "\n  wanted: " << part;
  }
}
