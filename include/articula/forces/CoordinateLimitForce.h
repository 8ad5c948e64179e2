// OpenSim's CoordinateLimitForce on one generalized coordinate q_i: a spring that engages smoothly
// beyond each limit, with damping engaged by the same step (OpenSim 4,
// OpenSim/Simulation/Model/CoordinateLimitForce.cpp, calcLimitForce and computePotentialEnergy).
// With the penetrations d_up = q − upper and d_low = lower − q, the transition width w > 0 and
// Simbody's C² step s(y) = 10y³ − 15y⁴ + 6y⁵ on [0, 1] (0 below, 1 above; SimTK::Function::Step):
//     s_up = s(d_up / w),   s_low = s(d_low / w),
//     f_q = −K_up s_up d_up + K_low s_low d_low − c (s_up + s_low) q̇.
// The stiffness ramps from 0 to K over the first w beyond the limit, so the force and its first two
// derivatives are continuous at the limits. The spring part is conservative with
//     PE = K w² (2x⁵ − 5x⁶/2 + 6x⁷/7)   (x = d/w < 1),   K (d²/2 − w²/7)   (x >= 1)
// per side (OpenSim's expression); the damping's power −c (s_up + s_low) q̇² is dissipated. OpenSim
// takes its stiffness per degree, its limits and transition in degrees and its damping per degree/s
// for rotational coordinates; this element is in SI (the .osim import converts). One difference on
// purpose: OpenSim writes the damping's step as K_up(q)/K_up, undefined (NaN) for a zero stiffness;
// here it is s_up itself, equal whenever OpenSim's is defined. The force reaches the body's u as
// N^T f_q (see MobilityLinearSpring); quaternion entries are refused.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class CoordinateLimitForce : public ForceElement {
 public:
  struct Parameters {
    Real lower = 0, upper = 0;                    // rad or m, lower <= upper (an infinite bound: no limit)
    Real lowerStiffness = 0, upperStiffness = 0;  // >= 0, N m/rad or N/m
    Real damping = 0;                             // >= 0, N m s/rad or N s/m
    Real transition = 0;                          // w > 0, rad or m
  };
  // whichQ: index within the body's own q.
  CoordinateLimitForce(const MobilizedBody& body, int whichQ, const Parameters& p, std::string name = "");
  CoordinateLimitForce(int body, int whichQ, const Parameters& p, std::string name = "");

  int getBody() const { return body_; }
  int getWhichQ() const { return whichQ_; }
  const Parameters& getParameters() const { return p_; }
  // The generalized force on q_i (Velocity).
  Real calcCoordinateForce(const State& state, const MatterSubsystem& matter) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State& state, const MatterSubsystem& matter) const override;
  void addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D, Matrix& K) const override;
  bool addInTreeJacobian(const State& state, const MatterSubsystem& matter, TreeJacobianTerms& terms) const override;

  // The law itself at q and q̇, for tests and the linearization: the force, its partial
  // derivatives in q and q̇, and the potential energy.
  struct Law {
    Real force = 0, dForceDq = 0, dForceDqdot = 0, potentialEnergy = 0;
  };
  Law evaluate(Real q, Real qdot) const;

 private:
  int body_, whichQ_;
  Parameters p_;
  int qIndex_ = -1;
};

}  // namespace articula
