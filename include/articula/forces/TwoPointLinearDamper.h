// A linear damper between station S1 on body B1 and station S2 on body B2: force -c dL/dt along
// the line S1 -> S2 (it resists the stations' approach and separation only, not sliding across
// the line). Purely dissipative: power -c (dL/dt)^2 <= 0. When the stations coincide the line is
// undefined and the damper applies no force.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class TwoPointLinearDamper : public ForceElement {
 public:
  // damping c >= 0 (N s/m).
  TwoPointLinearDamper(const MobilizedBody& body1, const Vec3& p_B1S1, const MobilizedBody& body2, const Vec3& p_B2S2,
                       Real damping, std::string name = "");
  TwoPointLinearDamper(int body1, const Vec3& p_B1S1, int body2, const Vec3& p_B2S2, Real damping,
                       std::string name = "");

  int getBody1() const { return body1_; }
  int getBody2() const { return body2_; }
  Real getDamping() const { return c_; }
  // dL/dt, m/s (Velocity); zero when the stations coincide.
  Real calcLengthRate(const State& state, const MatterSubsystem& matter) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

 private:
  int body1_, body2_;
  Vec3 p1_, p2_;
  Real c_;
};

}  // namespace articula
