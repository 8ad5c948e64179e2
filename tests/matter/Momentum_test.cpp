// System mass, mass centre and momentum about a point against sums over bodies, and momentum
// balance on floating trees: dL/dt = sum of external forces, dH_O/dt = sum of their moments.
#include <gtest/gtest.h>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;
constexpr Real kStep = 1e-5;
constexpr Real kFdTol = 1e-7;

class Momentum : public ::testing::TestWithParam<unsigned> {};

// Momentum of body b about p_GP from its mass properties: [I_C w + (C - P) x m v_C; m v_C].
SpatialVec bodyMomentum(const MatterSubsystem& matter, const State& s, int b, const Vec3& p_GP) {
  const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
  const Mat33 R = matter.getBodyTransform(s, b).R().matrix();
  const Mat33 I_C = R * mp.inertiaAboutMassCenter().matrix() * R.transpose();
  const SpatialVec& V = matter.getBodyVelocity(s, b);
  const Vec3 w = V.head<3>(), r = R * mp.massCenter();
  const Vec3 p_GC = matter.getBodyTransform(s, b).p() + r;
  const Vec3 L = mp.mass() * (Vec3(V.tail<3>()) + w.cross(r));
  return spatialVec(I_C * w + (p_GC - p_GP).cross(L), L);
}

TEST_P(Momentum, MassAndMassCentreAreSumsOverBodies) {
  const RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 1000);
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Position);
  Real mass = 0;
  Vec3 moment = Vec3::Zero();
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
    mass += mp.mass();
    moment += mp.mass() * (matter.getBodyTransform(s, b) * mp.massCenter());
  }
  EXPECT_NEAR(matter.calcSystemMass(), mass, 10 * matter.getNumBodies() * kEps * mass);
  EXPECT_LT(relErr(matter.calcSystemMassCenterLocationInGround(s), (moment / mass).eval()),
            100 * matter.getNumBodies() * kEps)
      << tree.describe();
}

TEST_P(Momentum, AboutAPointIsSumOfBodyMomenta) {
  const RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 1100);
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Velocity);
  for (const Vec3& p_GP :
       {Vec3(Vec3::Zero()), Vec3(randomVector(3, rng, 2.0)), matter.calcSystemMassCenterLocationInGround(s)}) {
    SpatialVec sum = SpatialVec::Zero();
    for (int b = 1; b < matter.getNumBodies(); ++b) sum += bodyMomentum(matter, s, b, p_GP);
    EXPECT_LT(relErr(matter.calcSystemMomentumAboutPoint(s, p_GP), sum), 100 * matter.getNumBodies() * kEps)
        << tree.describe() << ", point " << p_GP.transpose();
  }
}

// Linear momentum is the total mass times the mass centre's velocity (differences of positions).
TEST_P(Momentum, LinearMomentumMovesTheMassCentre) {
  const RandomTree tree(GetParam());
  const MatterSubsystem& matter = tree.matter();
  std::mt19937 rng(GetParam() + 1200);
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Velocity);
  State p = advanced(matter, s, kStep), m = advanced(matter, s, -kStep);
  tree.system().realize(p, Stage::Position);
  tree.system().realize(m, Stage::Position);
  const Vec3 vC = (matter.calcSystemMassCenterLocationInGround(p) - matter.calcSystemMassCenterLocationInGround(m)) /
                  (2 * kStep);
  const Vec3 L = matter.calcSystemMomentumAboutPoint(s, Vec3::Zero()).tail<3>();
  EXPECT_LT(relErr(L, (matter.calcSystemMass() * vC).eval()), kFdTol) << tree.describe();
}

// A floating tree under gravity only: dL/dt = m g and dH_O/dt = p_C x m g (internal forces cancel).
TEST_P(Momentum, FloatingTreeBalancesExternalForces) {
  RandomTreeOptions options;
  options.floating = true;
  for (const Vec3& g : {Vec3(Vec3::Zero()), Vec3(0, -9.81, 0)}) {
    options.gravity = g;
    const RandomTree tree(GetParam(), options);
    const MatterSubsystem& matter = tree.matter();
    std::mt19937 rng(GetParam() + 1300);
    State s = tree.randomState(rng);
    tree.system().realize(s, Stage::Acceleration);
    const Vector udot = matter.getUDot(s);
    State p = advanced(matter, s, kStep, &udot), m = advanced(matter, s, -kStep, &udot);
    tree.system().realize(p, Stage::Velocity);
    tree.system().realize(m, Stage::Velocity);
    const SpatialVec rate = (matter.calcSystemMomentumAboutPoint(p, Vec3::Zero()) -
                             matter.calcSystemMomentumAboutPoint(m, Vec3::Zero())) /
                            (2 * kStep);
    const Real mass = matter.calcSystemMass();
    const Vec3 weight = mass * g;
    const SpatialVec expected = spatialVec(matter.calcSystemMassCenterLocationInGround(s).cross(weight), weight);
    // Scale: the momentum itself, so a conserved momentum is checked relative to its size.
    const Real scale = matter.calcSystemMomentumAboutPoint(s, Vec3::Zero()).norm() + expected.norm();
    EXPECT_LT((rate - expected).norm() / scale, kFdTol) << tree.describe() << ", g = " << g.transpose() << "\nrate "
                                                        << rate.transpose() << "\nexpected " << expected.transpose();
  }
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, Momentum, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
