// Rotation matrices: validated construction, nearest rotation, elementary rotations and the
// matrix -> quaternion conversion. Euler-angle sequences are in EulerAngles.cpp.
#include <cmath>
#include <sstream>

#include <Eigen/SVD>

#include "articula/Error.h"
#include "articula/math/Rotation.h"

namespace articula {

namespace {
constexpr Real kOrthoTol = 1e-10;
}

Rotation::Rotation(const Mat33& R) {
  if (!R.allFinite()) {
    std::ostringstream msg;
    msg << "Rotation: matrix has non-finite entries:\n" << R;
    throw Error(msg.str());
  }
  // Entries of a rotation are bounded by 1, so an absolute tolerance on R^T R - 1 is relative.
  const Real orthoErr = (R.transpose() * R - Mat33::Identity()).cwiseAbs().maxCoeff();
  const Real det = R.determinant();
  if (orthoErr > kOrthoTol || det <= 0) {
    std::ostringstream msg;
    msg << "Rotation: matrix is not a proper rotation (max |R^T R - 1| = " << orthoErr << ", tolerance " << kOrthoTol
        << "; det = " << det << "):\n"
        << R;
    throw Error(msg.str());
  }
  R_ = R;
}

Rotation Rotation::nearest(const Mat33& M) {
  const Real det = M.determinant();
  if (!M.allFinite() || !(det > 0)) {
    std::ostringstream msg;
    msg << "Rotation::nearest: needs a finite matrix with det > 0, got det = " << det << ":\n" << M;
    throw Error(msg.str());
  }
  // Polar decomposition M = (U V^T)(V S V^T); U V^T is the closest rotation in Frobenius norm.
  // det > 0 guarantees U V^T is proper, not a reflection.
  Eigen::JacobiSVD<Mat33> svd(M, Eigen::ComputeFullU | Eigen::ComputeFullV);
  return trusted(svd.matrixU() * svd.matrixV().transpose());
}

Rotation Rotation::aboutX(Real a) {
  const Real c = std::cos(a), s = std::sin(a);
  Mat33 R;
  R << 1, 0, 0, 0, c, -s, 0, s, c;
  return trusted(R);
}

Rotation Rotation::aboutY(Real a) {
  const Real c = std::cos(a), s = std::sin(a);
  Mat33 R;
  R << c, 0, s, 0, 1, 0, -s, 0, c;
  return trusted(R);
}

Rotation Rotation::aboutZ(Real a) {
  const Real c = std::cos(a), s = std::sin(a);
  Mat33 R;
  R << c, -s, 0, s, c, 0, 0, 0, 1;
  return trusted(R);
}

Rotation Rotation::aboutAxis(Real angle, const Vec3& axis) {
  const Real n = axis.norm();
  if (!std::isfinite(n) || n == 0 || !std::isfinite(angle)) {
    std::ostringstream msg;
    msg << "Rotation::aboutAxis: need a finite nonzero axis and finite angle, got axis [" << axis.transpose()
        << "], angle " << angle;
    throw Error(msg.str());
  }
  // Rodrigues: R = 1 + sin(a) [k]x + (1 - cos(a)) [k]x^2.
  const Mat33 K = skew(axis / n);
  return trusted(Mat33::Identity() + std::sin(angle) * K + (1 - std::cos(angle)) * K * K);
}

Rotation Rotation::fromOneAxis(CoordinateAxis axis, const Vec3& v) {
  const Real n = v.norm();
  if (!std::isfinite(n) || n == 0) {
    std::ostringstream msg;
    msg << "Rotation::fromOneAxis: direction must be finite and nonzero, got [" << v.transpose() << "]";
    throw Error(msg.str());
  }
  const Vec3 a = v / n;
  // Cross with the coordinate axis least aligned with a, so the perpendicular is well conditioned.
  int k;
  a.cwiseAbs().minCoeff(&k);
  const Vec3 b = a.cross(Vec3::Unit(k)).normalized();
  const Vec3 c = a.cross(b);
  // Columns (a, b, c) are right-handed; rotate them cyclically so `a` lands in the asked column.
  const int i = static_cast<int>(axis);
  Mat33 R;
  R.col(i) = a;
  R.col((i + 1) % 3) = b;
  R.col((i + 2) % 3) = c;
  return trusted(R);
}

Quaternion Rotation::toQuaternion() const {
  // Shepperd's method: compute the largest of |w|, |x|, |y|, |z| from the diagonal, then the others
  // from off-diagonal sums/differences divided by it, so we never divide by a small number.
  const Mat33& R = R_;
  const Real t = R.trace();
  Vec4 q;
  if (t >= R(0, 0) && t >= R(1, 1) && t >= R(2, 2)) {
    const Real r = std::sqrt(1 + t);
    const Real s = 0.5 / r;
    q << 0.5 * r, (R(2, 1) - R(1, 2)) * s, (R(0, 2) - R(2, 0)) * s, (R(1, 0) - R(0, 1)) * s;
  } else if (R(0, 0) >= R(1, 1) && R(0, 0) >= R(2, 2)) {
    const Real r = std::sqrt(1 + 2 * R(0, 0) - t);
    const Real s = 0.5 / r;
    q << (R(2, 1) - R(1, 2)) * s, 0.5 * r, (R(0, 1) + R(1, 0)) * s, (R(0, 2) + R(2, 0)) * s;
  } else if (R(1, 1) >= R(2, 2)) {
    const Real r = std::sqrt(1 + 2 * R(1, 1) - t);
    const Real s = 0.5 / r;
    q << (R(0, 2) - R(2, 0)) * s, (R(0, 1) + R(1, 0)) * s, 0.5 * r, (R(1, 2) + R(2, 1)) * s;
  } else {
    const Real r = std::sqrt(1 + 2 * R(2, 2) - t);
    const Real s = 0.5 / r;
    q << (R(1, 0) - R(0, 1)) * s, (R(0, 2) + R(2, 0)) * s, (R(1, 2) + R(2, 1)) * s, 0.5 * r;
  }
  if (q[0] < 0) q = -q;
  // Renormalize to absorb the rounding of a nearly-orthonormal R.
  return Quaternion::fromNormalized(q / q.norm());
}

bool Rotation::isSameRotation(const Rotation& other, Real tol) const {
  return (R_ - other.R_).cwiseAbs().maxCoeff() <= tol;
}

}  // namespace articula
