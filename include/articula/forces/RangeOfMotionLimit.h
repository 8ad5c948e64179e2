// A joint range-of-motion limit: a penalty spring-damper per axis that acts only while the joint
// angle is outside [lower, upper]. With penetration x > 0 (angle - upper, or lower - angle) and
// its rate xdot, the restoring torque has magnitude max(0, k x + c xdot): damping acts only
// outside, and the clamp stops it from pulling the joint outward while it springs back (the
// force never changes sign). PE = sum k x^2 / 2 (continuous, zero inside the bounds).
//
// Two modes:
//  * coordinate: one generalized coordinate q_i of the joint (a Pin's angle, a Slider's
//    displacement, one Gimbal angle); the torque reaches the u as N^T f_q (see
//    MobilityLinearSpring).
//  * orientation: the rotation R_FM of the joint's M frame (on the child) in its F frame (on the
//    parent), for Ball joints and any other mobilizer that rotates in 3-D. Its per-axis angles
//    are a swing-twist decomposition R_FM = R_swing R_twist: R_twist is a rotation psi about the
//    chosen twist axis (a bone's long axis), R_swing the rotation of least angle that carries
//    that axis to its new direction, about an axis perpendicular to it. The two swing angles are
//    the components of R_swing's rotation vector (for a pure rotation about F's x by a, the x
//    angle is a), and the twist slot holds psi in [-pi, pi].
//    Why swing-twist rather than Euler angles: every Euler sequence is singular at a middle angle
//    of +-90 deg, which lies inside the hip, knee, shoulder and elbow ranges; swing-twist is
//    singular only at a swing of 180 deg, where a joint's long axis points straight back at its
//    parent. Choose F and M so that the joint's range stays clear of that (for a shoulder that
//    elevates to 180 deg, put the neutral pose with the arm abducted).
//    The angle rates are thetadot = J(R_FM) w_FM (w_FM in F, from the bodies' angular
//    velocities) and the limit applies the torque T = J^T tau (tau: the per-axis torques) in F,
//    +T on the child and -T on the parent. Its power is then exactly tau . thetadot, so the
//    torque is the gradient of the potential for every mobilizer type (tested by finite
//    differences along qdot = N u on quaternion Balls).
//
// OpenMBD bugs avoided (reference/openmbd.md §2): (1) its frame mismatch [BUG]: angles, rates and
// torque all use X_FM and w_FM in F, and the torque is applied as body torques, so no mobilizer
// convention can flip it; (2) its torque E^T tau with w = E thetadot is not the gradient of its
// penalty (the consistent map is E^-T), so its limits can create energy; ours uses J^T with
// thetadot = J w; (3) ZYX middle-angle ranges beyond 90 deg (hip -30..130, shoulder -60..180) are
// unreachable there and the other two angles jump by 180 deg at 90 deg of flexion, firing a
// spurious penalty; swing-twist has no such jump; (4) its 0.01 deg Euler dead band: our angles
// are exact; (5) revolute joints used the table's first (Z) entry whatever the hinge axis: the
// coordinate mode limits the hinge's own q; (6) the knee/ankle sign inversion [BUG] is data, so
// the signs here are stated: a positive angle is a right-handed rotation about F's axis.
#pragma once
#include <array>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/math/Rotation.h"

namespace articula {

class RangeOfMotionLimit : public ForceElement {
 public:
  // One axis: bounds (rad, or m for a translational coordinate; -inf / +inf for none),
  // stiffness k >= 0 (N m/rad) and damping c >= 0 (N m s/rad).
  struct Axis {
    Real lower = -INFINITY, upper = INFINITY, stiffness = 0, damping = 0;
  };

  // Coordinate mode: limits q_i (whichQ within the body's own q; not a quaternion entry).
  RangeOfMotionLimit(const MobilizedBody& body, int whichQ, const Axis& axis, std::string name = "");
  RangeOfMotionLimit(int body, int whichQ, const Axis& axis, std::string name = "");
  // Orientation mode: axes[0..2] limit the x, y, z angles of the swing-twist decomposition of
  // R_FM; the twistAxis slot is the twist, the other two are swing components.
  RangeOfMotionLimit(const MobilizedBody& body, CoordinateAxis twistAxis, const std::array<Axis, 3>& axes,
                     std::string name = "");
  RangeOfMotionLimit(int body, CoordinateAxis twistAxis, const std::array<Axis, 3>& axes, std::string name = "");

  bool isOrientationLimit() const { return orientation_; }
  int getBody() const { return body_; }
  int getWhichQ() const { return whichQ_; }  // -1 in orientation mode
  CoordinateAxis getTwistAxis() const { return twistAxis_; }
  const Axis& getAxis(int i) const { return axes_.at(i); }  // 0 only, in coordinate mode

  // The limited angles (Position): q_i in slot 0 for a coordinate limit, the swing-twist angles
  // for an orientation limit.
  Vec3 calcAngles(const State& state, const MatterSubsystem& matter) const;
  // The per-axis restoring torques tau (Velocity); zero inside the bounds.
  Vec3 calcAxisTorques(const State& state, const MatterSubsystem& matter) const;

  // The decomposition itself, for users and tests: angles of R_FM and back.
  static Vec3 swingTwistAngles(const Rotation& R_FM, CoordinateAxis twistAxis);
  static Rotation rotationFromSwingTwist(const Vec3& angles, CoordinateAxis twistAxis);
  // Angles and J with thetadot = J w_FM (w_FM expressed in F).
  static Vec3 swingTwistAnglesAndJacobian(const Rotation& R_FM, CoordinateAxis twistAxis, Mat33& J);

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State& state, const MatterSubsystem& matter) const override;
  // While outside the bounds: D −= Gᵀ diag(c) G, K −= Gᵀ diag(k) G with G = ∂θ/∂u on the active
  // axes (the change of J and N with q is left out); nothing inside the bounds.
  void addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D, Matrix& K) const override;
  // Structured form: a block of the limited body's own u when G has no other entries (the
  // limit is between a body and its tree parent); false otherwise.
  bool addInTreeJacobian(const State& state, const MatterSubsystem& matter, TreeJacobianTerms& terms) const override;

 private:
  struct Eval {
    Vec3 angle = Vec3::Zero(), rate = Vec3::Zero();  // per axis
    Vec3 x = Vec3::Zero(), xdot = Vec3::Zero();      // penetration and its rate
    Vec3 tau = Vec3::Zero();                         // restoring torque per axis
    Mat33 J = Mat33::Zero();                         // orientation mode: thetadot = J w_FM_F
  };
  void checkAxis(const Axis& a, const char* which) const;
  int numAxes() const { return orientation_ ? 3 : 1; }
  Eval evaluate(const State& state, const MatterSubsystem& matter, bool withVelocity) const;
  Rotation calcR_GF(const State& state, const MatterSubsystem& matter) const;
  // G = ∂θ/∂u of every axis (numAxes x nu).
  Matrix calcAngleRows(const State& state, const MatterSubsystem& matter, const Eval& e) const;

  bool orientation_;
  int body_;
  int whichQ_ = -1;
  CoordinateAxis twistAxis_ = CoordinateAxis::Z;
  std::array<Axis, 3> axes_{};
  int parent_ = -1;  // set by finalize()
  Rotation R_PF_;    // the joint's F frame on the parent
  int qIndex_ = -1;
};

}  // namespace articula
