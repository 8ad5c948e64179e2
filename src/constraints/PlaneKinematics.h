// Private: a "station in a plane of another body" row shared by PointInPlane and PointOnLine.
// n is fixed in A (in G), d = p_S - p_Ao; p = n.d - h, pdot = n.(v_S - v_C) with v_C the velocity
// of A's material point at S, pddot = (w_A x n).(v_S - v_C) + n.(a_S - a_Ao - alpha_A x d -
// w_A x (v_S - v_Ao)). lambda is a force lambda n on B at S and -lambda n on A at the same point.
#pragma once
#include "StationKinematics.h"

namespace articula::constraint_kinematics {

struct PlaneRow {
  Vec3 n;   // plane normal in G
  Vec3 d;   // p_S - p_Ao, in G
  Vec3 rB;  // p_S - p_Bo, in G
  Real position(Real height) const { return n.dot(d) - height; }
  Real velocity(const SpatialVec& VA, const SpatialVec& VB) const {
    const Vec3 vC = stationVelocity(VA, d);
    return n.dot(stationVelocity(VB, rB) - vC);
  }
  // AA, AB given; VA, VB the State's velocities.
  Real acceleration(const SpatialVec& AA, const SpatialVec& AB, const SpatialVec& VA, const SpatialVec& VB) const {
    const Vec3 wA = VA.head<3>(), vAo = VA.tail<3>();
    const Vec3 vS = stationVelocity(VB, rB), vC = stationVelocity(VA, d);
    const Vec3 aS = stationAcceleration(AB, Vec3(VB.head<3>()), rB);
    const Vec3 inner = aS - Vec3(AA.tail<3>()) - Vec3(AA.head<3>()).cross(d) - wA.cross(vS - vAo);
    return wA.cross(n).dot(vS - vC) + n.dot(inner);
  }
  void addForces(Real lambda, SpatialVec& FA, SpatialVec& FB) const {
    addStationForce(FB, rB, lambda * n);
    addStationForce(FA, d, -lambda * n);
  }
};

}  // namespace articula::constraint_kinematics
