// A ball on a Translation mobilizer (q = centre, u = velocity) over a floor half-space, with any
// surface materials: the small model the force-law tests realize their laws in.
#pragma once
#include <gtest/gtest.h>

#include <memory>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

namespace articula::testing {

struct BallOnFloor {
  MultibodySystem system;
  ContactForceSubsystem* contact = nullptr;
  int body = 0, floor = -1, ball = -1;
  Real R;
  template <class BallMaterial, class FloorMaterial>
  BallOnFloor(Real radius, const BallMaterial& ballMaterial, const FloorMaterial& floorMaterial) : R(radius) {
    const Body b(MassProperties::fromCentral(1, Vec3::Zero(), Inertia::sphere(1, R)));
    body = MobilizedBody::Translation(MobilizedBody::Ground(system.updMatter()), b, "ball").getIndex();
    contact = &system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
    floor = contact->addSurface(0, Transform(), ContactShape::halfSpace(), floorMaterial, "floor");
    ball = contact->addSurface(body, Transform(), ContactShape::sphere(R), ballMaterial, "ball");
  }
  // The ball's centre at height R − depth above (x, y), moving at v.
  void place(State& s, Real depth, const Vec3& v = Vec3::Zero(), Real x = 0.1, Real y = -0.2) const {
    system.getMatter().updQ(s).segment<3>(0) = Vec3(x, y, R - depth);
    system.getMatter().updU(s).segment<3>(0) = v;
  }
  // The law of the floor-ball pair, as the type the test expects it to be.
  template <class Law>
  const Law& law() const {
    return static_cast<const Law&>(*contact->getForceLaw(floor, ball));
  }
};

// The force on the ball from one contact of `law` (index 0) at the state's velocities.
inline Vec3 ballForce(const BallOnFloor& m, const ContactForceLaw& law, const State& s) {
  std::vector<SpatialVec> F(m.system.getMatter().getNumBodies(), SpatialVec::Zero());
  ContactRecord rec;
  law.applyForce(s, m.contact->getGeometry(), 0, rec, F);
  return F[m.body].tail<3>();
}

// ∂(force on the ball)/∂(ball velocity) from the law's wrench slopes, against central differences.
inline void expectVelocitySlopeMatchesDifferences(BallOnFloor& m, const ContactForceLaw& law, State& s, Real rel) {
  m.system.realize(s, Stage::Velocity);
  TreeForceLinearization tree;
  tree.prepare(m.system.getMatter(), s);
  SpatialVec W_B;
  WrenchSlopes slopes;
  ASSERT_TRUE(law.linearizeWrench(s, 0, tree, W_B, slopes));
  const Mat33 analytic = slopes.D_B.block<3, 3>(3, 3);  // force rows, linear velocity columns
  const Vec3 v0 = m.system.getMatter().getU(s).segment<3>(0);
  const Real h = 1e-7;
  for (int k = 0; k < 3; ++k) {
    State sp = s, sm = s;
    m.system.getMatter().updU(sp).segment<3>(0) = v0 + h * Vec3::Unit(k);
    m.system.getMatter().updU(sm).segment<3>(0) = v0 - h * Vec3::Unit(k);
    m.system.realize(sp, Stage::Velocity);
    m.system.realize(sm, Stage::Velocity);
    const Vec3 column = (ballForce(m, law, sp) - ballForce(m, law, sm)) / (2 * h);
    EXPECT_LT((analytic.col(k) - column).norm(), rel * column.norm() + 1e-6) << "velocity direction " << k;
  }
}

}  // namespace articula::testing
