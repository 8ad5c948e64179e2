// A force element written by the user as callbacks. The force callback adds body forces
// ([moment about Bo; force] in Ground, per body) and mobility forces (per u) into the
// accumulators, like ForceElement::calcForce; it must not allocate if the model is to keep the
// hot path allocation-free. Optional callbacks give the potential energy and the powers:
//  * without a power callback the power is computed from the forces (F . V + f . u);
//  * without a non-conservative power callback it is 0 when a potential energy callback is given
//    (the forces are then taken to be exactly -grad PE) and the whole power otherwise.
// For more control, derive from ForceElement directly; CustomForce is the short way.
#pragma once
#include <functional>

#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class CustomForce : public ForceElement {
 public:
  using ForceFunction = std::function<void(const State&, const MatterSubsystem&, std::vector<SpatialVec>& bodyForces_G,
                                           Vector& mobilityForces)>;
  using ScalarFunction = std::function<Real(const State&, const MatterSubsystem&)>;

  explicit CustomForce(ForceFunction force, std::string name = "custom force");
  CustomForce& setPotentialEnergy(ScalarFunction pe);
  CustomForce& setPower(ScalarFunction power);
  CustomForce& setNonConservativePower(ScalarFunction power);

  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State& state, const MatterSubsystem& matter) const override;

 private:
  ScalarFunction checked(ScalarFunction f, const char* what);
  ForceFunction force_;
  ScalarFunction pe_, power_, ncPower_;
};

}  // namespace articula
