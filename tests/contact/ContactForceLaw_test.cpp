// Dispatch of contact pairs to force laws: each pair of a mixed scene goes to the law its
// materials and shapes select, once at Topology; a registered law is asked first and then
// computes its pairs' contacts, registered before Topology only.
#include "articula/contact/ContactForceLaw.h"

#include <gtest/gtest.h>

#include "articula/Error.h"
#include "articula/contact/ContactForceSubsystem.h"
#include "articula/contact/PointContact.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "contact/Icosphere.h"

namespace articula {
namespace {

int addBall(MultibodySystem& system, const char* name) {
  const Body b(MassProperties::fromCentral(1, Vec3::Zero(), Inertia::sphere(1, 0.1)));
  return MobilizedBody::Translation(MobilizedBody::Ground(system.updMatter()), b, name).getIndex();
}

std::shared_ptr<const TriangleMesh> icosphereMesh() {
  const testing::Icosphere ico = testing::makeIcosphere(1);
  std::vector<Vec3> vertices;
  for (const Vec3& v : ico.vertices) vertices.push_back(0.1 * v);
  return std::make_shared<const TriangleMesh>(vertices, ico.faces, "icosphere");
}

TEST(ContactForceLaw, EachPairGoesToTheLawItsSurfacesSelect) {
  MultibodySystem system;
  const int b1 = addBall(system, "elastic"), b2 = addBall(system, "penalty"), b3 = addBall(system, "mesh");
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  const ContactMaterial rubber = ContactMaterial::rubber();
  const int floor = contact.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
  const int elastic = contact.addSurface(b1, Transform(), ContactShape::sphere(0.1), rubber, "elastic");
  const int elastic2 = contact.addSurface(b1, Transform(Vec3(0, 0, 0.1)), ContactShape::sphere(0.05), rubber, "e2");
  const int penalty = contact.addSurface(b2, Transform(), ContactShape::sphere(0.1), PenaltyMaterial(), "penalty");
  const int mesh = contact.addSurface(b3, Transform(), ContactShape::triangleMesh(icosphereMesh()), rubber, "mesh");
  system.realizeTopology();
  auto model = [&](int a, int b) { return contact.getForceLaw(a, b)->getModel(); };
  EXPECT_EQ(model(floor, elastic), ContactModel::Hertz);
  EXPECT_EQ(model(elastic, floor), ContactModel::Hertz);
  EXPECT_EQ(model(floor, penalty), ContactModel::Penalty);
  EXPECT_EQ(model(elastic, penalty), ContactModel::Penalty);
  EXPECT_EQ(model(floor, mesh), ContactModel::ElasticFoundation);
  EXPECT_EQ(model(elastic, mesh), ContactModel::ElasticFoundation);
  EXPECT_EQ(model(penalty, mesh), ContactModel::ElasticFoundation);  // refused when they touch
  EXPECT_EQ(contact.getForceLaw(elastic, elastic2), nullptr);        // one body: never in contact
  EXPECT_EQ(contact.getNumPenaltyPairs(), 4);  // floor, elastic, e2 and mesh with the penalty ball
}

// Pushes B's origin away from A with 1 N along the normal, for the pairs of a surface named "ball".
class OneNewtonLaw final : public ContactForceLaw {
 public:
  ContactModel getModel() const override { return ContactModel::Penalty; }
  bool takesPair(const ContactSetup& setup, int a, int b) const override {
    return setup.geometry.getName(a) == "ball" || setup.geometry.getName(b) == "ball";
  }
  void realizeTopology(State& state, const ContactSetup& setup) override {
    geometry_ = &setup.geometry;
    cache_ = state.allocateCacheEntry(setup.subsystem, Stage::Position, std::vector<PointContact>(), "one newton");
  }
  void clearContacts(const State& s) const override { contacts(s).clear(); }
  PreparedContact preparePoint(const State& s, const ContactPoint& cp) const override {
    PointContact p = startPointContact(*geometry_, cp);
    p.point_G = cp.p_G;
    finishPointContact(cp, p);
    contacts(s).push_back(p);
    return {static_cast<int>(contacts(s).size()) - 1, p.bodyA, p.bodyB, p.depth, 0};
  }
  bool applyForce(const State& s, const ContactGeometry&, int index, ContactRecord& rec,
                  std::vector<SpatialVec>& F) const override {
    const PointContact& p = contacts(s)[index];
    addForceAt(F, p.bodyB, Vec3::Zero(), Vec3::Zero(), p.normal_G);
    rec.normalForce = 1;
    return true;
  }

 private:
  std::vector<PointContact>& contacts(const State& s) const {
    return s.updCacheEntry<std::vector<PointContact>>(cache_);
  }
  const ContactGeometry* geometry_ = nullptr;
  int cache_ = -1;
};

TEST(ContactForceLaw, ARegisteredLawIsAskedFirstAndComputesItsPairs) {
  MultibodySystem system;
  const int body = addBall(system, "ball"), other = addBall(system, "other");
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  const ContactMaterial rubber = ContactMaterial::rubber();
  const int floor = contact.addSurface(0, Transform(), ContactShape::halfSpace(), ContactMaterial::ground(), "floor");
  const int ball = contact.addSurface(body, Transform(), ContactShape::sphere(0.1), rubber, "ball");
  const int hertz = contact.addSurface(other, Transform(), ContactShape::sphere(0.1), rubber, "other");
  const ContactForceLaw& law = contact.addForceLaw(std::make_unique<OneNewtonLaw>());
  State s = system.realizeTopology();
  EXPECT_EQ(contact.getForceLaw(floor, ball), &law);
  EXPECT_EQ(contact.getForceLaw(floor, hertz)->getModel(), ContactModel::Hertz);
  system.getMatter().updQ(s) = Vector(Vec6(0, 0, 0.099, 1, 0, 0.099));  // both 1 mm into the floor
  system.realize(s, Stage::Dynamics);
  const ContactReport& r = contact.getReport(s);
  ASSERT_EQ(r.contacts.size(), 2u);
  EXPECT_DOUBLE_EQ(r.bodyForces_G[body].tail<3>().z(), 1);
  EXPECT_GT(r.bodyForces_G[other].tail<3>().z(), 1);  // Hertz at 1 mm: far more than 1 N
}

TEST(ContactForceLaw, RegistrationNeedsALawBeforeTopology) {
  MultibodySystem system;
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  EXPECT_THROW(contact.addForceLaw(nullptr), Error);
  system.realizeTopology();
  EXPECT_THROW(contact.addForceLaw(std::make_unique<OneNewtonLaw>()), Error);
}

}  // namespace
}  // namespace articula
