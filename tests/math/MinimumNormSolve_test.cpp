// solveMinimumNorm against Eigen's own solve() and against the pseudo-inverse's defining
// properties, on full-rank, rank-deficient, wide and tall matrices.
#include "articula/math/MinimumNormSolve.h"

#include <gtest/gtest.h>

#include <Eigen/SVD>
#include <random>

namespace articula {
namespace {

// An m x n matrix of rank r (a product of random m x r and r x n factors).
Matrix randomOfRank(std::mt19937& rng, int m, int n, int r) {
  std::normal_distribution<Real> g;
  Matrix L(m, r), R(r, n);
  for (Real& x : L.reshaped()) x = g(rng);
  for (Real& x : R.reshaped()) x = g(rng);
  return L * R;
}

TEST(MinimumNormSolve, EqualsEigensSolveAndThePseudoInverse) {
  std::mt19937 rng(3);
  struct Shape {
    int m, n, r;
  };
  for (const Shape& sh : {Shape{6, 6, 6}, Shape{9, 9, 4}, Shape{12, 5, 5}, Shape{5, 12, 3}, Shape{30, 30, 17},
                          Shape{1, 1, 1}, Shape{4, 4, 0}}) {
    const Matrix A = sh.r ? randomOfRank(rng, sh.m, sh.n, sh.r) : Matrix::Zero(sh.m, sh.n);
    Eigen::CompleteOrthogonalDecomposition<Matrix> cod;
    cod.setThreshold(1e-10);
    cod.compute(A);
    ASSERT_EQ(cod.rank(), sh.r);
    const Vector b = Vector::Random(sh.m);
    Vector x, scratch;
    solveMinimumNorm(cod, b, x, scratch);
    const Vector expected = cod.solve(b);
    EXPECT_LT((x - expected).norm(), 1e-13 * (1 + expected.norm())) << sh.m << "x" << sh.n << " rank " << sh.r;
    // The pseudo-inverse by SVD: the least-squares solution of least norm.
    const Vector pinv = A.jacobiSvd(Eigen::ComputeThinU | Eigen::ComputeThinV).solve(b);
    EXPECT_LT((x - pinv).norm(), 1e-9 * (1 + pinv.norm())) << sh.m << "x" << sh.n << " rank " << sh.r;
    // Repeated with the same storage: the same bits.
    Vector again = x;
    solveMinimumNorm(cod, b, again, scratch);
    EXPECT_EQ(again, x);
  }
}

}  // namespace
}  // namespace articula
