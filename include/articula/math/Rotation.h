// Rotation matrices R_AB (columns are B's axes expressed in A) and unit quaternions (scalar first).
#pragma once
#include <array>

#include "articula/math/Types.h"

namespace articula {

class Rotation;

// Unit quaternion q = [w, x, y, z], scalar first (Theory Manual §7: zero rotation is (1,0,0,0)).
class Quaternion {
 public:
  Quaternion() : q_(1, 0, 0, 0) {}
  // Normalizes; throws Error for a zero or non-finite vector.
  explicit Quaternion(const Vec4& wxyz);
  Quaternion(Real w, Real x, Real y, Real z) : Quaternion(Vec4(w, x, y, z)) {}
  static Quaternion fromUnnormalized(const Vec4& wxyz) { return Quaternion(wxyz); }
  // Trusts the caller: wxyz must already have unit length.
  static Quaternion fromNormalized(const Vec4& wxyz);

  const Vec4& asVec4() const { return q_; }
  Real w() const { return q_[0]; }
  Vec3 vec() const { return q_.tail<3>(); }
  Rotation toRotation() const;
  // Angle in [0, pi] and unit axis; axis is x when the angle is zero.
  std::pair<Real, Vec3> toAngleAxis() const;

 private:
  Vec4 q_;
};

enum class CoordinateAxis { X = 0, Y = 1, Z = 2 };

class Rotation {
 public:
  Rotation() : R_(Mat33::Identity()) {}
  // Orthonormalizes the input (nearest rotation) only if asked; otherwise it must be orthonormal
  // to 1e-10 or Error is thrown.
  explicit Rotation(const Mat33& R);
  static Rotation trusted(const Mat33& R) { return Rotation(R, TrustedTag{}); }
  static Rotation identity() { return Rotation(); }
  static Rotation nearest(const Mat33& M);  // polar decomposition of M (det > 0 required)

  static Rotation aboutX(Real angle);
  static Rotation aboutY(Real angle);
  static Rotation aboutZ(Real angle);
  static Rotation aboutAxis(Real angle, const Vec3& axis);  // axis is normalized; zero axis throws
  static Rotation fromQuaternion(const Quaternion& q) { return q.toRotation(); }
  // Body-fixed (intrinsic) sequence: R = R_a1(t1) R_a2(t2) R_a3(t3) about successively moved axes.
  static Rotation bodyFixed(const Vec3& angles, std::array<CoordinateAxis, 3> axes);
  // Space-fixed (extrinsic) sequence: rotate about a1, then about the fixed a2, then fixed a3:
  // R = R_a3(t3) R_a2(t2) R_a1(t1).
  static Rotation spaceFixed(const Vec3& angles, std::array<CoordinateAxis, 3> axes);
  static Rotation bodyFixedXYZ(const Vec3& angles) {
    return bodyFixed(angles, {CoordinateAxis::X, CoordinateAxis::Y, CoordinateAxis::Z});
  }
  // Makes a rotation whose given axis (X, Y or Z) is the direction v; the others are arbitrary.
  static Rotation fromOneAxis(CoordinateAxis axis, const Vec3& v);

  // Inverse conversions. Angles of the first and third rotation are in (-pi, pi]; the middle angle
  // in [-pi/2, pi/2] (Tait-Bryan, three different axes) or [0, pi] (proper Euler, a1 == a3).
  Vec3 toBodyFixed(std::array<CoordinateAxis, 3> axes) const;
  Vec3 toSpaceFixed(std::array<CoordinateAxis, 3> axes) const;
  Vec3 toBodyFixedXYZ() const { return toBodyFixed({CoordinateAxis::X, CoordinateAxis::Y, CoordinateAxis::Z}); }
  Quaternion toQuaternion() const;  // w >= 0
  std::pair<Real, Vec3> toAngleAxis() const { return toQuaternion().toAngleAxis(); }

  const Mat33& matrix() const { return R_; }
  Vec3 x() const { return R_.col(0); }
  Vec3 y() const { return R_.col(1); }
  Vec3 z() const { return R_.col(2); }
  Rotation transpose() const { return trusted(R_.transpose()); }
  Rotation inverse() const { return transpose(); }
  Rotation operator*(const Rotation& other) const { return trusted(R_ * other.R_); }
  Vec3 operator*(const Vec3& v) const { return R_ * v; }
  bool isSameRotation(const Rotation& other, Real tol = 1e-12) const;

 private:
  struct TrustedTag {};
  Rotation(const Mat33& R, TrustedTag) : R_(R) {}
  Mat33 R_;
};

}  // namespace articula
