// A one-sided limit on one generalized coordinate q_i (a joint stop): no force while
// lower <= q_i <= upper; outside, with penetration x > 0 (q_i - upper, or lower - q_i) and its
// rate xdot, a restoring force of magnitude max(0, k x (1 + d xdot)) (Hunt-Crossley form).
// Why this form: the force is continuous at the bound (x = 0 gives 0 whatever the speed), the
// dissipation grows with penetration like real contact, and the clamp means the stop never pulls
// the coordinate outward while it springs back. This avoids OpenMBD's contact bug of a damping
// force c|v| acting without penetration (reference/openmbd.md §2, "The force path never checks
// pen > 0"). PE = k x^2 / 2; the non-conservative power (k x - force) xdot is never positive.
// The force reaches the body's u as N^T f_q (see MobilityLinearSpring); an infinite bound means
// no stop on that side.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class MobilityLinearStop : public ForceElement {
 public:
  // whichQ: index within the body's own q; lower <= upper (rad or m; -inf / +inf for none);
  // stiffness k >= 0 (N m/rad or N/m); dissipation d >= 0 (s/rad or s/m).
  MobilityLinearStop(const MobilizedBody& body, int whichQ, Real lower, Real upper, Real stiffness, Real dissipation,
                     std::string name = "");
  MobilityLinearStop(int body, int whichQ, Real lower, Real upper, Real stiffness, Real dissipation,
                     std::string name = "");

  int getBody() const { return body_; }
  int getWhichQ() const { return whichQ_; }
  Real getLowerBound() const { return lower_; }
  Real getUpperBound() const { return upper_; }
  Real getStiffness() const { return k_; }
  Real getDissipation() const { return d_; }
  // The generalized force on q_i (Velocity): zero inside the bounds.
  Real calcCoordinateForce(const State& state, const MatterSubsystem& matter) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State& state, const MatterSubsystem& matter) const override;

 private:
  Real penetration(Real q) const;  // > 0 outside, 0 inside
  Real qdot(const State& state, const MatterSubsystem& matter) const;
  Real coordinateForce(Real q, Real qdot) const;
  int body_, whichQ_;
  Real lower_, upper_, k_, d_;
  int qIndex_ = -1;
};

}  // namespace articula
