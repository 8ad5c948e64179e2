// MJCF orientations (MjcfFrames.h): MuJoCo 2.2.2's conversions (user_util.cc), checked against
// mj_kinematics on the same frames (tests/model/internal/MjcfFrames_test.cpp has hand-computed ones).
#include "MjcfFrames.h"

#include <cmath>
#include <stdexcept>

namespace articula::model::mjcf {

Rotation fromQuat(const Vec4& wxyz) { return Quaternion(wxyz / wxyz.norm()).toRotation(); }

Rotation fromAxisAngle(const Vec3& axis, Real angle) { return Rotation::aboutAxis(angle, axis.normalized()); }

Rotation fromEuler(const Vec3& angles, const std::string& seq) {
  if (seq.size() != 3) throw std::invalid_argument("eulerseq needs 3 letters");
  Mat33 R = Mat33::Identity();
  for (int i = 0; i < 3; ++i) {
    const char c = seq[static_cast<size_t>(i)];
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower != 'x' && lower != 'y' && lower != 'z')
      throw std::invalid_argument("eulerseq letters are x, y, z, X, Y, Z");
    const Mat33 step = (lower == 'x'   ? Rotation::aboutX(angles[i])
                        : lower == 'y' ? Rotation::aboutY(angles[i])
                                       : Rotation::aboutZ(angles[i]))
                           .matrix();
    R = c == lower ? Mat33(R * step) : Mat33(step * R);  // rotating axes: post-multiply; fixed: pre-multiply
  }
  return Rotation::nearest(R);
}

Rotation fromXyAxes(const Vec3& x, const Vec3& y) {
  const Vec3 ex = x.normalized();
  const Vec3 ey = (y - ex * ex.dot(y)).normalized();
  Mat33 R;
  R << ex, ey, ex.cross(ey);
  return Rotation::nearest(R);
}

Rotation fromZAxis(const Vec3& z) {
  const Vec3 v = z.normalized();
  Vec3 axis = Vec3::UnitZ().cross(v);
  const Real s = axis.norm();
  if (s < 1e-15) return v.z() > 0 ? Rotation() : Rotation::aboutX(M_PI);  // MuJoCo: about x for -z
  return Rotation::aboutAxis(std::atan2(s, v.z()), axis / s);
}

Transform fromTo(const Vec3& from, const Vec3& to) { return Transform(fromZAxis(to - from), (from + to) / 2); }

}  // namespace articula::model::mjcf
