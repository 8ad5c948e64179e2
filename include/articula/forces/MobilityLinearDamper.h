// A linear damper on one generalized speed u_i of a mobilizer: generalized force -c u_i, power
// -c u_i^2 <= 0.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class MobilityLinearDamper : public ForceElement {
 public:
  // whichU: index within the body's own u; damping c >= 0 (N m s/rad or N s/m).
  MobilityLinearDamper(const MobilizedBody& body, int whichU, Real damping, std::string name = "");
  MobilityLinearDamper(int body, int whichU, Real damping, std::string name = "");

  int getBody() const { return body_; }
  int getWhichU() const { return whichU_; }
  Real getDamping() const { return c_; }

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

 private:
  int body_, whichU_;
  Real c_;
  int uIndex_ = -1;  // within the matter's u, set by finalize()
};

}  // namespace articula
