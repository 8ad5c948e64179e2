// Euler-angle sequences (all 12, body- and space-fixed) to and from rotation matrices.
//
// Notation: for a body-fixed sequence (i, j, k) with R = R_i(a) R_j(b) R_k(c), e = +1 when
// (i, j, k) is a cyclic permutation of (x, y, z) and -1 otherwise; for proper Euler (i, j, i) the
// third axis k is the remaining one and e is the parity of (i, j, k).
#include <cmath>
#include <numbers>
#include <sstream>

#include "articula/Error.h"
#include "articula/math/Rotation.h"

namespace articula {

namespace {

using Axes = std::array<CoordinateAxis, 3>;
constexpr Real kPi = std::numbers::pi;

Rotation about(CoordinateAxis a, Real angle) {
  switch (a) {
    case CoordinateAxis::X: return Rotation::aboutX(angle);
    case CoordinateAxis::Y: return Rotation::aboutY(angle);
    default: return Rotation::aboutZ(angle);
  }
}

// Wraps to (-pi, pi]; inputs here are within one turn of that range.
Real wrap(Real a) {
  if (a > kPi) return a - 2 * kPi;
  if (a <= -kPi) return a + 2 * kPi;
  return a;
}

void checkAxes(const Axes& axes, const char* where) {
  const int i = static_cast<int>(axes[0]), j = static_cast<int>(axes[1]), k = static_cast<int>(axes[2]);
  const auto inRange = [](int a) { return a >= 0 && a <= 2; };
  if (!inRange(i) || !inRange(j) || !inRange(k) || i == j || j == k) {
    std::ostringstream msg;
    msg << where << ": invalid axis sequence (" << i << ", " << j << ", " << k << "); consecutive axes must differ";
    throw Error(msg.str());
  }
}

}  // namespace

Rotation Rotation::bodyFixed(const Vec3& angles, Axes axes) {
  checkAxes(axes, "Rotation::bodyFixed");
  return about(axes[0], angles[0]) * about(axes[1], angles[1]) * about(axes[2], angles[2]);
}

Rotation Rotation::spaceFixed(const Vec3& angles, Axes axes) {
  checkAxes(axes, "Rotation::spaceFixed");
  return about(axes[2], angles[2]) * about(axes[1], angles[1]) * about(axes[0], angles[0]);
}

// Strategy, robust at gimbal lock: take the first angle a from the entries that determine it when
// the middle rotation is not degenerate; at (or near) the lock those entries are tiny and a is
// arbitrary, but any a then has a matching (b, c). So b and c are read from M = R_i(a)^T R
// = R_j(b) R_k(c), whose entries used here are O(1), and R_i(a) R_j(b) R_k(c) reproduces R to
// rounding whatever a came out as.
Vec3 Rotation::toBodyFixed(Axes axes) const {
  checkAxes(axes, "Rotation::toBodyFixed");
  const int i = static_cast<int>(axes[0]), j = static_cast<int>(axes[1]);
  const Mat33& R = R_;
  Real a, b, c;
  if (axes[2] != axes[0]) {  // Tait-Bryan
    const int k = static_cast<int>(axes[2]);
    const Real e = ((j - i + 3) % 3 == 1) ? 1.0 : -1.0;
    // Column k of R = R_i(a) [e sin b, cos b] (in the i, k slots): a from rows j and k.
    a = std::atan2(-e * R(j, k), R(k, k));
    const Mat33 M = about(axes[0], a).matrix().transpose() * R;
    // Row j of M is row j of R_k(c) = (cos c at j, e sin c at i); column k of M is R_j(b) e_k.
    c = std::atan2(e * M(j, i), M(j, j));
    b = std::atan2(e * M(i, k), M(k, k));
    // If a landed on the other branch (cos b < 0), move to the equivalent triple with
    // b in [-pi/2, pi/2]: R_i(a+pi) R_j(pi-b) R_k(c+pi) == R_i(a) R_j(b) R_k(c).
    if (std::abs(b) > kPi / 2) {
      b = (b > 0 ? kPi : -kPi) - b;
      a += kPi;
      c += kPi;
    }
  } else {  // proper Euler (i, j, i)
    const int k = 3 - i - j;
    const Real e = ((j - i + 3) % 3 == 1) ? 1.0 : -1.0;
    // Column i of R = cos b e_i + sin b sin a e_j - e sin b cos a e_k.
    a = std::atan2(R(j, i), -e * R(k, i));
    const Mat33 M = about(axes[0], a).matrix().transpose() * R;
    // Row j of M is row j of R_i(c) = (cos c at j, -e sin c at k); column i of M is R_j(b) e_i.
    c = std::atan2(-e * M(j, k), M(j, j));
    b = std::atan2(-e * M(k, i), M(i, i));
    // b in [0, pi]: R_i(a+pi) R_j(-b) R_i(c+pi) == R_i(a) R_j(b) R_i(c).
    if (b < 0) {
      b = -b;
      a += kPi;
      c += kPi;
    }
  }
  return Vec3(wrap(a), b, wrap(c));
}

// R = R_a3(t3) R_a2(t2) R_a1(t1) is the body-fixed sequence (a3, a2, a1) with angles reversed.
Vec3 Rotation::toSpaceFixed(Axes axes) const {
  checkAxes(axes, "Rotation::toSpaceFixed");
  const Vec3 t = toBodyFixed({axes[2], axes[1], axes[0]});
  return Vec3(t[2], t[1], t[0]);
}

}  // namespace articula
