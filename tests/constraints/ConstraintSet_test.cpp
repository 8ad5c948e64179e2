// ConstraintSet: enabling and disabling in a State, pools and per-constraint slices, statistics,
// and the errors for bad use.
#include <gtest/gtest.h>

#include "ConstraintChecks.h"

namespace articula::testing {
namespace {

struct Pendulum {
  MultibodySystem sys;
  MobilizedBody link;
  const Constraint* rod = nullptr;
  explicit Pendulum(bool enabled = true) {
    MatterSubsystem& m = sys.updMatter();
    addTestForces(sys).gravity = Vec3(0, -9.81, 0);
    link = MobilizedBody::Free(MobilizedBody::Ground(m),
                               Body(MassProperties::fromCentral(1, Vec3::Zero(), Inertia(0.1, 0.1, 0.1))));
    auto& r = addConstraint<constraints::Rod>(m, "string", 0, Vec3::Zero(), link.getIndex(), Vec3::Zero(), 1.0);
    r.setDefaultEnabled(enabled);
    rod = &r;
    sys.realizeTopology();
  }
  State state() const {
    State s = sys.getDefaultState();
    link.setQ(s, (SmallVector(7) << 1, 0, 0, 0, 0, -1, 0).finished());  // hanging at (0, -1, 0)
    return s;
  }
};

TEST(ConstraintSet, DisabledConstraintLeavesTheTreeFree) {
  Pendulum p;
  State s = p.state();
  EXPECT_TRUE(p.rod->isEnabled(s));
  p.sys.realize(s, Stage::Acceleration);
  // Hanging at rest: the rod holds the mass against gravity with tension m g.
  EXPECT_NEAR(p.link.getBodyAcceleration(s)[4], 0, 1e-12);
  EXPECT_NEAR(std::abs(p.rod->getMultipliers(s)[0]), 9.81, 1e-12);
  p.rod->setEnabled(s, false);
  EXPECT_LT(s.getSystemStage(), Stage::Instance);
  p.sys.realize(s, Stage::Acceleration);
  EXPECT_NEAR(p.link.getBodyAcceleration(s)[4], -9.81, 1e-12);
  EXPECT_EQ(p.rod->getMultipliers(s)[0], 0);
  EXPECT_EQ(p.rod->getAccelerationErrors(s)[0], 0);
  Pendulum off(false);
  State s2 = off.state();
  EXPECT_FALSE(off.rod->isEnabled(s2));
  off.rod->setEnabled(s2, true);
  off.sys.realize(s2, Stage::Acceleration);
  EXPECT_NEAR(off.link.getBodyAcceleration(s2)[4], 0, 1e-12);
}

TEST(ConstraintSet, TensionOfASwingingRodIsCentripetalPlusGravity) {
  Pendulum p;
  State s = p.state();
  p.link.setU(s, (SmallVector(6) << 0, 0, 0, 2, 0, 0).finished());  // 2 m/s sideways
  p.sys.realize(s, Stage::Acceleration);
  std::vector<SpatialVec> F;
  Vector f;
  p.rod->calcConstraintForces(s, F, f);
  EXPECT_NEAR(F[p.link.getIndex()][4], 9.81 + 4.0, 1e-10);  // m g + m v^2 / L, upward
  EXPECT_NEAR(p.rod->calcPower(s), 0, 1e-12);
  EXPECT_NEAR(p.rod->getVelocityErrors(s)[0], 0, 1e-15);
}

TEST(ConstraintSet, ErrorsNameTheProblem) {
  Pendulum p;
  Pendulum other;
  State foreign = other.state();
  EXPECT_THROW(p.rod->setEnabled(foreign, false), Error);
  EXPECT_THROW(ConstraintSet::get(p.sys.getMatter()).getConstraint(3), Error);
  MultibodySystem bare;
  EXPECT_THROW(ConstraintSet::get(bare.getMatter()), Error);
  EXPECT_THROW(const_cast<Constraint*>(p.rod)->setUnitError(0), Error);
  try {
    const_cast<Constraint*>(p.rod)->setDefaultEnabled(false);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Constraint 'string' (Rod)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(ConstraintSet::upd(p.sys.updMatter()).setCharacteristicTime(-1), Error);
}

}  // namespace
}  // namespace articula::testing
