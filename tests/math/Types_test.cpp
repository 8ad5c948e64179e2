// Cross-product matrix identities, Theory Manual eqs. 3.1-3.7, on random data.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include "RandomMath.h"

using namespace articula;
using articula::testing::randomRotation;
using articula::testing::randomVec3;

TEST(Skew, Identities3_1To3_7) {
  std::mt19937 rng(21);
  const Mat33 one = Mat33::Identity();
  for (int t = 0; t < 200; ++t) {
    const Vec3 v = randomVec3(rng, 3), w = randomVec3(rng, 3), vdot = randomVec3(rng);
    const Mat33 V = skew(v), W = skew(w);
    // 3.1: the cross product, and skew-symmetry.
    EXPECT_LT((V * w - v.cross(w)).norm(), 1e-14);
    EXPECT_EQ(V.transpose(), -V);
    // 3.2: linearity.
    EXPECT_LT((skew(v + w) - (V + W)).norm(), 1e-14);
    // 3.3 and 3.4.
    EXPECT_LT((V * W - (w * v.transpose() - v.dot(w) * one)).norm(), 1e-13);
    EXPECT_LT((V * V - (v * v.transpose() - v.dot(v) * one)).norm(), 1e-13);
    EXPECT_LT((V * V + V.transpose() * V).norm(), 1e-13);
    // 3.5: (v x)^T (v x) is symmetric with the gyration diagonal of a unit point mass at v.
    const Mat33 G = V.transpose() * V;
    EXPECT_LT((G - G.transpose()).norm(), 1e-15);
    EXPECT_LT((G.diagonal() -
               Vec3(v.y() * v.y() + v.z() * v.z(), v.x() * v.x() + v.z() * v.z(), v.x() * v.x() + v.y() * v.y()))
                  .norm(),
              1e-13);
    // 3.6: (U v) x = U (v x) U^T.
    const Mat33 U = randomRotation(rng).matrix();
    EXPECT_LT((skew(U * v) - U * V * U.transpose()).norm(), 1e-13);
    // 3.7: d/dt (v x) = (vdot x), by a central difference on v(t) = v + t vdot.
    const Real h = 1e-4;
    const Mat33 dV = (skew(v + h * vdot) - skew(v - h * vdot)) / (2 * h);
    EXPECT_LT((dV - skew(vdot)).norm(), 1e-10);
    // v x v x is negative semidefinite with trace -2 |v|^2.
    const Vec3 ev = Eigen::SelfAdjointEigenSolver<Mat33>(V * V).eigenvalues();
    EXPECT_LE(ev.maxCoeff(), 1e-13);
    EXPECT_NEAR((V * V).trace(), -2 * v.squaredNorm(), 1e-13);
    // unskew inverts skew.
    EXPECT_LT((unskew(V) - v).norm(), 1e-15);
  }
}
