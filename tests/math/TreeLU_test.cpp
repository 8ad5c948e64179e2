// TreeLU against Eigen's pivoting LU on random matrices with branch-induced sparsity, the pattern
// test, and the refusal of bad trees and zero pivots.
#include "articula/math/TreeLU.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <random>

#include "articula/Error.h"

namespace articula {
namespace {

// A random forest: each unknown's parent is a random earlier one, or none.
std::vector<int> randomForest(std::mt19937& rng, int n) {
  std::vector<int> parent(n);
  for (int k = 0; k < n; ++k) parent[k] = std::uniform_int_distribution<int>(-1, k - 1)(rng);
  return parent;
}

bool onOnePath(const std::vector<int>& parent, int i, int j) {
  if (i < j) std::swap(i, j);
  for (int a = i; a >= 0; a = parent[a])
    if (a == j) return true;
  return false;
}

// Σ over "bodies" k of J_kᵀ X_k J_k with J_k nonzero on k's root path (like Σ Jᵀ I J for a mass
// matrix) plus a non-symmetric part of the same shape: positive diagonal dominance not assumed.
Matrix randomTreeMatrix(std::mt19937& rng, const std::vector<int>& parent, Real skew) {
  const int n = static_cast<int>(parent.size());
  std::normal_distribution<Real> g;
  Matrix A = Matrix::Zero(n, n);
  for (int k = 0; k < n; ++k) {
    Vector j = Vector::Zero(n), l = Vector::Zero(n);
    for (int a = k; a >= 0; a = parent[a]) j[a] = g(rng), l[a] = g(rng);
    A += j * j.transpose() + skew * l * j.transpose();
  }
  return A + 0.1 * Matrix::Identity(n, n);
}

TEST(TreeLU, SolvesLikeDenseLU) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 1 + trial * 2;
    const std::vector<int> parent = randomForest(rng, n);
    const Matrix A = randomTreeMatrix(rng, parent, trial % 2 ? 0.3 : 0);
    TreeLU lu(parent);
    ASSERT_TRUE(lu.fitsPattern(A));
    ASSERT_TRUE(lu.compute(A));
    const Vector b = Vector::Random(n);
    Vector x;
    lu.solve(b, x);
    const Vector xDense = A.partialPivLu().solve(b);
    EXPECT_LT((x - xDense).norm(), 1e-9 * (1 + xDense.norm())) << "n = " << n;
    EXPECT_LT((A * x - b).norm(), 1e-10 * (1 + b.norm()));
    lu.solve(b, x = b);  // aliasing
    EXPECT_LT((A * x - b).norm(), 1e-10 * (1 + b.norm()));
  }
}

// A chain (every parent k − 1) takes solve()'s dense-triangle path; a chain with one side branch
// at its end does not: both must agree with the dense LU, symmetric or not.
TEST(TreeLU, SolvesChainsLikeDenseLU) {
  std::mt19937 rng(5);
  for (int n = 1; n <= 14; ++n)
    for (bool branched : {false, true}) {
      std::vector<int> parent(n);
      for (int k = 0; k < n; ++k) parent[k] = k - 1;
      if (branched && n > 2) parent[n - 1] = n - 3;
      const Matrix A = randomTreeMatrix(rng, parent, n % 2 ? 0.4 : 0);
      TreeLU lu(parent);
      ASSERT_TRUE(lu.compute(A));
      const Vector b = Vector::Random(n);
      Vector x;
      lu.solve(b, x);
      const Vector xDense = A.partialPivLu().solve(b);
      EXPECT_LT((x - xDense).norm(), 1e-10 * (1 + xDense.norm())) << "n = " << n << ", branched " << branched;
    }
}

// For symmetric A, Yᵀ D⁻¹ Y with Y = U⁻¹ B is Bᵀ A⁻¹ B (as the constraint solver forms G M⁻¹ Gᵀ),
// checked against a dense solve, with sparse columns of B (one root path each) as Gᵀ has.
TEST(TreeLU, SymmetricHalfSolveGivesCongruence) {
  std::mt19937 rng(5);
  std::normal_distribution<Real> g;
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 2 + trial * 3, m = 1 + trial % 7;
    const std::vector<int> parent = randomForest(rng, n);
    const Matrix A = randomTreeMatrix(rng, parent, 0);
    Matrix B = Matrix::Zero(n, m);
    for (int j = 0; j < m; ++j)
      for (int a = std::uniform_int_distribution<int>(0, n - 1)(rng); a >= 0; a = parent[a]) B(a, j) = g(rng);
    TreeLU lu(parent);
    ASSERT_TRUE(lu.compute(A));
    Matrix Y = B;
    for (int j = 0; j < m; ++j) lu.eliminate(Y.col(j).data());
    const Matrix W = Y.transpose() * lu.pivotInverses().asDiagonal() * Y;
    const Matrix expected = B.transpose() * A.partialPivLu().solve(B);
    EXPECT_LT((W - expected).norm(), 1e-10 * (1 + expected.norm())) << "n = " << n;
  }
}

// A humanoid-like tree in unknowns: a 6-dof root, then chains of 3-dof joints.
TEST(TreeLU, HumanoidShapedTree) {
  std::vector<int> parent = {-1, 0, 1, 2, 3, 4};
  auto chain = [&](int from, int joints) {
    for (int j = 0; j < 3 * joints; ++j) {
      parent.push_back(from);
      from = static_cast<int>(parent.size()) - 1;
    }
  };
  for (int limb = 0; limb < 5; ++limb) chain(5, 4);
  std::mt19937 rng(3);
  const Matrix A = randomTreeMatrix(rng, parent, 0.2);
  TreeLU lu(parent);
  ASSERT_TRUE(lu.compute(A));
  const Vector b = Vector::Random(A.rows());
  Vector x;
  lu.solve(b, x);
  EXPECT_LT((A * x - b).norm(), 1e-10 * b.norm());
}

TEST(TreeLU, PatternExcludesOtherBranches) {
  const std::vector<int> parent = {-1, 0, 0, 1};  // 1 and 2 are siblings; 3 is below 1
  TreeLU lu(parent);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      Matrix A = Matrix::Identity(4, 4);
      A(i, j) += 1;
      EXPECT_EQ(lu.fitsPattern(A), onOnePath(parent, i, j)) << i << "," << j;
    }
  EXPECT_FALSE(lu.fitsPattern(Matrix::Identity(3, 3)));
}

TEST(TreeLU, RefusesBadTreesAndPivots) {
  EXPECT_THROW(TreeLU({-1, 1}), Error);
  EXPECT_THROW(TreeLU({0}), Error);
  EXPECT_THROW(TreeLU({-2}), Error);
  TreeLU lu({-1, 0});
  Matrix singular(2, 2);
  singular << 1, 1, 1, 1;  // the leaf's Schur complement leaves a zero pivot at the root
  EXPECT_FALSE(lu.compute(singular));
  Matrix zeroLeaf(2, 2);
  zeroLeaf << 1, 0, 0, 0;
  EXPECT_FALSE(lu.compute(zeroLeaf));
  Matrix nan = Matrix::Identity(2, 2);
  nan(1, 1) = std::nan("");
  EXPECT_FALSE(lu.compute(nan));
}

}  // namespace
}  // namespace articula
