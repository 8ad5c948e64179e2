// The same computation gives bit-identical results: repeated on one State, on a copy of it, on a
// State rebuilt from the same numbers, and on an independently built copy of the same System.
#include <gtest/gtest.h>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

// Everything the operators produce for one State, gathered for exact comparison.
struct Results {
  Vector udot, residual, Mv, MInvV, f, qdot, lockForces;
  Matrix M, J;
  std::vector<Eigen::Matrix4d> X;
  std::vector<SpatialVec> V, A, reactions;
  Real ke = 0;
  SpatialVec momentum;

  bool operator==(const Results&) const = default;
};

Results compute(const RandomTree& tree, State& s, unsigned seed) {
  const MatterSubsystem& matter = tree.matter();
  const int nu = matter.getNU(), nb = matter.getNumBodies();
  std::mt19937 rng(seed);  // same inputs every call
  const Vector v = randomVector(nu, rng);
  const std::vector<SpatialVec> F = randomBodyForces(nb, rng);
  tree.system().realize(s, Stage::Acceleration);
  Results r;
  r.udot = matter.getUDot(s);
  for (int b = 0; b < nb; ++b) {
    r.X.push_back(matter.getBodyTransform(s, b).toMat44());
    r.V.push_back(matter.getBodyVelocity(s, b));
    r.A.push_back(matter.getBodyAcceleration(s, b));
  }
  matter.calcResidualForceIgnoringConstraints(s, v, F, r.udot, r.residual);
  matter.multiplyByM(s, v, r.Mv);
  matter.multiplyByMInv(s, v, r.MInvV);
  matter.multiplyBySystemJacobianTranspose(s, F, r.f);
  matter.multiplyByN(s, v, r.qdot);
  matter.calcM(s, r.M);
  matter.calcSystemJacobian(s, r.J);
  matter.calcMobilizerReactionForces(s, r.reactions);
  r.lockForces = matter.getLockForces(s);
  r.ke = matter.calcKineticEnergy(s);
  r.momentum = matter.calcSystemMomentumAboutPoint(s, Vec3(0.1, 0.2, 0.3));
  return r;
}

class Determinism : public ::testing::TestWithParam<unsigned> {};

TEST_P(Determinism, RepeatedAndCopiedComputationsAreBitIdentical) {
  const RandomTree tree(GetParam());
  std::mt19937 rng(GetParam() + 1500);
  State s = tree.randomState(rng);
  const Results first = compute(tree, s, 7);

  // Again on the same State after forcing every stage to be recomputed.
  s.invalidateAll(Stage::Position);
  EXPECT_TRUE(compute(tree, s, 7) == first) << tree.describe() << ": recomputation differs";
  // On a copy of the realized State, and on a copy made before realizing anything.
  State copy = s;
  EXPECT_TRUE(compute(tree, copy, 7) == first) << tree.describe() << ": copied State differs";
  State fresh = tree.system().getDefaultState();
  tree.matter().updQ(fresh) = tree.matter().getQ(s);
  tree.matter().updU(fresh) = tree.matter().getU(s);
  EXPECT_TRUE(compute(tree, fresh, 7) == first) << tree.describe() << ": rebuilt State differs";

  // An identically seeded second System gives the same numbers (no hidden global state).
  const RandomTree twin(GetParam());
  State twinState = twin.system().getDefaultState();
  twin.matter().updQ(twinState) = tree.matter().getQ(s);
  twin.matter().updU(twinState) = tree.matter().getU(s);
  EXPECT_TRUE(compute(twin, twinState, 7) == first) << tree.describe() << ": twin System differs";
}

// Interleaving two States on one System does not leak anything from one into the other.
TEST_P(Determinism, StatesDoNotInterfere) {
  const RandomTree tree(GetParam());
  std::mt19937 rng(GetParam() + 1600);
  State a = tree.randomState(rng), b = tree.randomState(rng);
  State a2 = a;
  const Results ra = compute(tree, a, 3);
  compute(tree, b, 4);
  EXPECT_TRUE(compute(tree, a2, 3) == ra) << tree.describe();
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, Determinism, ::testing::Values(1u, 2u, 3u));

}  // namespace
}  // namespace articula::testing
