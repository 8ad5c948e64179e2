// ArticulatedInertia against explicit 6x6 algebra: the rigid shift is phi P phi^T, the
// articulated shift P - P H (H^T P H)^-1 H^T P, and a free hinge passes on an inertia that is
// blind to accelerations along H (P+ H = 0).
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <random>

#include "articula/Error.h"
#include "articula/math/ArticulatedInertia.h"

namespace articula {
namespace {

Mat66 randomSpd(std::mt19937& rng) {
  std::uniform_real_distribution<double> U(-1, 1);
  Mat66 A;
  for (int i = 0; i < 36; ++i) A.data()[i] = U(rng);
  return A * A.transpose() + 0.5 * Mat66::Identity();
}

TEST(ArticulatedInertia, RigidShiftEqualsPhiPPhiT) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> U(-2, 2);
  for (int trial = 0; trial < 20; ++trial) {
    const Mat66 P = randomSpd(rng);
    const Vec3 l(U(rng), U(rng), U(rng));
    Mat66 phi = Mat66::Identity();
    phi.topRightCorner<3, 3>() = skew(l);
    const Mat66 expected = phi * P * phi.transpose();
    const Mat66 got = ArticulatedInertia(P).shift(l).toMat66();
    EXPECT_LT((got - expected).norm(), 1e-12 * expected.norm());
    EXPECT_LT((got - got.transpose()).norm(), 1e-12 * expected.norm());
  }
}

TEST(ArticulatedInertia, ShiftOfRigidInertiaMovesItsReferencePoint) {
  // A rigid body's spatial inertia about O shifted by l equals the inertia about the point O - l.
  const Vec3 p_OC(0.1, -0.2, 0.3), l(0.4, 0.5, -0.6);
  const Mat33 I_C = Vec3(0.2, 0.3, 0.4).asDiagonal();
  const Real m = 2.5;
  auto about = [&](const Vec3& p) {
    return SpatialInertia{m, p, I_C + m * (p.squaredNorm() * Mat33::Identity() - p * p.transpose())};
  };
  const Mat66 shifted = ArticulatedInertia(about(p_OC)).shift(l).toMat66();
  EXPECT_LT((shifted - about(p_OC + l).toMat66()).norm(), 1e-12);
}

TEST(ArticulatedInertia, ArticulatedShiftAnnihilatesTheHingeDirections) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> U(-1, 1);
  for (int n = 1; n <= 5; ++n) {
    const Mat66 P = randomSpd(rng);
    Matrix H(6, n);
    for (int i = 0; i < 6 * n; ++i) H.data()[i] = U(rng);
    Matrix DInv, G;
    const Mat66 PPlus = ArticulatedInertia(P).articulatedShiftPart(H, &DInv, &G).toMat66();
    const Matrix expected = P - P * H * (H.transpose() * P * H).inverse() * H.transpose() * P;
    EXPECT_LT((PPlus - expected).norm(), 1e-10 * P.norm()) << "n = " << n;
    EXPECT_LT((PPlus * H).norm(), 1e-10 * P.norm()) << "n = " << n;
    EXPECT_LT((G - P * H * DInv).norm(), 1e-10 * P.norm());
    // P+ stays symmetric positive semidefinite with rank 6 - n.
    Eigen::SelfAdjointEigenSolver<Mat66> eig(PPlus);
    EXPECT_GT(eig.eigenvalues().minCoeff(), -1e-10 * P.norm());
  }
}

TEST(ArticulatedInertia, RejectsBadHinges) {
  const Mat66 P = Mat66::Identity();
  EXPECT_THROW(ArticulatedInertia(P).articulatedShiftPart(Matrix::Zero(5, 1)), Error);
  EXPECT_THROW(ArticulatedInertia(P).articulatedShiftPart(Matrix::Zero(6, 1)), Error);  // D = 0
  EXPECT_THROW(ArticulatedInertia(Mat66::Zero()).articulatedShiftPart(Matrix::Identity(6, 2)), Error);
}

}  // namespace
}  // namespace articula
