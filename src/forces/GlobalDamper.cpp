#include "articula/forces/GlobalDamper.h"

#include "ElementSupport.h"

namespace articula {

GlobalDamper::GlobalDamper(Real damping, std::string name) : ForceElement(std::move(name)) {
  c_ = forces_detail::nonNegative("GlobalDamper", getName(), "damping", damping, "N m s/rad (or N s/m)");
}

void GlobalDamper::calcForce(const State& state, const MatterSubsystem& matter,
                             std::vector<SpatialVec>& /*bodyForces_G*/, Vector& mobilityForces) const {
  mobilityForces -= c_ * matter.getU(state);
}

Real GlobalDamper::calcPower(const State& state, const MatterSubsystem& matter) const {
  return -c_ * matter.getU(state).squaredNorm();
}

}  // namespace articula
