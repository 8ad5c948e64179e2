// Quaternion: normalization, rejection of bad input, and round trips with rotation matrices.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "RandomMath.h"
#include "articula/Error.h"
#include "articula/math/Rotation.h"

using namespace articula;
using articula::testing::randomRotation;

namespace {

// Hamilton product written out independently of the library.
Vec4 hamilton(const Vec4& a, const Vec4& b) {
  return Vec4(
      a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3], a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
      a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1], a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]);
}

}  // namespace

TEST(Quaternion, DefaultIsZeroRotation) {
  const Quaternion q;
  EXPECT_EQ(q.asVec4(), Vec4(1, 0, 0, 0));
  EXPECT_TRUE(q.toRotation().isSameRotation(Rotation::identity(), 0));
}

TEST(Quaternion, NormalizesInput) {
  const Quaternion q(2, 0, 0, 0);
  EXPECT_DOUBLE_EQ(q.w(), 1);
  const Quaternion r(Vec4(1, 2, 3, 4));
  EXPECT_NEAR(r.asVec4().norm(), 1, 1e-15);
  EXPECT_NEAR(r.asVec4()[3] / r.asVec4()[0], 4, 1e-14);
}

TEST(Quaternion, RejectsZeroAndNonFinite) {
  EXPECT_THROW(Quaternion(0, 0, 0, 0), Error);
  EXPECT_THROW(Quaternion(NAN, 1, 0, 0), Error);
  EXPECT_THROW(Quaternion(INFINITY, 0, 0, 0), Error);
  try {
    Quaternion(0, 0, 0, 0);
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Quaternion"), std::string::npos);
  }
}

TEST(Quaternion, ToRotationIsOrthonormal) {
  std::mt19937 rng(11);
  std::normal_distribution<Real> n;
  for (int t = 0; t < 200; ++t) {
    const Mat33 R = Quaternion(n(rng), n(rng), n(rng), n(rng)).toRotation().matrix();
    EXPECT_LT((R.transpose() * R - Mat33::Identity()).norm(), 1e-14);
    EXPECT_NEAR(R.determinant(), 1, 1e-14);
  }
}

TEST(Quaternion, MatchesAngleAxisDefinition) {
  // q = [cos(a/2), sin(a/2) k] must give the Rodrigues rotation about k by a.
  std::mt19937 rng(12);
  for (int t = 0; t < 100; ++t) {
    const Vec3 k = articula::testing::randomVec3(rng).normalized();
    const Real a = articula::testing::uniform(rng, -3.1, 3.1);
    Vec4 qv;
    qv << std::cos(a / 2), std::sin(a / 2) * k;
    const Mat33 K = skew(k);
    const Mat33 expected = Mat33::Identity() + std::sin(a) * K + (1 - std::cos(a)) * K * K;
    EXPECT_LT((Quaternion(qv).toRotation().matrix() - expected).norm(), 1e-14);
    EXPECT_TRUE(Rotation::aboutAxis(a, 3 * k).isSameRotation(Rotation::trusted(expected), 1e-14));
  }
}

TEST(Quaternion, ProductMatchesMatrixProduct) {
  std::mt19937 rng(13);
  for (int t = 0; t < 100; ++t) {
    const Rotation A = randomRotation(rng), B = randomRotation(rng);
    const Vec4 qab = hamilton(A.toQuaternion().asVec4(), B.toQuaternion().asVec4());
    EXPECT_TRUE(Quaternion(qab).toRotation().isSameRotation(A * B, 1e-14));
  }
}

TEST(Quaternion, RotationRoundTrip) {
  std::mt19937 rng(14);
  std::normal_distribution<Real> n;
  for (int t = 0; t < 500; ++t) {
    Vec4 q0(n(rng), n(rng), n(rng), n(rng));
    q0.normalize();
    if (q0[0] < 0) q0 = -q0;
    const Quaternion q1 = Quaternion(q0).toRotation().toQuaternion();
    EXPECT_GE(q1.w(), 0);
    EXPECT_LT((q1.asVec4() - q0).norm(), 1e-14) << q0.transpose();
  }
}

TEST(Quaternion, RoundTripNearHalfTurns) {
  // Rotations by ~pi have w ~ 0; these exercise the branches of the conversion that divide by
  // x, y or z, and the sign choice w >= 0.
  const Real pi = std::numbers::pi;
  std::mt19937 rng(15);
  for (int t = 0; t < 300; ++t) {
    const Vec3 k = articula::testing::randomVec3(rng).normalized();
    const Real a = pi - std::pow(10.0, articula::testing::uniform(rng, -12, 0)) * (t % 2 ? 1 : -1);
    const Rotation R = Rotation::aboutAxis(a, k);
    const Quaternion q = R.toQuaternion();
    EXPECT_GE(q.w(), 0);
    EXPECT_TRUE(q.toRotation().isSameRotation(R, 2e-15));
  }
  for (int axis = 0; axis < 3; ++axis) {
    const Quaternion q = Rotation::aboutAxis(pi, Vec3::Unit(axis)).toQuaternion();
    EXPECT_NEAR(std::abs(q.asVec4()[axis + 1]), 1, 1e-15);
  }
}

TEST(Quaternion, NegatedQuaternionIsSameRotation) {
  const Quaternion q(0.3, -0.5, 0.2, 0.7);
  const Quaternion mq(-q.asVec4());
  EXPECT_TRUE(q.toRotation().isSameRotation(mq.toRotation(), 1e-15));
  const auto [a1, k1] = q.toAngleAxis();
  const auto [a2, k2] = mq.toAngleAxis();
  EXPECT_NEAR(a1, a2, 1e-15);
  EXPECT_LT((k1 - k2).norm(), 1e-15);
}

TEST(Quaternion, AngleAxisRoundTrip) {
  std::mt19937 rng(16);
  for (int t = 0; t < 200; ++t) {
    const Vec3 k = articula::testing::randomVec3(rng).normalized();
    const Real a = articula::testing::uniform(rng, 1e-9, 3.14);
    const auto [a2, k2] = Rotation::aboutAxis(a, k).toAngleAxis();
    EXPECT_NEAR(a2, a, 1e-14);
    EXPECT_LT((k2 - k).norm(), 1e-14 / std::min(a, 1.0) + 1e-14);
  }
  // Negative angle: same rotation as the positive angle about the flipped axis.
  const auto [a3, k3] = Rotation::aboutX(-0.5).toAngleAxis();
  EXPECT_NEAR(a3, 0.5, 1e-15);
  EXPECT_LT((k3 + Vec3::UnitX()).norm(), 1e-15);
  // Zero rotation: angle 0 and the x axis by convention.
  const auto [a0, k0] = Quaternion().toAngleAxis();
  EXPECT_EQ(a0, 0);
  EXPECT_EQ(k0, Vec3::UnitX());
}
