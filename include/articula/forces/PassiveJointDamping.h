// Viscous joint damping with a coefficient per generalized speed: f_i = -c_i u_i, power
// -sum c_i u_i^2 <= 0. By default every mobility of every joint gets the same c except root
// joints (parent Ground), whose "damping" would be a drag against Ground rather than joint
// friction; per-body and per-mobility overrides follow in the order they are given.
//
// OpenMBD's passive damping [BUG, instability] (reference/openmbd.md §2) is one c = 40 N m s/rad
// on every DOF, integrated explicitly with dt = 1e-4: for the hand's roll (inertia 8.3e-4) that
// exceeds the explicit limit and the wrist locks into a +-10 rad/s limit cycle. Here the
// coefficients are per mobility (light distal joints can get less), the error-controlled
// integrators shrink their steps on their own, and calcStableStepLimit() gives a fixed-step user
// the exact bound before running.
#pragma once
#include <vector>

#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class PassiveJointDamping : public ForceElement {
 public:
  // defaultDamping c >= 0 (N m s/rad on rotational u, N s/m on translational u).
  explicit PassiveJointDamping(Real defaultDamping, std::string name = "passive joint damping");

  // Root joints get defaultDamping too if true (default false: they get 0).
  PassiveJointDamping& setDampRootJoints(bool damp);
  // Every u of the body's mobilizer, or one of them.
  PassiveJointDamping& setBodyDamping(const MobilizedBody& body, Real damping);
  PassiveJointDamping& setBodyDamping(int body, Real damping);
  PassiveJointDamping& setMobilityDamping(const MobilizedBody& body, int whichU, Real damping);
  PassiveJointDamping& setMobilityDamping(int body, int whichU, Real damping);

  Real getDefaultDamping() const { return default_; }
  // Coefficient on the matter's u[i] (after the System is built).
  Real getDamping(int uIndex) const;

  // Largest fixed step h for which an explicit or semi-explicit Euler step of this damping is
  // stable: the velocity update u <- (1 - h M^-1 C) u needs h <= 2 / lambda_max with
  // C x = lambda M x. Infinite without damping. Position stage; forms M (O(n^3), not a hot path).
  // ∂τ/∂u = −diag(c).
  void addInForceJacobian(const State& state, const MatterSubsystem& matter, Matrix& D, Matrix& K) const override;
  bool addInTreeJacobian(const State& state, const MatterSubsystem& matter, TreeJacobianTerms& terms) const override;
  Real calcStableStepLimit(const State& state, const MatterSubsystem& matter) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

 private:
  struct Override {
    int body, whichU;  // whichU -1: every u of the body
    Real damping;
  };
  Real default_;
  bool dampRoots_ = false;
  std::vector<Override> overrides_;
  Vector c_;  // per u, built by finalize()
};

}  // namespace articula
