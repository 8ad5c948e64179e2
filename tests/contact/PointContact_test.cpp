// The point-contact helpers the Hertz and penalty laws share: the contact point's relative motion,
// a force applied there (moments about each body's origin, the opposite force on A, the record),
// and the wrench mapped about the tree's reference point.
#include "articula/contact/PointContact.h"

#include <gtest/gtest.h>

#include <numbers>

#include "contact/ContactLawFixture.h"

namespace articula {
namespace {

struct Scene {
  testing::BallOnFloor m{0.05, ContactMaterial::rubber(), ContactMaterial::ground()};
  State s;
  Scene() {
    s = m.system.realizeTopology();
    m.place(s, 1e-3, Vec3(0.3, -0.1, -0.2));
    m.system.realize(s, Stage::Velocity);
  }
  const PointContact& contact() const { return m.law<HertzContactLaw>().getContacts(s).at(0); }
};

TEST(PointContact, MotionIsTheBallPointsVelocityAgainstTheFloor) {
  Scene sc;
  const PointContactMotion mo = calcPointContactMotion(sc.m.system.getMatter(), sc.s, sc.contact());
  EXPECT_NEAR((mo.vRel - Vec3(0.3, -0.1, -0.2)).norm(), 0, 1e-15);  // translation only
  EXPECT_NEAR((mo.vSlip - Vec3(0.3, -0.1, 0)).norm(), 0, 1e-15);
  EXPECT_DOUBLE_EQ(mo.xdot, 0.2);
  EXPECT_NEAR((mo.originB - Vec3(0.1, -0.2, sc.m.R - 1e-3)).norm(), 0, 1e-15);
}

TEST(PointContact, ForceActsAtThePointAndFillsTheRecord) {
  Scene sc;
  const PointContact& p = sc.contact();
  const PointContactMotion mo = calcPointContactMotion(sc.m.system.getMatter(), sc.s, p);
  std::vector<SpatialVec> F(2, SpatialVec::Zero());
  ContactRecord rec;
  const Vec3 friction(-3, 1, 0);
  applyPointContactForce(p, mo, 10, friction, ContactModel::Hertz, rec, F);
  const Vec3 f = 10 * p.normal_G + friction;
  EXPECT_TRUE(F[0].isZero());  // Ground takes none
  EXPECT_NEAR((F[1].tail<3>() - f).norm(), 0, 1e-14);
  EXPECT_NEAR((F[1].head<3>() - (p.point_G - mo.originB).cross(f)).norm(), 0, 1e-14);
  EXPECT_EQ(rec.surfaceB, sc.m.ball);
  EXPECT_DOUBLE_EQ(rec.normalForce, 10);
  EXPECT_DOUBLE_EQ(rec.power, f.dot(mo.vRel));
  EXPECT_DOUBLE_EQ(rec.patchArea, std::numbers::pi * p.patchMajor * p.patchMinor);
  EXPECT_DOUBLE_EQ(rec.depthRate, 0.2);
}

TEST(PointContact, WrenchIsTheForceAboutTheTreeOrigin) {
  Scene sc;
  const PointContact& p = sc.contact();
  TreeForceLinearization tree;
  tree.prepare(sc.m.system.getMatter(), sc.s, Vec3(1, 2, 3));
  SpatialVec VRel;
  const Vec3 v = calcPointContactVelocity(p, tree, VRel);
  EXPECT_NEAR((v - Vec3(0.3, -0.1, -0.2)).norm(), 0, 1e-14);
  PointContactJacobian jac;
  jac.force = Vec3(1, 0, 5);
  SpatialVec W_B;
  WrenchSlopes slopes;
  mapPointContactWrench(p, tree, VRel, jac, W_B, slopes);
  EXPECT_NEAR((W_B.tail<3>() - jac.force).norm(), 0, 1e-15);
  EXPECT_NEAR((W_B.head<3>() - (p.point_G - Vec3(1, 2, 3)).cross(jac.force)).norm(), 0, 1e-14);
}

}  // namespace
}  // namespace articula
