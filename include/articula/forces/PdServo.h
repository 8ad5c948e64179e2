// A PD position servo on one generalized coordinate q_i of a joint (a Pin's angle, a Slider's
// displacement, one Gimbal angle; not a quaternion entry):
//   tau_q = kp (r(t) - q_i) + kd (r'(t) - qdot_i),  clamped to |tau_q| <= limit,
// applied to the body's u as N^T tau_q (as MobilityLinearSpring). The target r(t) is a function of
// time (tracking a recorded motion) or, without one, the coordinate's reference value held in the
// State (posture holding): recordReferencePosture() sets it to the State's q_i, a model builder
// does so once the initial state is assembled.
// On a pendulum of inertia I about its pin (no gravity) the error obeys I e'' + kd e' + kp e = 0:
// natural frequency sqrt(kp / I), damping ratio kd / (2 sqrt(kp I)).
// The servo stores no energy: its whole power tau_q qdot_i is input work (the actuators' work).
#pragma once
#include <limits>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/math/Function.h"

namespace articula {

class PdServo : public ForceElement {
 public:
  // whichQ: index within the body's own q; kp >= 0 (N m/rad or N/m), kd >= 0 (N m s/rad or N s/m);
  // target: a function of time, or null to hold the reference value; limit > 0 (infinite: none).
  PdServo(const MobilizedBody& body, int whichQ, Real kp, Real kd, FunctionPtr target = nullptr,
          Real limit = std::numeric_limits<Real>::infinity(), std::string name = "");
  PdServo(int body, int whichQ, Real kp, Real kd, FunctionPtr target = nullptr,
          Real limit = std::numeric_limits<Real>::infinity(), std::string name = "");

  int getBody() const { return body_; }
  int getWhichQ() const { return whichQ_; }
  Real getKp() const { return kp_; }
  Real getKd() const { return kd_; }
  Real getLimit() const { return limit_; }
  bool holdsReference() const { return !target_; }
  // The target and its rate at the State's time.
  Real calcTarget(const State& state) const;
  Real calcTargetRate(const State& state) const;
  // Posture holding: the held value, and setting it directly (throws with a target function).
  Real getReference(const State& state) const;
  void setReference(State& state, Real q) const;
  // tau_q at the State (clamped); Velocity.
  Real calcTorque(const State& state, const MatterSubsystem& matter) const;

  void finalize(const MatterSubsystem& matter) override;
  void allocateState(State& state, int subsystem) override;
  void recordReferencePosture(State& state, const MatterSubsystem& matter) const override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  // D -= kd n n^T, K -= kp n n^T with n the coordinate's row of N (nothing while clamped).
  void addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D, Matrix& K) const override;
  bool addInTreeJacobian(const State& state, const MatterSubsystem& matter, TreeJacobianTerms& terms) const override;

 private:
  bool clamped(const State& state, const MatterSubsystem& matter) const;
  int body_, whichQ_;
  Real kp_, kd_;
  FunctionPtr target_;
  Real limit_;
  int qIndex_ = -1;          // within the matter's q, set by finalize()
  Real defaultQ_ = 0;        // the coordinate's default value: the reference until one is recorded
  int referenceIndex_ = -1;  // discrete variable (Real) when holding
};

}  // namespace articula
