// HertzContactLaw on a ball over a floor: the pair goes to it, its prepared force and energy are
// Hertz's closed form for a sphere, its force adds Hunt–Crossley dissipation and Stribeck
// friction, and its wrench slopes match central differences of its own force.
#include "articula/contact/HertzContactLaw.h"

#include <gtest/gtest.h>

#include <cmath>

#include "contact/ContactLawFixture.h"

namespace articula {
namespace {

using testing::BallOnFloor;

const ContactMaterial kMaterial{"m", 2e7, 0.3, 0.4, 0.6, 0.5, 0};

// Equal materials: E* = E'/2^{3/2}, K = (4/3) E* sqrt(R).
Real sphereStiffness(Real R) { return 4.0 / 3.0 * kMaterial.planeStrainModulus() / std::pow(2.0, 1.5) * std::sqrt(R); }

TEST(HertzContactLaw, TakesTwoElasticSurfacesOnly) {
  BallOnFloor elastic(0.05, kMaterial, kMaterial);
  elastic.system.realizeTopology();
  EXPECT_EQ(elastic.contact->getForceLaw(elastic.floor, elastic.ball)->getModel(), ContactModel::Hertz);
  BallOnFloor penalty(0.05, PenaltyMaterial(), kMaterial);
  penalty.system.realizeTopology();
  EXPECT_EQ(penalty.contact->getForceLaw(penalty.floor, penalty.ball)->getModel(), ContactModel::Penalty);
}

TEST(HertzContactLaw, PreparesTheClosedFormOfASphereOnAPlane) {
  BallOnFloor m(0.05, kMaterial, kMaterial);
  State s = m.system.realizeTopology();
  const Real x = 2e-4, K = sphereStiffness(m.R);
  m.place(s, x);
  m.system.realize(s, Stage::Position);
  const auto& contacts = m.law<HertzContactLaw>().getContacts(s);
  ASSERT_EQ(contacts.size(), 1u);
  const HertzContactLaw::Contact& c = contacts[0];
  EXPECT_NEAR(c.stiffness / K, 1, 1e-12);
  EXPECT_NEAR(c.elastic / (K * std::pow(x, 1.5)), 1, 1e-12);
  EXPECT_NEAR(c.potentialEnergy / (0.4 * K * std::pow(x, 2.5)), 1, 1e-12);
  EXPECT_NEAR(c.patchMajor, std::sqrt(m.R * x), 1e-12);
  EXPECT_NEAR(c.point_G.z(), -x / 2, 1e-15);  // equal materials share the deformation
  EXPECT_FALSE(c.ellipsoidOnPlane);
}

TEST(HertzContactLaw, ForceAddsHuntCrossleyDissipationAndFriction) {
  BallOnFloor m(0.05, kMaterial, kMaterial);
  State s = m.system.realizeTopology();
  const Real x = 2e-4, xdot = 0.3, K = sphereStiffness(m.R);
  m.place(s, x, Vec3(1, 0, -xdot));  // sliding fast along x: dynamic friction
  m.system.realize(s, Stage::Velocity);
  const Vec3 f = testing::ballForce(m, m.law<HertzContactLaw>(), s);
  const Real fn = K * std::pow(x, 1.5) * (1 + 1.5 * kMaterial.dissipation * xdot);
  EXPECT_NEAR(f.z() / fn, 1, 1e-12);
  EXPECT_NEAR(f.x() / (-kMaterial.dynamicFriction * fn), 1, 1e-12);
  EXPECT_NEAR(f.y(), 0, 1e-12);
}

TEST(HertzContactLaw, WrenchSlopesMatchDifferencesOfItsForce) {
  BallOnFloor m(0.05, kMaterial, kMaterial);
  State s = m.system.realizeTopology();
  for (const Vec3& v : {Vec3(0.004, 0.002, -0.1), Vec3(0.5, -0.2, 0.05)}) {
    m.place(s, 3e-4, v);
    m.system.realize(s, Stage::Position);
    testing::expectVelocitySlopeMatchesDifferences(m, m.law<HertzContactLaw>(), s, 1e-5);
  }
}

}  // namespace
}  // namespace articula
