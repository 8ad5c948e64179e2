#include "articula/forces/CustomForce.h"

#include "ElementSupport.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "CustomForce";
}

CustomForce::CustomForce(ForceFunction force, std::string name)
    : ForceElement(std::move(name)), force_(std::move(force)) {
  if (!force_) fail(kType, getName(), "force callback is empty");
}

CustomForce::ScalarFunction CustomForce::checked(ScalarFunction f, const char* what) {
  requireNotFrozen(what);
  if (!f) fail(kType, getName(), what, " callback is empty");
  return f;
}

CustomForce& CustomForce::setPotentialEnergy(ScalarFunction pe) {
  pe_ = checked(std::move(pe), "potential energy");
  return *this;
}

CustomForce& CustomForce::setPower(ScalarFunction power) {
  power_ = checked(std::move(power), "power");
  return *this;
}

CustomForce& CustomForce::setNonConservativePower(ScalarFunction power) {
  ncPower_ = checked(std::move(power), "non-conservative power");
  return *this;
}

void CustomForce::calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                            Vector& mobilityForces) const {
  force_(state, matter, bodyForces_G, mobilityForces);
}

Real CustomForce::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  return pe_ ? pe_(state, matter) : 0;
}

Real CustomForce::calcPower(const State& state, const MatterSubsystem& matter) const {
  return power_ ? power_(state, matter) : ForceElement::calcPower(state, matter);
}

Real CustomForce::calcNonConservativePower(const State& state, const MatterSubsystem& matter) const {
  if (ncPower_) return ncPower_(state, matter);
  return pe_ ? 0 : calcPower(state, matter);
}

}  // namespace articula
