// Spatial-vector operations: [angular; linear], Theory Manual §3.2 and ch. 12.
// Motion vectors (V, A) refer their linear part to a point; force vectors (F) their moment.
#pragma once
#include "articula/math/Transform.h"

namespace articula {

inline SpatialVec spatialVec(const Vec3& angular, const Vec3& linear) {
  SpatialVec s;
  s << angular, linear;
  return s;
}

// The shifts build their result from the two halves rather than copying the 6-vector and
// updating one half in place: that reads the linear half (bytes 24-47) across two 16-byte stores
// just made, which stalls store forwarding, and these run once per body in every sweep.

// Motion vector known at point A, returned at point B; p_AB is the vector from A to B (S^{BA}).
inline SpatialVec shiftMotion(const SpatialVec& V_A, const Vec3& p_AB) {
  const Vec3 w = V_A.head<3>();
  return spatialVec(w, Vec3(V_A.tail<3>()) + w.cross(p_AB));
}

// Force vector with moment about A, returned with moment about B (S*): m_B = m_A + (A - B) x f.
inline SpatialVec shiftForce(const SpatialVec& F_A, const Vec3& p_AB) {
  const Vec3 f = F_A.tail<3>();
  return spatialVec(Vec3(F_A.head<3>()) - p_AB.cross(f), f);
}

// Re-expresses either kind of spatial vector in another frame: diag(R_AB, R_AB) * V_B.
inline SpatialVec reexpress(const Rotation& R_AB, const SpatialVec& V_B) {
  return spatialVec(R_AB * Vec3(V_B.head<3>()), R_AB * Vec3(V_B.tail<3>()));
}

// Spatial cross products (Featherstone): motion x motion, and motion x* force.
inline SpatialVec crossMotion(const SpatialVec& V, const SpatialVec& W) {
  const Vec3 w = V.head<3>(), v = V.tail<3>();
  return spatialVec(w.cross(Vec3(W.head<3>())), w.cross(Vec3(W.tail<3>())) + v.cross(Vec3(W.head<3>())));
}
inline SpatialVec crossForce(const SpatialVec& V, const SpatialVec& F) {
  const Vec3 w = V.head<3>(), v = V.tail<3>();
  return spatialVec(w.cross(Vec3(F.head<3>())) + v.cross(Vec3(F.tail<3>())), w.cross(Vec3(F.tail<3>())));
}

// 6x6 forms of the shift operators, used in tests and dense cross-checks.
// phi(l) = [[1, l x], [0, 1]] moves a force from the far point to the near one (l = near->far).
inline Mat66 forceShiftMatrix(const Vec3& l) {
  Mat66 m = Mat66::Identity();
  m.topRightCorner<3, 3>() = skew(l);
  return m;
}

// Rigid shift of a 6x6 inertia-like matrix P (about the far point) to the near point:
// phi(l) P phi(l)^T, done blockwise (72 flops in the manual's count, symmetry preserved).
Mat66 shiftInertiaMatrix(const Mat66& P, const Vec3& l);

}  // namespace articula
