// Mobilizer reaction forces (on the child at Mo, in G): statics of welded bodies, Newton-Euler on
// every body of random trees, and the power the reaction does through the mobilizer's own motion.
#include <gtest/gtest.h>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;

// Location of body b's mobilizer frame origin Mo in G.
Vec3 mobilizerOriginInGround(const MatterSubsystem& matter, const State& s, int b) {
  return matter.getBodyTransform(s, b) * matter.getInfo(b).X_BM.p();
}

// A body welded to Ground at rest under gravity: the weld carries its weight, and the moment
// that keeps the mass centre from swinging down about Mo.
TEST(ReactionForces, WeldCarriesTheWeightOfABodyAtRest) {
  std::mt19937 rng(11);
  MultibodySystem system;
  MatterSubsystem& matter = system.updMatter();
  TestForces& forces = addTestForces(system);
  forces.gravity = Vec3(0.3, -9.81, 0.2);
  const MassProperties mp1 = randomMassProperties(rng), mp2 = randomMassProperties(rng);
  const MobilizedBody::Weld first(MobilizedBody::Ground(matter), randomTransform(rng), Body(mp1), randomTransform(rng));
  const MobilizedBody::Weld second(first, randomTransform(rng), Body(mp2), randomTransform(rng));
  State s = system.realizeTopology();
  system.realize(s, Stage::Acceleration);
  std::vector<SpatialVec> R;
  matter.calcMobilizerReactionForces(s, R);
  ASSERT_EQ(static_cast<int>(R.size()), matter.getNumBodies());

  const Vec3 w1 = mp1.mass() * forces.gravity, w2 = mp2.mass() * forces.gravity;
  const Vec3 c1 = first.getBodyTransform(s) * mp1.massCenter();
  const Vec3 c2 = second.getBodyTransform(s) * mp2.massCenter();
  // The outer weld holds body 2 alone; the inner one both bodies.
  const Vec3 mo2 = mobilizerOriginInGround(matter, s, 2), mo1 = mobilizerOriginInGround(matter, s, 1);
  const SpatialVec expected2 = spatialVec(-(c2 - mo2).cross(w2), -w2);
  const SpatialVec expected1 = spatialVec(-(c1 - mo1).cross(w1) - (c2 - mo1).cross(w2), -(w1 + w2));
  EXPECT_LT(relErr(R[2], expected2), 100 * kEps) << R[2].transpose() << "\n" << expected2.transpose();
  EXPECT_LT(relErr(R[1], expected1), 100 * kEps) << R[1].transpose() << "\n" << expected1.transpose();
}

class ReactionForces : public ::testing::TestWithParam<unsigned> {
 protected:
  ReactionForces() : tree(GetParam()), rng(GetParam() + 1400) {
    const int nb = tree.matter().getNumBodies();
    tree.forces().bodyForces_G = randomBodyForces(nb, rng);
    tree.forces().mobilityForces = randomVector(tree.matter().getNU(), rng);
    state = tree.randomState(rng);
    tree.system().realize(state, Stage::Acceleration);
    tree.matter().calcMobilizerReactionForces(state, reactions);
  }
  const MatterSubsystem& matter() const { return tree.matter(); }
  RandomTree tree;
  std::mt19937 rng;
  State state;
  std::vector<SpatialVec> reactions;
};

// Newton-Euler body by body: reaction from the parent, minus the reactions the body exerts on its
// children, plus applied forces (gravity included) equals the inertial force I A + gyroscopic.
TEST_P(ReactionForces, SatisfyNewtonEulerOnEveryBody) {
  const int nb = matter().getNumBodies();
  ASSERT_EQ(static_cast<int>(reactions.size()), nb);
  std::vector<SpatialVec> applied = tree.forces().bodyForces_G;
  tree.forces().addGravity(state, applied);
  for (int b = 1; b < nb; ++b) {
    const Vec3 p_GB = matter().getBodyTransform(state, b).p();
    SpatialVec total = applied[b] + shiftForce(reactions[b], p_GB - mobilizerOriginInGround(matter(), state, b));
    for (int c : matter().getInfo(b).children)
      total -= shiftForce(reactions[c], p_GB - mobilizerOriginInGround(matter(), state, c));
    const SpatialVec inertial = inertialForce(matter(), state, b, matter().getBodyAcceleration(state, b));
    EXPECT_LT(relErr(total, inertial), 1000 * nb * kEps)
        << tree.describe() << ", body " << b << " (" << kindName(tree.specs()[b].kind) << ")\nforces "
        << total.transpose() << "\ninertial " << inertial.transpose();
  }
}

// The reaction's power through the mobilizer's relative motion at Mo is the mobility force's
// power tau . u: what the mobilizer transmits along its free directions is exactly tau.
TEST_P(ReactionForces, TransmitTheMobilityForcesAlongFreeDirections) {
  const Vector& tau = tree.forces().mobilityForces;
  const Vector u = matter().getU(state);
  for (int b = 1; b < matter().getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter().getInfo(b);
    const Vec3 mo = mobilizerOriginInGround(matter(), state, b);
    const SpatialVec V_child = shiftMotion(matter().getBodyVelocity(state, b),
                                           mo - matter().getBodyTransform(state, b).p());
    const SpatialVec V_parent = shiftMotion(matter().getBodyVelocity(state, info.parent),
                                            mo - matter().getBodyTransform(state, info.parent).p());
    const Real power = reactions[b].dot(V_child - V_parent);
    const Real expected = tau.segment(info.uStart, info.nu).dot(u.segment(info.uStart, info.nu));
    // Rounding grows with the subtree the reaction accumulates, hence nb.
    const Real nb = matter().getNumBodies();
    EXPECT_NEAR(power, expected, 100 * nb * kEps * (1 + reactions[b].norm() * (V_child - V_parent).norm()))
        << tree.describe() << ", body " << b << " (" << kindName(tree.specs()[b].kind) << ")";
  }
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, ReactionForces, ::testing::Values(1u, 2u, 3u, 4u, 5u));

}  // namespace
}  // namespace articula::testing
