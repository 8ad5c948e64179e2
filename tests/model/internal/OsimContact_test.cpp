// OpenSim contact (src/model/OsimContact.h) on small .osim files written here: a ball on a
// FreeJoint dropped on OpenSim's usual floor (a ContactHalfSpace turned −90° about z, outward +y)
// settles at the Hunt–Crossley static depth m g = (4/3) E* sqrt(R) x^{3/2} with Simbody's pair
// stiffness E* = (k1^{2/3} k2^{2/3}/(k1^{2/3} + k2^{2/3}))^{3/2}; the floor's normal is the frame's
// −x; friction, mesh contact and pairs OpenSim keeps apart are noted; bad values are refused.
#include "model/OsimContact.h"

#include <gtest/gtest.h>

#include <cmath>

#include "OsimTestContext.h"
#include "articula/integrators/integrators.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/OsimImport.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::osim::testing;

namespace {

constexpr Real kG = 9.80665;

// Body "ball" (mass 2) on a FreeJoint with its centre at y0, a ContactSphere of radius 0.05 on it,
// the floor `floorOrientation` on the ground, and a HuntCrossleyForce of `parameters`.
std::string ball(const std::string& parameters, const std::string& floorOrientation = "0 0 -1.5707963267948966",
                 const std::string& extraGeometry = "") {
  return document(
      "<Model name=\"drop\">\n<BodySet><objects>\n<Body name=\"ball\"><mass>2</mass>"
      "<inertia>0.002 0.002 0.002 0 0 0</inertia></Body>\n</objects></BodySet>\n"
      "<JointSet><objects>\n<FreeJoint name=\"free\"><socket_parent_frame>/ground</socket_parent_frame>"
      "<socket_child_frame>/bodyset/ball</socket_child_frame><coordinates><Coordinate name=\"rx\"/>"
      "<Coordinate name=\"ry\"/><Coordinate name=\"rz\"/><Coordinate name=\"tx\"/><Coordinate name=\"ty\">"
      "<default_value>0.06</default_value></Coordinate><Coordinate name=\"tz\"/></coordinates></FreeJoint>\n"
      "</objects></JointSet>\n<ContactGeometrySet><objects>\n"
      "<ContactHalfSpace name=\"floor\"><socket_frame>/ground</socket_frame><orientation>" +
      floorOrientation +
      "</orientation></ContactHalfSpace>\n<ContactSphere name=\"sphere\"><socket_frame>/bodyset/ball"
      "</socket_frame><radius>0.05</radius></ContactSphere>\n" +
      extraGeometry +
      "</objects></ContactGeometrySet>\n<ForceSet><objects>\n<HuntCrossleyForce name=\"contact\">"
      "<contact_parameters><HuntCrossleyForce_ContactParametersSet><objects>" +
      parameters +
      "</objects></HuntCrossleyForce_ContactParametersSet></contact_parameters>"
      "<transition_velocity>0.1</transition_velocity></HuntCrossleyForce>\n</objects></ForceSet>\n</Model>\n");
}

std::string params(const std::string& geometry, const std::string& stiffness, const std::string& more = "") {
  return "<HuntCrossleyForce_ContactParameters><geometry>" + geometry + "</geometry><stiffness>" + stiffness +
         "</stiffness><dissipation>5</dissipation>" + more + "</HuntCrossleyForce_ContactParameters>";
}

}  // namespace

