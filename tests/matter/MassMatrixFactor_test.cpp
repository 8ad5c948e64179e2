// M^-1 v by the cached tree factor of M (shallow trees) and by the articulated-body sweep (deep
// ones): both by their backward error against the dense M, the factor rebuilt when the position
// changes, and repeated products bit-identical.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>

#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

constexpr Real kEps = 2.2e-16;

// Backward error of x as a solution of M x = v: small for any stable method, whatever cond(M).
Real backwardError(const Matrix& M, const Vector& x, const Vector& v) {
  return (M * x - v).norm() / (M.norm() * x.norm() + v.norm());
}

// The random tree's bodies rebuilt as one chain (body i on body i-1): the deepest tree.
RandomTree chainOf(unsigned seed, int numBodies, std::vector<MobilizerKind> kinds = {MobilizerKind::Pin}) {
  RandomTreeOptions options;
  options.numBodies = numBodies;
  options.kinds = std::move(kinds);
  const RandomTree random(seed, options);
  std::vector<RandomBodySpec> specs = random.specs();
  for (size_t i = 1; i < specs.size(); ++i) specs[i].parent = static_cast<int>(i) - 1;
  return RandomTree(specs, Vec3(0, -9.81, 0));
}
RandomTree pinChain(unsigned seed, int numBodies) { return chainOf(seed, numBodies); }

class MassMatrixFactor : public ::testing::TestWithParam<unsigned> {};

TEST_P(MassMatrixFactor, ShallowTreeSolvesLikeDenseAndRebuildsWhenQChanges) {
  RandomTreeOptions options;
  options.numBodies = 12;
  const RandomTree tree(GetParam(), options);
  const MatterSubsystem& matter = tree.matter();
  ASSERT_TRUE(matter.factorsMassMatrix()) << tree.describe();
  std::mt19937 rng(GetParam() + 900);
  State s = tree.randomState(rng);
  tree.system().realize(s, Stage::Position);
  const int nu = matter.getNU();
  const Vector v = randomVector(nu, rng);
  Matrix M;
  matter.calcM(s, M);
  Vector x1, again;
  matter.multiplyByMInv(s, v, x1);
  EXPECT_LT(backwardError(M, x1, v), 10 * nu * kEps) << tree.describe();
  matter.multiplyByMInv(s, v, again);
  EXPECT_EQ(x1, again) << tree.describe() << ": a repeated product differs";

  // New positions: a factor kept from the old ones would solve with the old M.
  tree.randomizeQ(s, rng);
  tree.system().realize(s, Stage::Position);
  Matrix M2;
  matter.calcM(s, M2);
  ASSERT_GT((M2 - M).norm(), 1e-3 * M.norm());
  Vector x2;
  matter.multiplyByMInv(s, v, x2);
  EXPECT_LT(backwardError(M2, x2, v), 10 * nu * kEps) << tree.describe() << ": stale factor";
}

// Deep chains take a sweep: bodies with one mobility or none (pins, sliders, screws, welds) the
// packed one, others the general one. Both against the dense M, again after q changes (the
// packed records are per position), and bit-identical when repeated. The general sweep's
// backward error grows along a chain of balls (3e-12 at 60 bodies), hence its own bound.
TEST_P(MassMatrixFactor, DeepChainTakesTheSweepAndAgrees) {
  using K = MobilizerKind;
  struct Case {
    std::vector<K> kinds;
    int bodies;
    Real bound;  // backward error, per mobility
  };
  const std::vector<Case> cases = {{{K::Pin}, 60, 10 * kEps},  // 29.5 entries below the diagonal per mobility
                                   {{K::Pin, K::Slider, K::Screw, K::Weld}, 80, 10 * kEps},
                                   {{K::Pin, K::BallQuaternion}, 60, 1000 * kEps}};
  for (const Case& c : cases) {
    const RandomTree chain = chainOf(GetParam(), c.bodies, c.kinds);
    const MatterSubsystem& matter = chain.matter();
    EXPECT_FALSE(matter.factorsMassMatrix()) << chain.describe();
    std::mt19937 rng(GetParam() + 950);
    State s = chain.randomState(rng);
    const int nu = matter.getNU();
    const Vector v = randomVector(nu, rng);
    for (int position = 0; position < 2; ++position) {
      chain.system().realize(s, Stage::Position);
      Matrix M;
      matter.calcM(s, M);
      Vector x, again;
      matter.multiplyByMInv(s, v, x);
      EXPECT_LT(backwardError(M, x, v), nu * c.bound) << chain.describe() << ", position " << position;
      matter.multiplyByMInv(s, v, again);
      EXPECT_EQ(x, again) << chain.describe();
      chain.randomizeQ(s, rng);
    }
  }
}

TEST_P(MassMatrixFactor, ShortChainFactorsAndCalcMInvInvertsM) {
  // 20 pins: 190 entries, 9.5 per mobility, so the factor; calcMInv's n products with it invert M.
  const RandomTree chain = pinChain(GetParam(), 20);
  EXPECT_TRUE(chain.matter().factorsMassMatrix());
  std::mt19937 rng(GetParam() + 970);
  State s = chain.randomState(rng);
  chain.system().realize(s, Stage::Position);
  Matrix M, MInv;
  chain.matter().calcM(s, M);
  chain.matter().calcMInv(s, MInv);
  EXPECT_LT((M * MInv - Matrix::Identity(20, 20)).norm(), 1e-9 * M.norm() * MInv.norm()) << chain.describe();
}

// B^T M^-1 B from the factor against the dense M, with B's columns nonzero on single root paths
// (like G^T's), where the factor is accurate; it refuses elsewhere (random mass ratios can cancel
// by more than 100) and under a lock (M_ff is wanted then). The solver's tests cover both paths.
TEST(MassMatrixFactorCongruence, MatchesDenseWhereAccurateAndRefusesElsewhere) {
  int accurate = 0;
  for (unsigned seed = 1; seed <= 8; ++seed) {
    RandomTreeOptions options;
    options.numBodies = 6;
    const RandomTree tree(seed, options);
    const MatterSubsystem& matter = tree.matter();
    std::mt19937 rng(seed + 990);
    State s = tree.randomState(rng);
    tree.system().realize(s, Stage::Position);
    const int nu = matter.getNU(), m = 5;
    Matrix B = Matrix::Zero(nu, m), W;
    const std::vector<int> parent = matter.calcMobilityParents();
    for (int j = 0; j < m; ++j)
      for (int a = std::uniform_int_distribution<int>(0, nu - 1)(rng); a >= 0; a = parent[a])
        B(a, j) = randomVector(1, rng)[0];
    const bool ok = matter.calcMInvCongruence(s, B, W);
    EXPECT_EQ(ok, matter.hasAccurateMInvFactor(s));
    if (ok) {
      ++accurate;
      Matrix M;
      matter.calcM(s, M);
      const Matrix expected = B.transpose() * M.ldlt().solve(B);
      EXPECT_LT((W - expected).norm(), 1e-12 * expected.norm()) << tree.describe();
    }
    matter.lockAtCurrent(s, 1);
    tree.system().realize(s, Stage::Position);
    EXPECT_FALSE(matter.calcMInvCongruence(s, B, W)) << tree.describe();
  }
  EXPECT_GE(accurate, 3);
}

TEST(MassMatrixFactorTopology, AskingBeforeTopologyIsAnError) {
  MultibodySystem system;
  EXPECT_THROW(static_cast<void>(system.getMatter().factorsMassMatrix()), Error);
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, MassMatrixFactor, ::testing::Values(1u, 2u, 3u, 4u));

}  // namespace
}  // namespace articula::testing
