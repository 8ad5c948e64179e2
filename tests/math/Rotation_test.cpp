// Rotation: validation, nearest rotation, elementary rotations, fromOneAxis and Transform algebra.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "RandomMath.h"
#include "articula/Error.h"
#include "articula/math/Transform.h"

using namespace articula;
using articula::testing::randomRotation;
using articula::testing::randomVec3;
using articula::testing::uniform;

namespace {

void expectProperRotation(const Mat33& R, Real tol = 1e-14) {
  EXPECT_LT((R.transpose() * R - Mat33::Identity()).cwiseAbs().maxCoeff(), tol);
  EXPECT_NEAR(R.determinant(), 1, tol);
  EXPECT_LT((R.col(2) - R.col(0).cross(R.col(1))).norm(), tol);
}

}  // namespace

TEST(Rotation, ElementaryRotationsMoveAxesRightHanded) {
  const Real h = std::numbers::pi / 2;
  EXPECT_LT((Rotation::aboutX(h) * Vec3::UnitY() - Vec3::UnitZ()).norm(), 1e-15);
  EXPECT_LT((Rotation::aboutY(h) * Vec3::UnitZ() - Vec3::UnitX()).norm(), 1e-15);
  EXPECT_LT((Rotation::aboutZ(h) * Vec3::UnitX() - Vec3::UnitY()).norm(), 1e-15);
  std::mt19937 rng(1);
  for (int t = 0; t < 50; ++t) {
    const Real a = uniform(rng, -10, 10);
    expectProperRotation(Rotation::aboutX(a).matrix());
    expectProperRotation(Rotation::aboutY(a).matrix());
    expectProperRotation(Rotation::aboutZ(a).matrix());
    EXPECT_TRUE(Rotation::aboutAxis(a, Vec3::UnitY()).isSameRotation(Rotation::aboutY(a), 1e-14));
    EXPECT_TRUE(Rotation::aboutAxis(a, -Vec3::UnitZ()).isSameRotation(Rotation::aboutZ(-a), 1e-14));
  }
}

TEST(Rotation, AboutAxisRejectsZeroAxis) {
  EXPECT_THROW(Rotation::aboutAxis(1, Vec3::Zero()), Error);
  EXPECT_THROW(Rotation::aboutAxis(NAN, Vec3::UnitX()), Error);
}

TEST(Rotation, CompositionAndInverse) {
  std::mt19937 rng(2);
  for (int t = 0; t < 100; ++t) {
    const Rotation R_GB = randomRotation(rng), R_BC = randomRotation(rng);
    const Rotation R_GC = R_GB * R_BC;
    expectProperRotation(R_GC.matrix());
    EXPECT_TRUE((R_GB.inverse() * R_GB).isSameRotation(Rotation(), 1e-14));
    EXPECT_TRUE((R_GC * R_BC.transpose()).isSameRotation(R_GB, 1e-14));
    const Vec3 v = randomVec3(rng);
    EXPECT_LT((R_GC * v - R_GB * (R_BC * v)).norm(), 1e-14);
  }
}

TEST(Rotation, ConstructorValidates) {
  std::mt19937 rng(3);
  const Mat33 R = randomRotation(rng).matrix();
  EXPECT_NO_THROW(Rotation{R});
  // Within tolerance is accepted as is.
  Mat33 nearly = R;
  nearly(0, 0) += 1e-12;
  EXPECT_NO_THROW(Rotation{nearly});
  Mat33 off = R;
  off(1, 2) += 1e-6;
  EXPECT_THROW(Rotation{off}, Error);
  EXPECT_THROW(Rotation{Mat33(2 * R)}, Error);
  EXPECT_THROW(Rotation{Mat33(-R)}, Error);  // orthonormal but a reflection
  Mat33 bad = R;
  bad(2, 2) = NAN;
  EXPECT_THROW(Rotation{bad}, Error);
  try {
    Rotation{off};
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Rotation"), std::string::npos);
  }
}

TEST(Rotation, NearestIsPolarFactor) {
  std::mt19937 rng(4);
  for (int t = 0; t < 100; ++t) {
    const Rotation R = randomRotation(rng);
    // M = R S with S symmetric positive definite has polar factor R.
    const Mat33 A = Mat33::Random();
    const Mat33 S = A * A.transpose() + 0.5 * Mat33::Identity();
    const Rotation N = Rotation::nearest(R.matrix() * S);
    expectProperRotation(N.matrix());
    EXPECT_TRUE(N.isSameRotation(R, 1e-12));
    // Small perturbations: the nearest rotation is no farther from M than R itself.
    const Mat33 M = R.matrix() + 1e-3 * Mat33::Random();
    const Rotation P = Rotation::nearest(M);
    EXPECT_LE((P.matrix() - M).norm(), (R.matrix() - M).norm() + 1e-15);
    // And N^T M is symmetric (defining property of the polar factor).
    const Mat33 H = P.matrix().transpose() * M;
    EXPECT_LT((H - H.transpose()).norm(), 1e-14);
  }
  EXPECT_THROW(Rotation::nearest(-Mat33::Identity()), Error);
  EXPECT_THROW(Rotation::nearest(Mat33::Zero()), Error);
}

TEST(Rotation, FromOneAxis) {
  std::mt19937 rng(5);
  for (int t = 0; t < 60; ++t) {
    const CoordinateAxis axis = static_cast<CoordinateAxis>(t % 3);
    Vec3 v = randomVec3(rng, 5);
    if (t % 10 == 0) v = Vec3::Unit((t / 10) % 3) * -2.0;  // aligned with a coordinate axis
    const Rotation R = Rotation::fromOneAxis(axis, v);
    expectProperRotation(R.matrix());
    EXPECT_LT((R.matrix().col(static_cast<int>(axis)) - v.normalized()).norm(), 1e-15);
  }
  EXPECT_THROW(Rotation::fromOneAxis(CoordinateAxis::Z, Vec3::Zero()), Error);
}

TEST(Rotation, IsSameRotationUsesTolerance) {
  const Rotation A = Rotation::aboutZ(0.3);
  EXPECT_TRUE(A.isSameRotation(Rotation::aboutZ(0.3 + 1e-14)));
  EXPECT_FALSE(A.isSameRotation(Rotation::aboutZ(0.3 + 1e-9)));
  EXPECT_TRUE(A.isSameRotation(Rotation::aboutZ(0.3 + 1e-9), 1e-8));
}

TEST(Transform, CompositionInverseAndMapping) {
  std::mt19937 rng(6);
  for (int t = 0; t < 50; ++t) {
    const Transform X_GB(randomRotation(rng), randomVec3(rng, 3));
    const Transform X_BC(randomRotation(rng), randomVec3(rng, 3));
    const Transform X_GC = X_GB * X_BC;
    const Vec3 p_CS = randomVec3(rng);
    EXPECT_LT((X_GC * p_CS - X_GB * (X_BC * p_CS)).norm(), 1e-13);
    EXPECT_TRUE((X_GB.inverse() * X_GB).isSameTransform(Transform(), 1e-14));
    EXPECT_LT((X_GC.toMat44() - X_GB.toMat44() * X_BC.toMat44()).norm(), 1e-13);
    // Directions ignore the translation.
    EXPECT_LT((X_GB.xformDirection(p_CS) - X_GB.R() * p_CS).norm(), 1e-15);
  }
}
