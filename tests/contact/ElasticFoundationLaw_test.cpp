// ElasticFoundationLaw on a meshed ball over a floor: the pair goes to it, its prepared elastic
// force and energy are the sums over the penetrating faces, at rest its force is that sum at the
// centre of pressure, it has no Jacobian contribution, and a penalty partner is refused by name.
#include "articula/contact/ElasticFoundationLaw.h"

#include <gtest/gtest.h>

#include "articula/Error.h"
#include "articula/contact/ContactForceSubsystem.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "contact/Icosphere.h"

namespace articula {
namespace {

constexpr Real R = 0.1, kDepth = 0.004, kLayer = 0.01;

struct MeshedBall {
  MultibodySystem system;
  ContactForceSubsystem* contact = nullptr;
  int body = 0, floor = -1, ball = -1;
  template <class FloorMaterial>
  explicit MeshedBall(const FloorMaterial& floorMaterial) {
    const testing::Icosphere ico = testing::makeIcosphere(3);
    std::vector<Vec3> vertices;
    for (const Vec3& v : ico.vertices) vertices.push_back(R * v);
    auto mesh = std::make_shared<const TriangleMesh>(vertices, ico.faces, "icosphere");
    const Body b(MassProperties::fromCentral(1.0, Vec3::Zero(), Inertia::sphere(1.0, R)));
    body = MobilizedBody::Translation(MobilizedBody::Ground(system.updMatter()), b, "ball").getIndex();
    contact = &system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    floor = contact->addSurface(0, Transform(), ContactShape::halfSpace(), floorMaterial, "floor");
    ball = contact->addSurface(body, Transform(), ContactShape::triangleMesh(mesh), ContactMaterial::rubber(), "ball");
    contact->setLayerThickness(ball, kLayer);
  }
  State pressed() {
    State s = system.realizeTopology();
    system.getMatter().updQ(s) = Vector(Vec3(0.3, 0.2, R - kDepth));
    return s;
  }
  const ElasticFoundationLaw& law() const {
    return static_cast<const ElasticFoundationLaw&>(*contact->getForceLaw(floor, ball));
  }
};

TEST(ElasticFoundationLaw, TakesMeshPairsAndAddsNoJacobian) {
  MeshedBall m(ContactMaterial::ground());
  State s = m.pressed();
  ASSERT_EQ(m.contact->getForceLaw(m.floor, m.ball)->getModel(), ContactModel::ElasticFoundation);
  EXPECT_FALSE(m.law().contributesJacobian());
  m.system.realize(s, Stage::Velocity);
  TreeForceLinearization tree;
  tree.prepare(m.system.getMatter(), s);
  SpatialVec W_B;
  WrenchSlopes slopes;
  EXPECT_FALSE(m.law().linearizeWrench(s, 0, tree, W_B, slopes));
}

TEST(ElasticFoundationLaw, PreparesTheSumOverPenetratingFaces) {
  MeshedBall m(ContactMaterial::ground());
  State s = m.pressed();
  m.system.realize(s, Stage::Position);
  ASSERT_EQ(m.law().getContacts(s).size(), 1u);
  const ElasticFoundationLaw::Contact& c = m.law().getContacts(s)[0];
  EXPECT_EQ(c.surfaceA, m.floor);  // the normal pushes the mesh
  EXPECT_EQ(c.surfaceB, m.ball);
  const FoundationPair pair = combineFoundation(ContactMaterial::ground(), kLayer, ContactMaterial::rubber(), kLayer);
  EXPECT_GT(c.faceEnd - c.faceBegin, 3);
  Real elastic = 0, energy = 0;
  // The sums over the faces of a fresh detection of the same poses.
  ContactGeometry g = m.contact->getGeometry();
  g.findContacts(m.system.getMatter().getBodyTransforms(s), 0);
  for (const MeshFaceContact& f : g.getMeshFaceContacts())
    if (f.depth > 0) {
      elastic += pair.stiffness * f.area * f.depth;
      energy += 0.5 * pair.stiffness * f.area * f.depth * f.depth;
    }
  EXPECT_NEAR(c.elastic / elastic, 1, 1e-12);
  EXPECT_NEAR(c.potentialEnergy / energy, 1, 1e-12);
  EXPECT_LT(c.depth, kDepth);  // the deepest face's centroid lies just inside the sphere
  EXPECT_GT(c.depth, 0.5 * kDepth);
}

TEST(ElasticFoundationLaw, ForceAtRestIsTheElasticSumAtTheCentreOfPressure) {
  MeshedBall m(ContactMaterial::ground());
  State s = m.pressed();
  m.system.realize(s, Stage::Dynamics);
  const ContactReport& r = m.contact->getReport(s);
  ASSERT_EQ(r.contacts.size(), 1u);
  const ContactRecord& rec = r.contacts[0];
  EXPECT_EQ(rec.model, ContactModel::ElasticFoundation);
  EXPECT_NEAR(rec.normalForce / m.law().getContacts(s)[0].elastic, 1, 1e-12);
  EXPECT_NEAR(rec.centreOfPressure_G.x(), 0.3, 1e-3);
  EXPECT_NEAR(rec.centreOfPressure_G.y(), 0.2, 1e-3);
  EXPECT_NEAR(r.bodyForces_G[m.body].tail<3>().z(), rec.normalForce, 1e-9 * rec.normalForce);
}

TEST(ElasticFoundationLaw, RefusesAPenaltyPartnerByName) {
  MeshedBall m{PenaltyMaterial()};
  State s = m.pressed();
  EXPECT_EQ(m.contact->getForceLaw(m.floor, m.ball)->getModel(), ContactModel::ElasticFoundation);
  try {
    m.system.realize(s, Stage::Position);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot meet mesh 'ball'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articula
