// A constant generalized force along one generalized speed u of a mobilizer (a torque for a Pin,
// a force for a Slider). Not reported as potential energy: whether it is conservative depends on
// the mobilizer's N(q).
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class MobilityConstantForce : public ForceElement {
 public:
  // whichU: index within the body's own u (0 .. nu-1).
  MobilityConstantForce(const MobilizedBody& body, int whichU, Real force, std::string name = "mobility force");
  MobilityConstantForce(int body, int whichU, Real force, std::string name = "mobility force");

  int getBody() const { return body_; }
  int getWhichU() const { return whichU_; }
  Real getForce() const { return force_; }

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  // f u; all of it non-conservative.
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

 private:
  int body_, whichU_;
  Real force_;
  int uIndex_ = -1;  // within the matter's u, set by finalize()
};

}  // namespace articula
