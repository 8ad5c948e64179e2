// Transform X_AB = [R_AB | p_AB]: frame B measured from and expressed in frame A.
#pragma once
#include "articula/math/Rotation.h"

namespace articula {

class Transform {
 public:
  Transform() : p_(Vec3::Zero()) {}
  Transform(const Rotation& R, const Vec3& p) : R_(R), p_(p) {}
  explicit Transform(const Vec3& p) : p_(p) {}
  explicit Transform(const Rotation& R) : R_(R), p_(Vec3::Zero()) {}
  static Transform identity() { return Transform(); }

  const Rotation& R() const { return R_; }
  const Vec3& p() const { return p_; }
  Rotation& updR() { return R_; }
  Vec3& updP() { return p_; }

  // X_AB * X_BC = X_AC
  Transform operator*(const Transform& X_BC) const { return Transform(R_ * X_BC.R_, p_ + R_.matrix() * X_BC.p_); }
  // Maps a station given in B to A.
  Vec3 operator*(const Vec3& p_BS) const { return p_ + R_.matrix() * p_BS; }
  Vec3 xformDirection(const Vec3& d_B) const { return R_.matrix() * d_B; }
  // ~X_AB = X_BA
  Transform inverse() const {
    const Rotation R_BA = R_.transpose();
    return Transform(R_BA, -(R_BA.matrix() * p_));
  }
  Eigen::Matrix4d toMat44() const {
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    m.topLeftCorner<3, 3>() = R_.matrix();
    m.topRightCorner<3, 1>() = p_;
    return m;
  }
  bool isSameTransform(const Transform& other, Real tol = 1e-12) const {
    return R_.isSameRotation(other.R_, tol) && (p_ - other.p_).norm() <= tol * (1 + p_.norm());
  }

 private:
  Rotation R_;
  Vec3 p_;
};

}  // namespace articula
