// MJCF geoms (src/model/MjcfGeoms.h): sizes and fromto, mass from density or given, inertiagroup,
// contact materials one per friction, the world's first plane as the floor, meshes missing.
#include "model/MjcfGeoms.h"

#include <gtest/gtest.h>

#include <cmath>

#include "MjcfTestContext.h"

using namespace articula;
using namespace articula::model;
using namespace articula::model::mjcf;
using namespace articula::model::mjcf::testing;

namespace {

// Reads every <geom> of the first <body> (or of <worldbody> when `world`) into one MjBody.
struct GeomsOf : Parsed {
  Geoms geoms{c};
  MjBody body;
  MassBody mass;
  explicit GeomsOf(const std::string& text, bool world = false) : Parsed(text) {
    const XMLElement* parent = world ? find("worldbody") : find("body");
    body.el = world ? nullptr : parent;
    body.name = "b";
    c.defaults.ensureMain();
    for (const XMLElement* g = parent->FirstChildElement("geom"); g; g = g->NextSiblingElement("geom"))
      geoms.read(g, "main", body, mass);
  }
};

}  // namespace

TEST(MjcfGeoms, BoxMassFromDensityAndSphereFromGivenMass) {
  // Box of half sizes 0.1, 0.2, 0.3 at density 500: m = 500 * 0.2 * 0.4 * 0.6 = 24 at (1, 0, 0);
  // sphere of mass 6 at (-2, 0, 0): together 30 kg, centre (24 - 12) / 30 = 0.4 along x.
  const GeomsOf g(
      "<mujoco><body><geom type=\"box\" size=\"0.1 0.2 0.3\" density=\"500\" pos=\"1 0 0\"/>"
      "<geom size=\"0.5\" mass=\"6\" pos=\"-2 0 0\"/></body></mujoco>");
  EXPECT_NEAR(g.mass.mass, 30, 1e-12);
  EXPECT_TRUE(g.mass.com.isApprox(Vec3(0.4, 0, 0), 1e-12));
  ASSERT_EQ(g.body.geometry.size(), 2u);
  EXPECT_EQ(g.body.geometry[0].type, GeometryType::Box);
  EXPECT_EQ(g.body.geometry[1].name, "b/geom1");  // unnamed: the body's name and the geom's index
  // Izz about the common centre: the box's m (a^2 + b^2) / 3 = 24 * 0.05 / 3 = 0.4 and the
  // sphere's 2/5 m r^2 = 0.6, plus 24 * 0.6^2 + 6 * 2.4^2 = 43.2 from the offsets.
  EXPECT_NEAR(g.mass.inertia(2, 2), 0.4 + 0.6 + 43.2, 1e-10);
}

TEST(MjcfGeoms, FromtoGivesTheLengthAndTheAxis) {
  // A capsule from (0, 0, 0) to (0, 0.4, 0): half-length 0.2 along y, centred at (0, 0.2, 0).
  const GeomsOf g("<mujoco><body><geom type=\"capsule\" fromto=\"0 0 0 0 0.4 0\" size=\"0.05\"/></body></mujoco>");
  const GeometrySpec& s = g.body.geometry[0];
  EXPECT_TRUE(s.size.isApprox(Vec3(0.05, 0.2, 0), 1e-15));
  EXPECT_TRUE(s.pose.position.isApprox(Vec3(0, 0.2, 0), 1e-15));
  EXPECT_TRUE(s.pose.transform().R().matrix().col(2).isApprox(Vec3::UnitY(), 1e-12));
  const std::string e = errorOf([] { GeomsOf("<mujoco><body><geom type=\"box\" size=\"1 2\"/></body></mujoco>"); });
  EXPECT_NE(e.find("a box needs 3 positive size values"), std::string::npos) << e;
}

TEST(MjcfGeoms, GroupsOutsideTheInertiaRangeAddNoMass) {
  const GeomsOf g(
      "<mujoco><body><geom size=\"0.1\" mass=\"1\"/><geom size=\"0.1\" mass=\"5\" group=\"6\"/></body></mujoco>");
  EXPECT_NEAR(g.mass.mass, 1, 1e-15);
  EXPECT_EQ(g.body.geometry.size(), 2u);  // both still shapes
}

TEST(MjcfGeoms, OneMaterialPerFrictionAndNoneWithoutContact) {
  const GeomsOf g(
      "<mujoco><body><geom size=\"0.1\" friction=\"0.7 0.1\"/><geom size=\"0.1\" friction=\"0.7\"/>"
      "<geom size=\"0.1\"/><geom size=\"0.1\" contype=\"0\" conaffinity=\"0\"/></body></mujoco>");
  EXPECT_EQ(g.body.geometry[0].material, "mjcf_friction_0.7");
  EXPECT_EQ(g.body.geometry[1].material, "mjcf_friction_0.7");
  EXPECT_EQ(g.body.geometry[2].material, "mjcf_friction_1");
  EXPECT_EQ(g.body.geometry[3].material, "");
  ASSERT_EQ(g.c.m.contactMaterials.size(), 2u);
  EXPECT_EQ(g.c.m.contactMaterials[0].parameters.at("static_friction"), 0.7);
}

TEST(MjcfGeoms, TheWorldsFirstPlaneIsTheFloor) {
  // A plane turned 90 degrees about x: its z, the normal, goes to Rx(90) z = (0, -1, 0); at
  // (0, -0.5, 0.5) its height along the normal is 0.5. The second plane and a world box are noted.
  const GeomsOf g(
      "<mujoco><worldbody><geom type=\"plane\" pos=\"0 -0.5 0.5\" euler=\"90 0 0\" size=\"1 1 1\" "
      "friction=\"0.4\"/><geom type=\"plane\" size=\"1 1 1\"/><geom type=\"box\" size=\"1 1 1\"/></worldbody></mujoco>",
      true);
  EXPECT_TRUE(g.c.m.contact.ground);
  EXPECT_TRUE(g.c.m.contact.groundNormal.isApprox(Vec3(0, -1, 0), 1e-15));
  EXPECT_NEAR(g.c.m.contact.groundHeight, 0.5, 1e-15);
  EXPECT_EQ(g.c.m.contact.groundMaterial, "mjcf_friction_0.4");
  const std::string w = *g.c.report.warning();
  EXPECT_NE(w.find("geom plane besides the first"), std::string::npos) << w;
  EXPECT_NE(w.find("geom on the world body"), std::string::npos) << w;
  EXPECT_TRUE(g.body.geometry.empty());
}

TEST(MjcfGeoms, MeshesByNameAMissingFileLeftOutWithAWarning) {
  const std::string unknown = errorOf(
      [] { GeomsOf("<mujoco><body><geom type=\"mesh\" mesh=\"m\"/></body></mujoco>"); });
  EXPECT_NE(unknown.find("no <mesh> of this name in <asset>"), std::string::npos) << unknown;
  Parsed p(
      "<mujoco><asset><mesh name=\"m\" file=\"absent.stl\"/></asset><body><geom type=\"mesh\" "
      "mesh=\"m\"/></body></mujoco>");
  Geoms geoms(p.c);
  p.c.defaults.ensureMain();
  geoms.readAsset(p.find("asset"));
  MjBody b;
  b.el = p.find("body");
  b.name = "b";
  MassBody m;
  geoms.read(p.find("geom"), "main", b, m);
  EXPECT_TRUE(b.geometry.empty());
  EXPECT_EQ(m.mass, 0);
  ASSERT_EQ(p.c.m.warnings.size(), 1u);
  EXPECT_NE(p.c.m.warnings[0].find("mesh absent.stl not found"), std::string::npos) << p.c.m.warnings[0];
}
