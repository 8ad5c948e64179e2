// MassProperties: spatial matrix form, central inertia, change of frame and validation.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include "RandomMath.h"
#include "articula/Error.h"

using namespace articula;
using articula::testing::randomCentralInertia;
using articula::testing::randomRotation;
using articula::testing::randomVec3;
using articula::testing::randomVec6;
using articula::testing::uniform;

namespace {

MassProperties randomMassProperties(std::mt19937& rng) {
  return MassProperties::fromCentral(uniform(rng, 0.2, 4), randomVec3(rng, 1.5), randomCentralInertia(rng));
}

// X^{AB} = [[R, 0], [p x R, R]] maps motion from B to A (Theory Manual 3.10).
Mat66 motionTransform(const Transform& X_AB) {
  const Mat33 R = X_AB.R().matrix();
  Mat66 X = Mat66::Zero();
  X.topLeftCorner<3, 3>() = R;
  X.bottomRightCorner<3, 3>() = R;
  X.bottomLeftCorner<3, 3>() = skew(X_AB.p()) * R;
  return X;
}

}  // namespace

TEST(MassProperties, SpatialMatIsTheoryManualForm) {
  std::mt19937 rng(61);
  for (int t = 0; t < 50; ++t) {
    const MassProperties mp = randomMassProperties(rng);
    const Real m = mp.mass();
    const Mat33 G = mp.inertiaAboutOrigin().matrix() / m;  // unit inertia about Bo
    const Mat33 px = skew(mp.massCenter());
    Mat66 expected;
    expected << G, px, -px, Mat33::Identity();
    expected *= m;
    EXPECT_LT((mp.toSpatialMat() - expected).norm(), 1e-13);
    const Mat66 M = mp.toSpatialMat();
    EXPECT_LT((M - M.transpose()).norm(), 1e-15);
    EXPECT_GE(Eigen::SelfAdjointEigenSolver<Mat66>(M).eigenvalues().minCoeff(), -1e-12);
    // Parallel axis: G_C = G_B + p x p x.
    EXPECT_LT((mp.inertiaAboutMassCenter().matrix() / m - (G + px * px)).norm(), 1e-13);
  }
}

TEST(MassProperties, KineticEnergyIndependentOfReferencePoint) {
  // KE = 1/2 V^T M V = 1/2 m (w^T G_C w + |v_C|^2), and linear momentum = m (v + w x p).
  std::mt19937 rng(62);
  for (int t = 0; t < 50; ++t) {
    const MassProperties mp = randomMassProperties(rng);
    const Vec6 V = randomVec6(rng);
    const Vec3 w = V.head<3>(), v = V.tail<3>(), p = mp.massCenter();
    const Vec3 v_C = v + w.cross(p);
    const Real ke = 0.5 * V.dot(mp.toSpatialMat() * V);
    EXPECT_NEAR(ke, 0.5 * (w.dot(mp.inertiaAboutMassCenter().matrix() * w) + mp.mass() * v_C.squaredNorm()), 1e-12);
    const Vec6 P = mp.toSpatialMat() * V;
    EXPECT_LT((P.tail<3>() - mp.mass() * v_C).norm(), 1e-13);
  }
}

TEST(MassProperties, TransformMatchesSpatialCongruence) {
  // M_A = X*^{AB} M_B X^{BA} = X^{BA}^T M_B X^{BA}, and KE is frame independent.
  std::mt19937 rng(63);
  for (int t = 0; t < 50; ++t) {
    const MassProperties mpB = randomMassProperties(rng);
    const Transform X_AB(randomRotation(rng), randomVec3(rng, 2));
    const MassProperties mpA = mpB.transform(X_AB);
    EXPECT_DOUBLE_EQ(mpA.mass(), mpB.mass());
    EXPECT_LT((mpA.massCenter() - X_AB * mpB.massCenter()).norm(), 1e-14);
    const Mat66 X_BA = motionTransform(X_AB.inverse());
    const Mat66 expected = X_BA.transpose() * mpB.toSpatialMat() * X_BA;
    EXPECT_LT((mpA.toSpatialMat() - expected).norm(), 1e-12 * (1 + expected.norm()));
    const Vec6 V_B = randomVec6(rng);
    const Vec6 V_A = motionTransform(X_AB) * V_B;
    EXPECT_NEAR(V_A.dot(mpA.toSpatialMat() * V_A), V_B.dot(mpB.toSpatialMat() * V_B), 1e-11);
    // The central inertia only rotates.
    EXPECT_LT(
        (mpA.inertiaAboutMassCenter().matrix() - mpB.inertiaAboutMassCenter().reexpress(X_AB.R()).matrix()).norm(),
        1e-12);
    // Round trip through the inverse transform.
    const MassProperties back = mpA.transform(X_AB.inverse());
    EXPECT_LT((back.toSpatialMat() - mpB.toSpatialMat()).norm(), 1e-12);
  }
}

TEST(MassProperties, FromCentralShiftsToOrigin) {
  const Inertia I_C = Inertia::sphere(2, 0.5);
  const Vec3 p(0, 0, 1);
  const MassProperties mp = MassProperties::fromCentral(2, p, I_C);
  EXPECT_LT((mp.inertiaAboutOrigin().moments() - Vec3(0.2 + 2, 0.2 + 2, 0.2)).norm(), 1e-15);
  // A particle: inertia about Bo is exactly the point-mass inertia, central inertia zero.
  const MassProperties particle(3, p, Inertia::pointMass(3, p));
  EXPECT_LT(particle.inertiaAboutMassCenter().matrix().norm(), 1e-15);
}

TEST(MassProperties, RejectsInvalid) {
  EXPECT_THROW(MassProperties(-1, Vec3::Zero(), Inertia(1, 1, 1)), Error);
  EXPECT_THROW(MassProperties(NAN, Vec3::Zero(), Inertia(1, 1, 1)), Error);
  EXPECT_THROW(MassProperties(1, Vec3(0, NAN, 0), Inertia(1, 1, 1)), Error);
  // A trusted but invalid inertia is caught.
  EXPECT_THROW(MassProperties(1, Vec3::Zero(), Inertia::trusted(Mat33(Vec3(1, 1, 5).asDiagonal()))), Error);
  // Inertia about Bo too small for a mass 2 m from Bo: the central inertia would be negative.
  EXPECT_THROW(MassProperties(1, Vec3(2, 0, 0), Inertia(1, 1, 1)), Error);
}
