// PenaltyContactLaw on a penalty ball over an elastic (rigid) floor: the pair goes to it with one
// z, its prepared force follows the loading curve at the floor's surface, its force adds damping
// and friction, ż follows the penetration while loading, holds below the maximum and recovers
// once apart, and its wrench slopes match central differences of its own force.
#include "articula/contact/PenaltyContactLaw.h"

#include <gtest/gtest.h>

#include "contact/ContactLawFixture.h"

namespace articula {
namespace {

using testing::BallOnFloor;

constexpr Real kStiffness = 2e5;  // N/m: the loading curve's slope

PenaltyMaterial linearMaterial() {
  PenaltyMaterial m;
  m.name = "linear";
  m.loading = PenaltyCurve({{0, 0}, {0.05, kStiffness * 0.05}}, "linear");
  m.damping = 300;
  m.friction = 0.5;
  return m;
}

TEST(PenaltyContactLaw, TakesPairsWithAPenaltySurfaceEachWithItsZ) {
  BallOnFloor m(0.05, linearMaterial(), ContactMaterial::ground());
  m.system.realizeTopology();
  EXPECT_EQ(m.contact->getForceLaw(m.floor, m.ball)->getModel(), ContactModel::Penalty);
  EXPECT_EQ(m.law<PenaltyContactLaw>().getNumPairs(), 1);
  EXPECT_TRUE(m.law<PenaltyContactLaw>().hasPair(m.ball, m.floor));
  EXPECT_FALSE(m.law<PenaltyContactLaw>().hasPair(m.ball, m.ball));
}

TEST(PenaltyContactLaw, PreparesTheLoadingCurveAtTheRigidSurface) {
  BallOnFloor m(0.05, linearMaterial(), ContactMaterial::ground());
  State s = m.system.realizeTopology();
  const Real x = 4e-3;
  m.place(s, x);
  m.system.realize(s, Stage::Position);
  const auto& contacts = m.law<PenaltyContactLaw>().getContacts(s);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_NEAR(contacts[0].elastic, kStiffness * x, 1e-9);
  // Stored: what unloading now returns, the triangle under the line to zero at (1 − η) x.
  EXPECT_NEAR(contacts[0].potentialEnergy, PenaltyMaterial::kDefaultEta * 0.5 * kStiffness * x * x, 1e-12);
  EXPECT_NEAR(contacts[0].point_G.z(), 0, 1e-15);  // the ball takes the whole deformation
}

TEST(PenaltyContactLaw, ForceAddsDampingAndFriction) {
  BallOnFloor m(0.05, linearMaterial(), ContactMaterial::ground());
  State s = m.system.realizeTopology();
  const Real x = 4e-3, xdot = 0.2;
  m.place(s, x, Vec3(0, 1, -xdot));
  m.system.realize(s, Stage::Velocity);
  const Vec3 f = testing::ballForce(m, m.law<PenaltyContactLaw>(), s);
  const Real fn = kStiffness * x + 300 * xdot;
  EXPECT_NEAR(f.z() / fn, 1, 1e-12);
  EXPECT_NEAR(f.y() / (-0.5 * fn), 1, 1e-12);
}

TEST(PenaltyContactLaw, ReachedMaximumFollowsLoadingHoldsAndRecovers) {
  BallOnFloor m(0.05, linearMaterial(), ContactMaterial::ground());
  State s = m.system.realizeTopology();
  auto zdot = [&](Real depth, Real xdot, Real reached) {
    m.place(s, depth, Vec3(0, 0, -xdot));
    m.contact->setReachedMaxPenetration(s, m.floor, m.ball, reached);
    m.system.realize(s, Stage::Acceleration);
    return s.getZDot()[s.getZStart(m.contact->getIndex())];
  };
  EXPECT_DOUBLE_EQ(zdot(4e-3, 0.2, 3e-3), 0.2);                                              // loading past the maximum
  EXPECT_DOUBLE_EQ(zdot(4e-3, 0.2, 5e-3), 0);                                                // reloading below it
  EXPECT_DOUBLE_EQ(zdot(4e-3, -0.2, 3e-3), 0);                                               // unloading
  EXPECT_DOUBLE_EQ(zdot(-0.01, -0.2, 3e-3), -ContactForceSubsystem::kDefaultRecoverySpeed);  // apart
  EXPECT_DOUBLE_EQ(m.contact->getReachedMaxPenetration(s, m.ball, m.floor), 3e-3);
}

TEST(PenaltyContactLaw, WrenchSlopesMatchDifferencesOfItsForce) {
  BallOnFloor m(0.05, linearMaterial(), ContactMaterial::ground());
  State s = m.system.realizeTopology();
  for (const Vec3& v : {Vec3(0.002, 0.001, -0.1), Vec3(0.5, -0.2, -0.05)}) {
    m.place(s, 4e-3, v);
    m.system.realize(s, Stage::Position);
    testing::expectVelocitySlopeMatchesDifferences(m, m.law<PenaltyContactLaw>(), s, 1e-5);
  }
}

}  // namespace
}  // namespace articula
