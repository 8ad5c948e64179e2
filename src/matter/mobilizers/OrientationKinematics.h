// Internal helpers shared by the orientation mobilizers (ball, free, ellipsoid, lineOrientation,
// freeLine): rotation matrices from quaternion or body-fixed x-y-z coordinates, and the maps N
// between angular velocity and coordinate rates. Quaternions are scalar first, q = (w, v).
#pragma once
#include <cmath>
#include <limits>
#include <sstream>

#include "articula/Error.h"
#include "articula/math/Types.h"

namespace articula::mobilizers::detail {

inline void store3(const Vec3& v, Real* out) {
  out[0] = v[0];
  out[1] = v[1];
  out[2] = v[2];
}

// R_FM of a quaternion that need not have unit length: finite-difference paths and integrators
// step off the unit sphere, and the rotation must only depend on the direction of q.
inline Mat33 quaternionToMatrix(const Real* q) {
  const Real n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  const Real s = 2 / n2;
  const Real w = q[0], x = q[1], y = q[2], z = q[3];
  Mat33 R;
  R << 1 - s * (y * y + z * z), s * (x * y - w * z), s * (x * z + w * y), s * (x * y + w * z), 1 - s * (x * x + z * z),
      s * (y * z - w * x), s * (x * z - w * y), s * (y * z + w * x), 1 - s * (x * x + y * y);
  return R;
}

// qdot = 1/2 [-v^T; w 1 - v x] w_F, i.e. qdot = 1/2 (0, w_F) * q. Linear in q, so the same
// function with q replaced by qdot gives NDot.
inline void quaternionRateFromW_F(const Real* q, const Vec3& w_F, Real* qdot) {
  const Vec3 v(q[1], q[2], q[3]);
  const Vec3 r = q[0] * w_F - v.cross(w_F);
  qdot[0] = -0.5 * v.dot(w_F);
  qdot[1] = 0.5 * r[0];
  qdot[2] = 0.5 * r[1];
  qdot[3] = 0.5 * r[2];
}

// Left inverse of the above for unit q: w_F = 2 [-v, w 1 + v x] qdot.
inline Vec3 wFFromQuaternionRate(const Real* q, const Real* qdot) {
  const Vec3 v(q[1], q[2], q[3]), vd(qdot[1], qdot[2], qdot[3]);
  return 2 * (-qdot[0] * v + q[0] * vd + v.cross(vd));
}

// qdot = 1/2 [-v^T; w 1 + v x] w_M, i.e. qdot = 1/2 q * (0, w_M); also linear in q.
inline void quaternionRateFromW_M(const Real* q, const Vec3& w_M, Real* qdot) {
  const Vec3 v(q[1], q[2], q[3]);
  const Vec3 r = q[0] * w_M + v.cross(w_M);
  qdot[0] = -0.5 * v.dot(w_M);
  qdot[1] = 0.5 * r[0];
  qdot[2] = 0.5 * r[1];
  qdot[3] = 0.5 * r[2];
}

// Left inverse for unit q: w_M = 2 [-v, w 1 - v x] qdot.
inline Vec3 wMFromQuaternionRate(const Real* q, const Real* qdot) {
  const Vec3 v(q[1], q[2], q[3]), vd(qdot[1], qdot[2], qdot[3]);
  return 2 * (-qdot[0] * v + q[0] * vd - v.cross(vd));
}

// Scales the four entries at q to unit length. Reports no change when q is already unit to
// rounding, so that normalizing twice is a no-op; a zero or non-finite quaternion is an error.
inline bool normalizeQuaternion(Real* q, const char* owner) {
  const Real n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  if (!(n2 > 0) || !std::isfinite(n2)) {
    std::ostringstream m;
    m << owner << ": cannot normalize quaternion q = (" << q[0] << ", " << q[1] << ", " << q[2] << ", " << q[3]
      << "): zero or non-finite length";
    throw Error(m.str());
  }
  if (std::abs(n2 - 1) <= 4 * std::numeric_limits<Real>::epsilon()) return false;
  const Real s = 1 / std::sqrt(n2);
  for (int i = 0; i < 4; ++i) q[i] *= s;
  return true;
}

// Body-fixed x-y-z angles: R_FM = Rx(q0) Ry(q1) Rz(q2).
inline Mat33 eulerXYZToMatrix(const Real* q) {
  const Real c0 = std::cos(q[0]), s0 = std::sin(q[0]), c1 = std::cos(q[1]), s1 = std::sin(q[1]);
  const Real c2 = std::cos(q[2]), s2 = std::sin(q[2]);
  Mat33 R;
  R << c1 * c2, -c1 * s2, s1, s0 * s1 * c2 + c0 * s2, -s0 * s1 * s2 + c0 * c2, -s0 * c1, -c0 * s1 * c2 + s0 * s2,
      c0 * s1 * s2 + s0 * c2, c0 * c1;
  return R;
}

// w_F = E(q) qdot: the columns are F's x, then y after Rx(q0), then z after Rx(q0) Ry(q1).
inline Mat33 eulerXYZRateMatrix(const Real* q) {
  const Real c0 = std::cos(q[0]), s0 = std::sin(q[0]), c1 = std::cos(q[1]), s1 = std::sin(q[1]);
  Mat33 E;
  E << 1, 0, s1, 0, c0, -s0 * c1, 0, s0, c0 * c1;
  return E;
}

// dE/dt along the angle rates qd.
inline Mat33 eulerXYZRateMatrixDot(const Real* q, const Vec3& qd) {
  const Real c0 = std::cos(q[0]), s0 = std::sin(q[0]), c1 = std::cos(q[1]), s1 = std::sin(q[1]);
  Mat33 Ed;
  Ed << 0, 0, c1 * qd[1], 0, -s0 * qd[0], -c0 * c1 * qd[0] + s0 * s1 * qd[1], 0, c0 * qd[0],
      -s0 * c1 * qd[0] - c0 * s1 * qd[1];
  return Ed;
}

// qdot = E^-1 w_F. E is solved in closed form (det E = cos q1, singular at q1 = +-pi/2 as
// every 3-angle set must be somewhere).
inline Vec3 eulerXYZRatesFromW_F(const Real* q, const Vec3& w) {
  const Real c0 = std::cos(q[0]), s0 = std::sin(q[0]), c1 = std::cos(q[1]), s1 = std::sin(q[1]);
  const Real q2d = (-s0 * w[1] + c0 * w[2]) / c1;
  const Real q1d = c0 * w[1] + s0 * w[2];
  const Real q0d = w[0] - s1 * q2d;
  return Vec3(q0d, q1d, q2d);
}

// d/dt (E^-1) v = -E^-1 Edot E^-1 v, with Edot taken along qdot = E^-1 w_F.
inline Vec3 eulerXYZNDotTimes(const Real* q, const Vec3& w_F, const Vec3& v) {
  const Vec3 qd = eulerXYZRatesFromW_F(q, w_F);
  const Vec3 Ninv_v = eulerXYZRatesFromW_F(q, v);
  return -eulerXYZRatesFromW_F(q, eulerXYZRateMatrixDot(q, qd) * Ninv_v);
}

// The rotational part Ball and Free share: q[0..) is a quaternion (4) or x-y-z angles (3) giving
// R_FM, and u[0..3) is w_FM expressed in F.
struct OrientationInF {
  bool quaternion;

  int nq() const { return quaternion ? 4 : 3; }
  Mat33 rotation(const Real* q) const { return quaternion ? quaternionToMatrix(q) : eulerXYZToMatrix(q); }
  void qdotFromW(const Real* q, const Vec3& w, Real* qdot) const {
    if (quaternion) {
      quaternionRateFromW_F(q, w, qdot);
    } else {
      store3(eulerXYZRatesFromW_F(q, w), qdot);
    }
  }
  Vec3 wFromQdot(const Real* q, const Real* qdot) const {
    return quaternion ? wFFromQuaternionRate(q, qdot) : Vec3(eulerXYZRateMatrix(q) * Vec3(qdot[0], qdot[1], qdot[2]));
  }
  // NDot(q, w) v for the rotational coordinates.
  void nDotTimes(const Real* q, const Vec3& w, const Vec3& v, Real* out) const {
    if (quaternion) {
      Real qdot[4];  // N is linear in q, so NDot = N(qdot)
      quaternionRateFromW_F(q, w, qdot);
      quaternionRateFromW_F(qdot, v, out);
    } else {
      store3(eulerXYZNDotTimes(q, w, v), out);
    }
  }
};

}  // namespace articula::mobilizers::detail
