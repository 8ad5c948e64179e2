// Private: one "perpendicular axes" row shared by ConstantOrientation and ConstantAngle. With a
// fixed in A and b fixed in B (both in G): p = a.b - c, pdot = (w_B - w_A).(b x a),
// pddot = (alpha_B - alpha_A).(b x a) + (w_B - w_A).((w_B x b) x a + b x (w_A x a)), and lambda
// is a torque lambda (b x a) on B (minus on A).
#pragma once
#include <vector>

#include "articula/math/Spatial.h"

namespace articula::constraint_kinematics {

struct AxisRow {
  Vec3 a, b;
  Vec3 axis() const { return b.cross(a); }
  Real position(Real offset) const { return a.dot(b) - offset; }
  Real velocity(const SpatialVec& VA, const SpatialVec& VB) const {
    return (Vec3(VB.head<3>()) - Vec3(VA.head<3>())).dot(axis());
  }
  // AA, AB: given accelerations; wA, wB: the State's angular velocities.
  Real acceleration(const SpatialVec& AA, const SpatialVec& AB, const Vec3& wA, const Vec3& wB) const {
    const Vec3 axisDot = wB.cross(b).cross(a) + b.cross(wA.cross(a));
    return (Vec3(AB.head<3>()) - Vec3(AA.head<3>())).dot(axis()) + (wB - wA).dot(axisDot);
  }
  void addForces(Real lambda, SpatialVec& FA, SpatialVec& FB) const {
    const Vec3 torque = lambda * axis();
    FB.head<3>() += torque;
    FA.head<3>() -= torque;
  }
};

}  // namespace articula::constraint_kinematics
