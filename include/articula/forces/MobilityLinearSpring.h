// A linear spring on one generalized coordinate q_i of a mobilizer: PE = k (q_i - q0)^2 / 2.
// The coordinate force f_q = -k (q_i - q0) is applied to the body's generalized speeds as N^T f_q,
// so it is exactly -dPE/dq mapped through qdot = N u for every mobilizer (for a Pin or Slider,
// N = I and this is a torque or force on the same mobility). Quaternion entries are refused.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class MobilityLinearSpring : public ForceElement {
 public:
  // whichQ: index within the body's own q; stiffness k >= 0 (N m/rad or N/m); q0: the
  // coordinate's rest value.
  MobilityLinearSpring(const MobilizedBody& body, int whichQ, Real stiffness, Real q0, std::string name = "");
  MobilityLinearSpring(int body, int whichQ, Real stiffness, Real q0, std::string name = "");

  int getBody() const { return body_; }
  int getWhichQ() const { return whichQ_; }
  Real getStiffness() const { return k_; }
  Real getRestValue() const { return q0_; }

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State&, const MatterSubsystem&) const override { return 0; }

 private:
  Real q(const State& state, const MatterSubsystem& matter) const;
  int body_, whichQ_;
  Real k_, q0_;
  int qIndex_ = -1;  // within the matter's q, set by finalize()
};

}  // namespace articula
