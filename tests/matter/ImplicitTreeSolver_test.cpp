// ImplicitTreeSolver against dense algebra on random trees of every mobilizer kind: A is formed
// from calcM, the bodies' Jacobians (calcSystemJacobian shifted to the solver's reference point)
// and their convective Jacobians by central differences of the body velocities at fixed u; the
// O(n) solve and right-hand side must match a dense LU and dense products.
#include <gtest/gtest.h>
#include <functional>

#include "articula/matter/ImplicitTreeSolver.h"
#include "support/DenseDynamics.h"
#include "support/RandomTree.h"

namespace articula::testing {
namespace {

Mat66 randomBlock(std::mt19937& rng, Real scale) {
  Mat66 X;
  std::normal_distribution<Real> n(0, scale);
  for (int i = 0; i < 36; ++i) X.data()[i] = n(rng);
  return X;
}

// Spatial velocity of every body about o (fixed), stacked 6 per body.
Vector velocitiesAbout(const MatterSubsystem& m, const State& s, const Vec3& o) {
  Vector V(6 * m.getNumBodies());
  for (int b = 0; b < m.getNumBodies(); ++b) {
    const SpatialVec& Vb = m.getBodyVelocity(s, b);
    V.segment<6>(6 * b) = spatialVec(Vb.head<3>(),
                                     Vec3(Vb.tail<3>()) + Vec3(Vb.head<3>()).cross(o - m.getBodyTransform(s, b).p()));
  }
  return V;
}

class ImplicitTreeSolverTest : public ::testing::TestWithParam<unsigned> {};

// Factors and solves with body terms on the bodies `withTerms` picks and compares with dense algebra.
void expectMatchesDenseAlgebra(unsigned seed, const std::function<bool(int)>& withTerms, int numPairs = 0) {
  RandomTree tree(seed, RandomTreeOptions{.numBodies = 20});
  std::mt19937 rng(seed + 77);
  const MatterSubsystem& m = tree.matter();
  const MultibodySystem& sys = tree.system();
  State s = tree.randomState(rng);
  sys.realize(s, Stage::Velocity);
  const int nb = m.getNumBodies(), nu = m.getNU();

  ImplicitTreeSolver solver;
  ASSERT_TRUE(solver.prepare(m, s));
  TreeJacobianTerms& terms = solver.terms();
  const Vec3 o = terms.tree->getOrigin();
  for (int b = 1; b < nb; ++b) {
    if (!withTerms(b)) continue;
    terms.stiffness[b] = randomBlock(rng, 300);
    terms.damping[b] = randomBlock(rng, 10);
    const int n = m.getInfo(b).nu;
    if (n > 0 && b % 2 == 0) {
      terms.jointStiffness[b] = Matrix::Random(n, n) * 50;
      terms.jointDamping[b] = Matrix::Random(n, n) * 2;
    }
  }

  // Wrench pairs between random bodies (one of them Ground now and then).
  std::uniform_int_distribution<int> pick(1, nb - 1);
  for (int i = 0; i < numPairs; ++i) {
    WrenchPairTerm t;
    t.bodyB = pick(rng);
    do t.bodyA = i % 4 == 3 ? 0 : pick(rng);
    while (t.bodyA == t.bodyB);
    t.slopes.K_B = randomBlock(rng, 300);
    t.slopes.K_A = randomBlock(rng, 300);
    t.slopes.D_B = randomBlock(rng, 10);
    t.slopes.D_A = i % 2 ? Mat66(-t.slopes.D_B) : randomBlock(rng, 10);
    terms.pairs.push_back(t);
  }

  // Dense reference.
  Matrix Jall;
  m.calcSystemJacobian(s, Jall);
  Matrix M;
  m.calcM(s, M);
  Matrix D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
  std::vector<Matrix> C(nb, Matrix::Zero(6, nu));
  constexpr Real kStep = 1e-6;
  for (int j = 0; j < nu; ++j) {
    Vector dq;
    Vector e = Vector::Zero(nu);
    e[j] = 1;
    m.multiplyByN(s, e, dq);
    State p = s, q = s;
    m.updQ(p) += kStep * dq;
    m.updQ(q) -= kStep * dq;
    sys.realize(p, Stage::Velocity);
    sys.realize(q, Stage::Velocity);
    const Vector dV = (velocitiesAbout(m, p, o) - velocitiesAbout(m, q, o)) / (2 * kStep);
    for (int b = 1; b < nb; ++b) C[b].col(j) = dV.segment<6>(6 * b);
  }
  std::vector<Matrix> Jo(nb, Matrix::Zero(6, nu));  // about o
  for (int b = 1; b < nb; ++b) {
    Matrix& Jb = Jo[b];
    Jb = Jall.middleRows(6 * b, 6);
    const Vec3 r = o - m.getBodyTransform(s, b).p();
    for (int j = 0; j < nu; ++j) Jb.col(j) = shiftMotion(SpatialVec(Jb.col(j)), r);
    D += Jb.transpose() * terms.damping[b] * Jb;
    K += Jb.transpose() * (terms.stiffness[b] * Jb + terms.damping[b] * C[b]);
    const MobilizedBodyInfo& info = m.getInfo(b);
    D.block(info.uStart, info.uStart, info.nu, info.nu) += terms.jointDamping[b];
    K.block(info.uStart, info.uStart, info.nu, info.nu) += terms.jointStiffness[b];
  }
  for (const WrenchPairTerm& t : terms.pairs) {
    const Matrix G = Jo[t.bodyB] - Jo[t.bodyA];
    const WrenchSlopes& w = t.slopes;
    D += G.transpose() * (w.D_B * Jo[t.bodyB] + w.D_A * Jo[t.bodyA]);
    K += G.transpose() * (w.K_B * Jo[t.bodyB] + w.K_A * Jo[t.bodyA] + w.D_B * C[t.bodyB] + w.D_A * C[t.bodyA]);
  }

  for (const Real h : {0.0, 2e-3, 1e-2}) {
    ASSERT_TRUE(solver.factor(h)) << tree.describe();
    const Matrix A = M - h * D - h * h * K;
    const Vector bvec = randomVector(nu, rng), r = randomVector(nu, rng), w = randomVector(nu, rng);
    Vector x(nu), rhs(nu);
    solver.solve(bvec, x);
    const Vector xd = A.partialPivLu().solve(bvec);
    EXPECT_LT((x - xd).norm(), 1e-6 * xd.norm()) << tree.describe() << ", hγ " << h;
    solver.formRightHandSide(r, w, h, rhs);
    const Vector rhsd = M * r + h * (K * w);
    EXPECT_LT((rhs - rhsd).norm(), 1e-6 * rhsd.norm()) << tree.describe() << ", hγ " << h;
    Vector xs(nu);
    solver.solveMassWeighted(r, w, h, xs);
    const Vector xsd = A.partialPivLu().solve(rhsd);
    EXPECT_LT((xs - xsd).norm(), 1e-6 * xsd.norm()) << tree.describe() << ", hγ " << h;
    if (h == 0) {  // A = M: the articulated-body M⁻¹ agrees exactly (no differences involved)
      Vector minv;
      m.multiplyByMInv(s, bvec, minv);
      EXPECT_LT((x - minv).norm(), 1e-10 * minv.norm()) << tree.describe();
    }
  }
}

TEST_P(ImplicitTreeSolverTest, MatchesDenseAlgebra) {
  expectMatchesDenseAlgebra(GetParam(), [](int b) { return b % 3 != 0; });
}

// Terms on a few bodies only: most subtrees are clean (the S-half-only elimination).
TEST_P(ImplicitTreeSolverTest, MatchesDenseAlgebraWithTermsOnFewBodies) {
  expectMatchesDenseAlgebra(GetParam(), [](int b) { return b % 7 == 4; });
}

// Contact between moving bodies: wrench pairs across branches, solved as a low-rank correction.
TEST_P(ImplicitTreeSolverTest, MatchesDenseAlgebraWithWrenchPairs) {
  expectMatchesDenseAlgebra(
      GetParam(), [](int b) { return b % 5 == 2; }, 3);
}

INSTANTIATE_TEST_SUITE_P(RandomTrees, ImplicitTreeSolverTest, ::testing::Range(1u, 9u));

}  // namespace
}  // namespace articula::testing