TEST(OsimContact, BallSettlesAtTheHuntCrossleyStaticDepth) {
  // Floor and ball in two parameter sets of stiffness 4e6 and 1e6 N/m^2: E* from Simbody's rule.
  const ModelSpec m = importOsim(ball(params("floor", "4e6") + params("sphere", "1e6")), "t.osim");
  EXPECT_TRUE(m.warnings.empty()) << m.warnings[0];
  ASSERT_TRUE(m.contact.enabled && m.contact.ground);
  EXPECT_NEAR((m.contact.groundNormal - Vec3(0, 1, 0)).norm(), 0, 1e-15);
  EXPECT_NEAR(m.contact.groundHeight, 0, 1e-15);
  EXPECT_EQ(*m.contact.transitionSpeed, 0.1);
  ASSERT_EQ(m.bodies[0].geometry.size(), 1u);
  EXPECT_EQ(m.bodies[0].geometry[0].material, "contact#2");
  const BuiltModel b = buildModel(m, "t.osim");
  auto integ = makeIntegrator("RungeKuttaMerson", *b.system);
  integ->setAccuracy(1e-9);
  integ->initialize(b.initialState);
  while (integ->getState().getTime() < 2) integ->stepTo(2);
  const Real k1 = std::pow(4e6, 2.0 / 3), k2 = std::pow(1e6, 2.0 / 3);
  const Real E = std::pow(k1 * k2 / (k1 + k2), 1.5);
  const Real depth = std::pow(2 * kG / (4.0 / 3.0 * E * std::sqrt(0.05)), 2.0 / 3.0);
  const Real y = integ->getState().getQ()[4];  // ty (the rotation x, y, z come first)
  EXPECT_GT(depth, 1e-3);
  EXPECT_NEAR(0.05 - y, depth, 1e-6 * depth) << "depth " << depth;
}

// Without orientation the floor's frame is ground's: the solid is x > 0, the outward normal −x.
TEST(OsimContact, HalfSpaceNormalIsTheFramesMinusX) {
  const ModelSpec m = importOsim(ball(params("floor sphere", "1e6"), "0 0 0"), "t.osim");
  EXPECT_NEAR((m.contact.groundNormal - Vec3(-1, 0, 0)).norm(), 0, 1e-15);
  EXPECT_EQ(m.contact.groundMaterial, "contact");
}

TEST(OsimContact, FrictionMeshesAndUnpairedShapesNoted) {
  const ModelSpec m = importOsim(
      ball(params("floor", "1e6", "<static_friction>0.8</static_friction><dynamic_friction>0.5</dynamic_friction>") +
               params("sphere", "1e6"),
           "0 0 -1.5707963267948966",
           "<ContactSphere name=\"spare\"><socket_frame>/bodyset/ball</socket_frame><radius>0.01</radius>"
           "</ContactSphere>\n<ContactMesh name=\"shoe\"><socket_frame>/bodyset/ball</socket_frame>"
           "<filename>shoe.obj</filename></ContactMesh>\n"),
      "t.osim");
  ASSERT_EQ(m.warnings.size(), 1u);
  const std::string& w = m.warnings[0];
  EXPECT_NE(w.find("<HuntCrossleyForce> friction (Articula's Stribeck curve"), std::string::npos) << w;
  EXPECT_NE(w.find("<ContactMesh> (contact geometry of this kind not represented yet)"), std::string::npos) << w;
  // The spare sphere is in no force: display only, no material.
  ASSERT_EQ(m.bodies[0].geometry.size(), 2u);
  EXPECT_TRUE(m.bodies[0].geometry[1].material.empty() || m.bodies[0].geometry[0].material.empty());
}

TEST(OsimContact, BadValuesRefused) {
  auto refusal = [](const std::string& text) { return errorOf([&] { importOsim(text, "t.osim"); }); };
  std::string e = refusal(ball(params("floor sphere", "0")));
  EXPECT_NE(e.find("t.osim:"), std::string::npos) << e;
  EXPECT_NE(e.find("stiffness"), std::string::npos) << e;
  EXPECT_NE(e.find("must be positive"), std::string::npos) << e;
  e = refusal(ball(params("floor ball", "1e6")));
  EXPECT_NE(e.find("\"ball\" names no contact geometry"), std::string::npos) << e;
  e = refusal(ball(
      params("floor sphere", "1e6", "<static_friction>0.2</static_friction><dynamic_friction>0.5</dynamic_friction>")));
  EXPECT_NE(e.find("dynamic_friction = 0.5"), std::string::npos) << e;
  e = refusal(ball(params("floor sphere", "1e6"))
                  .replace(ball(params("floor sphere", "1e6")).find("<radius>0.05"), 12, "<radius>-0.05"));
  EXPECT_NE(e.find("radius"), std::string::npos) << e;
}
