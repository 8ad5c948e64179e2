// Euler angles: all 12 sequences, body- and space-fixed, round trips, ranges and gimbal lock.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "RandomMath.h"
#include "articula/Error.h"
#include "articula/math/Rotation.h"

using namespace articula;
using articula::testing::randomRotation;
using articula::testing::uniform;

namespace {

using Axes = std::array<CoordinateAxis, 3>;
constexpr Real kPi = std::numbers::pi;

std::vector<Axes> allSequences() {
  std::vector<Axes> out;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k)
        if (i != j && j != k) out.push_back({CoordinateAxis(i), CoordinateAxis(j), CoordinateAxis(k)});
  return out;
}

std::string name(const Axes& a) {
  std::string s;
  for (CoordinateAxis c : a) s += "XYZ"[static_cast<int>(c)];
  return s;
}

bool proper(const Axes& a) { return a[0] == a[2]; }

// Elementary rotation built from its matrix definition, independently of the library.
Mat33 elementary(CoordinateAxis axis, Real t) {
  const int i = static_cast<int>(axis), j = (i + 1) % 3, k = (i + 2) % 3;
  Mat33 R = Mat33::Zero();
  R(i, i) = 1;
  R(j, j) = R(k, k) = std::cos(t);
  R(k, j) = std::sin(t);
  R(j, k) = -std::sin(t);
  return R;
}

// Angles in the documented ranges: first/third in (-pi, pi], middle in [-pi/2, pi/2] or [0, pi].
Vec3 randomAngles(std::mt19937& rng, const Axes& a) {
  const Real b = proper(a) ? uniform(rng, 0, kPi) : uniform(rng, -kPi / 2, kPi / 2);
  return Vec3(uniform(rng, -kPi, kPi), b, uniform(rng, -kPi, kPi));
}

void expectInRange(const Vec3& t, const Axes& a) {
  EXPECT_GT(t[0], -kPi);
  EXPECT_LE(t[0], kPi);
  EXPECT_GT(t[2], -kPi);
  EXPECT_LE(t[2], kPi);
  if (proper(a)) {
    EXPECT_GE(t[1], 0);
    EXPECT_LE(t[1], kPi);
  } else {
    EXPECT_GE(t[1], -kPi / 2);
    EXPECT_LE(t[1], kPi / 2);
  }
}

}  // namespace

TEST(EulerAngles, TwelveSequences) { EXPECT_EQ(allSequences().size(), 12u); }

TEST(EulerAngles, MatchIndependentProducts) {
  std::mt19937 rng(31);
  for (const Axes& a : allSequences()) {
    const Vec3 t = randomAngles(rng, a);
    const Mat33 body = elementary(a[0], t[0]) * elementary(a[1], t[1]) * elementary(a[2], t[2]);
    const Mat33 space = elementary(a[2], t[2]) * elementary(a[1], t[1]) * elementary(a[0], t[0]);
    EXPECT_LT((Rotation::bodyFixed(t, a).matrix() - body).norm(), 1e-14) << name(a);
    EXPECT_LT((Rotation::spaceFixed(t, a).matrix() - space).norm(), 1e-14) << name(a);
  }
  // Body-fixed XYZ written out in closed form.
  const Real a = 0.3, b = -0.7, c = 1.9;
  const Real ca = std::cos(a), sa = std::sin(a), cb = std::cos(b), sb = std::sin(b), cc = std::cos(c), sc = std::sin(c);
  Mat33 expected;
  expected << cb * cc, -cb * sc, sb,                             //
      ca * sc + sa * sb * cc, ca * cc - sa * sb * sc, -sa * cb,  //
      sa * sc - ca * sb * cc, sa * cc + ca * sb * sc, ca * cb;
  EXPECT_LT((Rotation::bodyFixedXYZ(Vec3(a, b, c)).matrix() - expected).norm(), 1e-15);
}

