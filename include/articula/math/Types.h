// Fixed-size and variable-size numeric types shared by every layer.
#pragma once
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace articula {

using Real = double;
using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Vec4 = Eigen::Vector4d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat33 = Eigen::Matrix3d;
using Mat66 = Eigen::Matrix<double, 6, 6>;
using Vector = Eigen::VectorXd;
using Matrix = Eigen::MatrixXd;

// Spatial vectors are [angular; linear] (Theory Manual §3): V = [w; v], A = [b; a], F = [m; f].
using SpatialVec = Vec6;
using SpatialMat = Mat66;

// A mobilizer's hinge matrix H (6 x nu, nu <= 6); fixed capacity so it never touches the heap.
using HMatrix = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>;
// Small square matrices up to 6 x 6 (D = H^T P H and friends), and short vectors up to 7 (q of Free).
using SmallMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
using SmallVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 7, 1>;

// Cross-product matrix: skew(v) * w == v.cross(w)  (Theory Manual eq. 3.1).
inline Mat33 skew(const Vec3& v) {
  Mat33 m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

inline Vec3 unskew(const Mat33& m) {  // the vector of the skew-symmetric part of m
  return 0.5 * Vec3(m(2, 1) - m(1, 2), m(0, 2) - m(2, 0), m(1, 0) - m(0, 1));
}

}  // namespace articula
