// Private: motion of body-fixed stations and directions from a body's spatial velocity and
// classical acceleration (at Bo, in G), and station forces as spatial forces about Bo.
#pragma once
#include "articula/math/Spatial.h"

namespace articula::constraint_kinematics {

// r = station offset from Bo, in G.
inline Vec3 stationVelocity(const SpatialVec& V, const Vec3& r) {
  return Vec3(V.tail<3>()) + Vec3(V.head<3>()).cross(r);
}
// A is the (given) acceleration; w is the State's angular velocity of the body.
inline Vec3 stationAcceleration(const SpatialVec& A, const Vec3& w, const Vec3& r) {
  return Vec3(A.tail<3>()) + Vec3(A.head<3>()).cross(r) + w.cross(w.cross(r));
}
inline Vec3 angular(const SpatialVec& V) { return V.head<3>(); }
// Adds force f acting at station offset r to the spatial force F about Bo.
inline void addStationForce(SpatialVec& F, const Vec3& r, const Vec3& f) {
  F.head<3>() += r.cross(f);
  F.tail<3>() += f;
}
inline void addTorque(SpatialVec& F, const Vec3& torque) { F.head<3>() += torque; }

}  // namespace articula::constraint_kinematics
