// Uniform viscous damping on every generalized speed: f = -c u, power -c |u|^2 <= 0. A crude but
// cheap way to bleed energy out of a whole model (e.g. to let it settle); for joint friction with
// per-joint coefficients use PassiveJointDamping.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class GlobalDamper : public ForceElement {
 public:
  // damping c >= 0 (N m s/rad on rotational u, N s/m on translational u).
  explicit GlobalDamper(Real damping, std::string name = "global damper");

  Real getDamping() const { return c_; }

  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

 private:
  Real c_;
};

}  // namespace articula
