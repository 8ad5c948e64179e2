// NoSlip1D: a wheel on a carriage rolling without slip on the floor accelerates under a
// horizontal push as a mass m_c + m_w + I/R^2; derivative checks on random trees.
#include <gtest/gtest.h>

#include "ConstraintChecks.h"

namespace articula::testing {
namespace {

TEST(NoSlip1D, RollingWheelHasReflectedInertia) {
  constexpr Real R = 0.35, mc = 2, mw = 3, Iw = 0.2, push = 4;
  MultibodySystem sys;
  MatterSubsystem& m = sys.updMatter();
  TestForces& forces = addTestForces(sys);
  const MobilizedBody carriage = MobilizedBody::Slider(MobilizedBody::Ground(m), Transform(Vec3(0, R, 0)),
                                                       Body(MassProperties(mc, Vec3::Zero(), Inertia(1, 1, 1))),
                                                       Transform());
  const MobilizedBody wheel = MobilizedBody::Pin(
      carriage, Transform(), Body(MassProperties(mw, Vec3::Zero(), Inertia(0.1, 0.1, Iw))), Transform());
  const auto& roll = addConstraint<constraints::NoSlip1D>(m, "roll", carriage.getIndex(), Vec3(0, -R, 0), Vec3(1, 0, 0),
                                                          0, wheel.getIndex());
  forces.bodyForces_G.assign(m.getNumBodies(), SpatialVec::Zero());
  forces.bodyForces_G[carriage.getIndex()] = spatialVec(Vec3::Zero(), Vec3(push, 0, 0));
  sys.realizeTopology();
  State s = sys.getDefaultState();
  carriage.setOneU(s, 0, 1.4);
  wheel.setOneQ(s, 0, 0.7);
  wheel.setOneU(s, 0, -1.4 / R);
  sys.realize(s, Stage::Acceleration);
  EXPECT_NEAR(roll.getVelocityErrors(s)[0], 0, 1e-15);
  const Real xdd = push / (mc + mw + Iw / (R * R));
  EXPECT_NEAR(carriage.getUDot(s)[0], xdd, 1e-12);
  EXPECT_NEAR(wheel.getUDot(s)[0], -xdd / R, 1e-12);
  EXPECT_NEAR(roll.calcPower(s), 0, 1e-12);  // rolling without slip does no work
}

TEST(NoSlip1D, DerivativesOnRandomTrees) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    RandomTreeOptions opt;
    opt.numBodies = 8;
    OpenTree t = makeOpenTree(seed, opt);
    std::mt19937 rng(seed + 1100);
    const int C = static_cast<int>(seed % 9), B0 = static_cast<int>(seed % 4), B1 = 4 + static_cast<int>(seed % 5);
    const auto& c = addConstraint<constraints::NoSlip1D>(t.matter(), "slip", C, Vec3(0.1, -0.3, 0.2),
                                                         Vec3(1, 0.2, -0.5), B0, B1);
    t.system->realizeTopology();
    State s = t.system->getDefaultState();
    t.randomize(s, rng);
    checkConstraintDerivatives(*t.system, c, s, std::string("NoSlip1D seed ") + std::to_string(seed));
  }
}

}  // namespace
}  // namespace articula::testing
