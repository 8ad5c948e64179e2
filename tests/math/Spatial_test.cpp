// Spatial algebra: shift operators, power invariance, and shiftInertiaMatrix against the explicit
// 6x6 product phi P phi^T.
#include <gtest/gtest.h>

#include "RandomMath.h"

using namespace articula;
using articula::testing::randomCentralInertia;
using articula::testing::randomRotation;
using articula::testing::randomVec3;
using articula::testing::randomVec6;

namespace {

// S^{PQ} = [[1, 0], [p_PQ x, 1]] re-refers a motion vector from Q to P (Theory Manual 3.9).
Mat66 motionShift(const Vec3& p_PQ) {
  Mat66 S = Mat66::Identity();
  S.bottomLeftCorner<3, 3>() = skew(p_PQ);
  return S;
}

Mat66 randomMat66(std::mt19937& rng) {
  Mat66 P;
  for (int i = 0; i < 6; ++i) P.col(i) = randomVec6(rng, 2);
  return P;
}

}  // namespace

TEST(Spatial, ShiftMotionAndForceMatchDefinitions) {
  std::mt19937 rng(51);
  for (int t = 0; t < 50; ++t) {
    const Vec6 V_A = randomVec6(rng), F_A = randomVec6(rng);
    const Vec3 p_AB = randomVec3(rng, 2);
    // Rigid body: v_B = v_A + w x (B - A); force: m_B = m_A + (A - B) x f.
    const SpatialVec V_B = shiftMotion(V_A, p_AB);
    EXPECT_LT((V_B.tail<3>() - (V_A.tail<3>() + Vec3(V_A.head<3>()).cross(p_AB))).norm(), 1e-14);
    EXPECT_EQ(V_B.head<3>(), V_A.head<3>());
    const SpatialVec F_B = shiftForce(F_A, p_AB);
    EXPECT_LT((F_B.head<3>() - (F_A.head<3>() + (-p_AB).cross(Vec3(F_A.tail<3>())))).norm(), 1e-14);
    // Same as the 6x6 operators: S^{BA} V_A, and S*^{BA} = forceShiftMatrix(p_BA).
    EXPECT_LT((V_B - motionShift(-p_AB) * V_A).norm(), 1e-14);
    EXPECT_LT((F_B - forceShiftMatrix(-p_AB) * F_A).norm(), 1e-14);
    // Dual: S* = S^{-T}.
    EXPECT_LT((forceShiftMatrix(p_AB) - motionShift(p_AB).inverse().transpose()).norm(), 1e-13);
  }
}

TEST(Spatial, ShiftsPreservePower) {
  std::mt19937 rng(52);
  for (int t = 0; t < 100; ++t) {
    const Vec6 V = randomVec6(rng), F = randomVec6(rng);
    const Vec3 p = randomVec3(rng, 3);
    EXPECT_NEAR(shiftForce(F, p).dot(shiftMotion(V, p)), F.dot(V), 1e-12);
    const Rotation R = randomRotation(rng);
    EXPECT_NEAR(reexpress(R, F).dot(reexpress(R, V)), F.dot(V), 1e-12);
  }
}

TEST(Spatial, CrossProductsAreDual) {
  // (V x* F) . W = -F . (V x W): crossForce is minus the transpose of crossMotion.
  std::mt19937 rng(53);
  for (int t = 0; t < 50; ++t) {
    const Vec6 V = randomVec6(rng), W = randomVec6(rng), F = randomVec6(rng);
    EXPECT_NEAR(crossForce(V, F).dot(W), -F.dot(crossMotion(V, W)), 1e-13);
    EXPECT_LT(crossMotion(V, V).norm(), 1e-15);
  }
}

TEST(Spatial, ShiftInertiaMatrixMatchesExplicitProduct) {
  std::mt19937 rng(54);
  for (int t = 0; t < 100; ++t) {
    const Vec3 l = randomVec3(rng, 2);
    const Mat66 phi = forceShiftMatrix(l);
    const Mat66 P = randomMat66(rng);  // general, not even symmetric
    EXPECT_LT((shiftInertiaMatrix(P, l) - phi * P * phi.transpose()).norm(), 1e-12);
    const Mat66 Psym = P * P.transpose();  // symmetric positive semidefinite, like an ABI
    const Mat66 shifted = shiftInertiaMatrix(Psym, l);
    EXPECT_LT((shifted - phi * Psym * phi.transpose()).norm(), 1e-11);
    EXPECT_LT((shifted - shifted.transpose()).norm(), 1e-12);
    // Shifting back by -l undoes it, and shifts compose additively.
    EXPECT_LT((shiftInertiaMatrix(shifted, -l) - Psym).norm(), 1e-11);
    const Vec3 l2 = randomVec3(rng);
    EXPECT_LT((shiftInertiaMatrix(shiftInertiaMatrix(Psym, l2), l) - shiftInertiaMatrix(Psym, l + l2)).norm(), 1e-11);
  }
}

TEST(Spatial, ShiftedInertiaGivesSameKineticEnergy) {
  // M_P = phi(p_PQ) M_Q phi^T and V_P = S^{PQ} V_Q: V^T M V is the same at both points.
  std::mt19937 rng(55);
  for (int t = 0; t < 50; ++t) {
    const Real m = 1.3;
    Mat66 M_C = Mat66::Zero();
    M_C.topLeftCorner<3, 3>() = randomCentralInertia(rng).matrix();
    M_C.bottomRightCorner<3, 3>() = m * Mat33::Identity();
    const Vec3 p_PC = randomVec3(rng, 2);
    const Mat66 M_P = shiftInertiaMatrix(M_C, p_PC);
    const Vec6 V_C = randomVec6(rng);
    const Vec6 V_P = shiftMotion(V_C, -p_PC);
    EXPECT_NEAR(V_P.dot(M_P * V_P), V_C.dot(M_C * V_C), 1e-12);
    // Oracle 8: S*^{BoC} M_C S^{CBo} = m [[G_C - p x p x, p x], [-p x, 1]].
    Mat66 expected;
    const Mat33 px = skew(p_PC);
    expected << M_C.topLeftCorner<3, 3>() - m * px * px, m * px, -m * px, m * Mat33::Identity();
    EXPECT_LT((M_P - expected).norm(), 1e-13);
  }
}
