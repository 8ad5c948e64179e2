// Unit quaternions, scalar first: construction, conversion to a rotation matrix and angle-axis.
#include <cmath>
#include <sstream>

#include "articula/Error.h"
#include "articula/math/Rotation.h"

namespace articula {

Quaternion::Quaternion(const Vec4& wxyz) {
  const Real n = wxyz.norm();
  // A zero or non-finite vector has no direction, so there is no rotation to normalize it to.
  if (!std::isfinite(n) || n == 0) {
    std::ostringstream msg;
    msg << "Quaternion: cannot normalize [" << wxyz.transpose() << "] (norm " << n << ")";
    throw Error(msg.str());
  }
  q_ = wxyz / n;
}

Quaternion Quaternion::fromNormalized(const Vec4& wxyz) {
  Quaternion q;
  q.q_ = wxyz;
  return q;
}

Rotation Quaternion::toRotation() const {
  const Real w = q_[0], x = q_[1], y = q_[2], z = q_[3];
  Mat33 R;
  R << 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), 2 * (x * y + w * z), 1 - 2 * (x * x + z * z),
      2 * (y * z - w * x), 2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y);
  return Rotation::trusted(R);
}

std::pair<Real, Vec3> Quaternion::toAngleAxis() const {
  // q and -q are the same rotation; picking w >= 0 puts the angle in [0, pi]. atan2 stays accurate
  // for small angles where acos(w) would lose half the digits.
  const Real s = q_[0] < 0 ? -1.0 : 1.0;
  const Vec3 v = s * vec();
  const Real vn = v.norm();
  if (vn == 0) return {0.0, Vec3::UnitX()};
  return {2 * std::atan2(vn, s * q_[0]), v / vn};
}

}  // namespace articula
