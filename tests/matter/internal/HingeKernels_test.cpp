// The fixed-size kernels of src/matter/HingeKernels.h: invertSmall against Eigen's LU on random
// matrices of every hinge size, matrices that need pivoting, and singular ones (pivot reported).
#include "matter/HingeKernels.h"

#include <gtest/gtest.h>

#include <random>

namespace articula::kernels {
namespace {

template <int N>
void checkRandomInverses() {
  std::mt19937 rng(7 + N);
  std::normal_distribution<Real> normal(0, 1);
  for (int trial = 0; trial < 200; ++trial) {
    MatNN<N> A;
    for (int i = 0; i < N * N; ++i) A.data()[i] = normal(rng);
    if (N > 1 && trial % 4 == 0) A.diagonal().setZero();  // no pivot on the diagonal: pivoting must swap
    MatNN<N> inv;
    const Real pivot = invertSmall<N>(A, inv);
    const Eigen::PartialPivLU<MatNN<N>> lu(A);
    const MatNN<N> expected = lu.inverse();
    const Real cond = A.norm() * expected.norm();
    EXPECT_LT((inv - expected).norm(), 1e-13 * cond * expected.norm()) << "N = " << N << ", trial " << trial;
    EXPECT_LT((A * inv - MatNN<N>::Identity()).norm(), 1e-13 * cond) << "N = " << N << ", trial " << trial;
    EXPECT_GT(pivot, 0);
    // The smallest pivot bounds the smallest singular value from above, within a factor of N.
    const Matrix dynamicA = A;  // (the fixed-size SVD trips a spurious -Wmaybe-uninitialized)
    const Real sigmaMin = Eigen::JacobiSVD<Matrix>(dynamicA).singularValues()(N - 1);
    EXPECT_GE(pivot * N, sigmaMin * (1 - 1e-12)) << "N = " << N;
  }
}

TEST(HingeKernels, InvertSmallMatchesPivotedLuForEveryHingeSize) {
  checkRandomInverses<1>();
  checkRandomInverses<2>();
  checkRandomInverses<3>();
  checkRandomInverses<4>();
  checkRandomInverses<5>();
  checkRandomInverses<6>();
}

TEST(HingeKernels, InvertSmallReportsASingularMatrixByItsPivot) {
  MatNN<6> A = MatNN<6>::Identity();
  A.row(4) = 2 * A.row(1) - 3 * A.row(5);  // rank 5
  A(0, 1) = 0.5;
  MatNN<6> inv;
  const Real pivot = invertSmall<6>(A, inv);
  EXPECT_LT(pivot, 1e-15 * A.cwiseAbs().maxCoeff());

  MatNN<3> B;
  B << 1, 2, 3, 2, 4, 6, 0, 1, 1;  // the first two rows are dependent
  MatNN<3> binv;
  EXPECT_LT(invertSmall<3>(B, binv), 1e-15);
}

// The articulated shift through a free hinge (N = 6 takes invertSmall) against the same formulas
// in dynamic Eigen: D = HᵀPH, G = PHD⁻¹, P⁺ = P − G(PH)ᵀ (zero for a full-rank 6 x 6 H).
TEST(HingeKernels, ArticulateAcrossAFreeHingeMatchesTheFormulas) {
  std::mt19937 rng(3);
  std::normal_distribution<Real> normal(0, 1);
  Mat66 X;
  for (int i = 0; i < 36; ++i) X.data()[i] = normal(rng);
  const Mat66 P = X * X.transpose() + Mat66::Identity();
  HMatrix H(6, 6);
  for (int i = 0; i < 36; ++i) H.data()[i] = normal(rng);
  SmallMatrix DInv;
  HMatrix G;
  Mat66 PPlus;
  articulate<6>(P, H, DInv, G, PPlus, true);
  const Matrix D = H.transpose() * P * H;
  const Matrix expectedDInv = D.inverse();
  EXPECT_LT((Matrix(DInv) - expectedDInv).norm(), 1e-10 * expectedDInv.norm());
  EXPECT_LT((Matrix(G) - Matrix(P * H * expectedDInv)).norm(), 1e-10 * Matrix(G).norm());
  EXPECT_LT(PPlus.norm(), 1e-10 * P.norm());
}

}  // namespace
}  // namespace articula::kernels
