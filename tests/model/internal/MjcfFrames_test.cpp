// MJCF orientations (src/model/MjcfFrames.h) against rotations worked out by hand.
#include "model/MjcfFrames.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace articula;
using namespace articula::model::mjcf;

namespace {
const Real kHalfPi = M_PI / 2;
Vec3 col(const Rotation& R, int i) { return R.matrix().col(i); }
}  // namespace

TEST(MjcfFrames, EulerRotatingAndFixedAxesDiffer) {
  // xyz (rotating): R = Rx(90) Ry(90); the body's x axis: Ry(90) x = -z, then Rx(90) -z = +y.
  EXPECT_TRUE(col(fromEuler(Vec3(kHalfPi, kHalfPi, 0), "xyz"), 0).isApprox(Vec3(0, 1, 0), 1e-12));
  // XYZ (fixed): R = Ry(90) Rx(90); x is untouched by Rx, then Ry(90) x = -z.
  EXPECT_TRUE(col(fromEuler(Vec3(kHalfPi, kHalfPi, 0), "XYZ"), 0).isApprox(Vec3(0, 0, -1), 1e-12));
  // zyx (rotating) of (a, 0, 0) is Rz(a): y goes to -x for a = 90 degrees.
  EXPECT_TRUE(col(fromEuler(Vec3(kHalfPi, 0, 0), "zyx"), 1).isApprox(Vec3(-1, 0, 0), 1e-12));
  // Rotating x-y-z equals fixed Z-Y-X read backwards: both Rx(a) Ry(b) Rz(c).
  const Vec3 a(0.3, -0.7, 1.1);
  EXPECT_TRUE(fromEuler(a, "xyz").isSameRotation(fromEuler(Vec3(a[2], a[1], a[0]), "ZYX"), 1e-12));
  EXPECT_THROW(fromEuler(a, "xyw"), std::invalid_argument);
}

TEST(MjcfFrames, AxesQuaternionAndAxisAngle) {
  // zaxis: the smallest rotation taking z to the vector: z -> x is +90 degrees about y, so x -> -z.
  EXPECT_TRUE(col(fromZAxis(Vec3(2, 0, 0)), 0).isApprox(Vec3(0, 0, -1), 1e-12));
  EXPECT_TRUE(col(fromZAxis(Vec3(0, 0, 3)), 0).isApprox(Vec3(1, 0, 0), 1e-12));
  EXPECT_TRUE(col(fromZAxis(Vec3(0, 0, -1)), 1).isApprox(Vec3(0, -1, 0), 1e-12));  // half turn about x
  // xyaxes: y loses its part along x before it is normalized; z = x × y.
  const Rotation R = fromXyAxes(Vec3(0, 2, 0), Vec3(-1, 3, 0));
  EXPECT_TRUE(col(R, 0).isApprox(Vec3(0, 1, 0), 1e-12));
  EXPECT_TRUE(col(R, 1).isApprox(Vec3(-1, 0, 0), 1e-12));
  EXPECT_TRUE(col(R, 2).isApprox(Vec3(0, 0, 1), 1e-12));
  // quat is normalized; w x y z = cos(45), sin(45) about x: y -> z.
  EXPECT_TRUE(col(fromQuat(Vec4(2, 2, 0, 0)), 1).isApprox(Vec3(0, 0, 1), 1e-12));
  EXPECT_TRUE(col(fromAxisAngle(Vec3(0, 0, 5), kHalfPi), 0).isApprox(Vec3(0, 1, 0), 1e-12));
  // fromto: centred, z along to - from.
  const Transform X = fromTo(Vec3(1, 0, 0), Vec3(1, 0, -2));
  EXPECT_TRUE(X.p().isApprox(Vec3(1, 0, -1)));
  EXPECT_TRUE(col(X.R(), 2).isApprox(Vec3(0, 0, -1), 1e-12));
}