TEST(EulerAngles, RoundTripAllSequences) {
  std::mt19937 rng(32);
  for (const Axes& a : allSequences()) {
    for (int n = 0; n < 200; ++n) {
      const Vec3 t = randomAngles(rng, a);
      const Vec3 tb = Rotation::bodyFixed(t, a).toBodyFixed(a);
      EXPECT_LT((tb - t).norm(), 1e-12) << name(a) << " body " << t.transpose();
      const Vec3 ts = Rotation::spaceFixed(t, a).toSpaceFixed(a);
      EXPECT_LT((ts - t).norm(), 1e-12) << name(a) << " space " << t.transpose();
    }
    // Arbitrary rotations: angles in range and reconstructing R.
    for (int n = 0; n < 100; ++n) {
      const Rotation R = randomRotation(rng);
      const Vec3 tb = R.toBodyFixed(a), ts = R.toSpaceFixed(a);
      expectInRange(tb, a);
      expectInRange(ts, a);
      EXPECT_TRUE(Rotation::bodyFixed(tb, a).isSameRotation(R, 1e-14)) << name(a);
      EXPECT_TRUE(Rotation::spaceFixed(ts, a).isSameRotation(R, 1e-14)) << name(a);
    }
  }
}

TEST(EulerAngles, SpaceFixedIsReversedBodyFixed) {
  std::mt19937 rng(33);
  for (const Axes& a : allSequences()) {
    const Axes rev{a[2], a[1], a[0]};
    for (int n = 0; n < 20; ++n) {
      const Vec3 t = randomAngles(rng, a);
      EXPECT_TRUE(Rotation::spaceFixed(t, a).isSameRotation(Rotation::bodyFixed(Vec3(t[2], t[1], t[0]), rev), 1e-15))
          << name(a);
      const Rotation R = randomRotation(rng);
      const Vec3 ts = R.toSpaceFixed(a), tb = R.toBodyFixed(rev);
      EXPECT_LT((ts - Vec3(tb[2], tb[1], tb[0])).norm(), 1e-15) << name(a);
    }
  }
}

TEST(EulerAngles, GimbalLockReconstructsRotation) {
  // At and near the singular middle angle the first and third angles are not unique, but the
  // rotation rebuilt from whatever angles come back must still match to rounding.
  std::mt19937 rng(34);
  for (const Axes& a : allSequences()) {
    const std::vector<Real> locks = proper(a) ? std::vector<Real>{0, kPi} : std::vector<Real>{kPi / 2, -kPi / 2};
    for (Real lock : locks) {
      for (int e = 0; e <= 17; ++e) {
        const Real eps = e == 17 ? 0 : std::pow(10.0, -e) * (e % 2 ? 1 : -1);
        // Keep the middle angle inside its range.
        Real b = lock + eps;
        if (proper(a) && (b < 0 || b > kPi)) b = lock - eps;
        if (!proper(a) && std::abs(b) > kPi / 2) b = lock - eps;
        const Vec3 t(uniform(rng, -kPi, kPi), b, uniform(rng, -kPi, kPi));
        for (bool body : {true, false}) {
          const Rotation R = body ? Rotation::bodyFixed(t, a) : Rotation::spaceFixed(t, a);
          const Vec3 back = body ? R.toBodyFixed(a) : R.toSpaceFixed(a);
          expectInRange(back, a);
          const Rotation R2 = body ? Rotation::bodyFixed(back, a) : Rotation::spaceFixed(back, a);
          EXPECT_TRUE(R2.isSameRotation(R, 4e-15))
              << name(a) << (body ? " body" : " space") << " t = " << t.transpose() << " back = " << back.transpose()
              << " err " << (R2.matrix() - R.matrix()).cwiseAbs().maxCoeff();
          EXPECT_NEAR(back[1], t[1], 1e-7) << name(a);
        }
      }
    }
  }
}

TEST(EulerAngles, RejectsRepeatedConsecutiveAxes) {
  const Axes bad{CoordinateAxis::X, CoordinateAxis::X, CoordinateAxis::Y};
  EXPECT_THROW(Rotation::bodyFixed(Vec3::Zero(), bad), Error);
  EXPECT_THROW(Rotation().toSpaceFixed(bad), Error);
}

TEST(EulerAngles, OutOfRangeInputComesBackInRange) {
  // Any angles build a rotation; converting back gives the equivalent triple inside the ranges.
  std::mt19937 rng(35);
  for (const Axes& a : allSequences()) {
    for (int n = 0; n < 50; ++n) {
      const Vec3 t(uniform(rng, -7, 7), uniform(rng, -7, 7), uniform(rng, -7, 7));
      const Rotation R = Rotation::bodyFixed(t, a);
      const Vec3 back = R.toBodyFixed(a);
      expectInRange(back, a);
      EXPECT_TRUE(Rotation::bodyFixed(back, a).isSameRotation(R, 1e-14)) << name(a);
    }
  }
}
