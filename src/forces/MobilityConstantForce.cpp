#include "articula/forces/MobilityConstantForce.h"

#include <cmath>

#include "articula/matter/MobilizedBody.h"

namespace articula {

MobilityConstantForce::MobilityConstantForce(const MobilizedBody& body, int whichU, Real force, std::string name)
    : MobilityConstantForce(body.getIndex(), whichU, force, std::move(name)) {}

MobilityConstantForce::MobilityConstantForce(int body, int whichU, Real force, std::string name)
    : ForceElement(std::move(name)), body_(body), whichU_(whichU), force_(force) {
  if (!std::isfinite(force))
    throw Error("MobilityConstantForce '" + getName() + "': force " + std::to_string(force) + " is not finite");
}

// The body's nu is known only once the tree is complete, so whichU is checked here.
void MobilityConstantForce::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body_, "body");
  const MobilizedBodyInfo& info = matter.getInfo(body_);
  if (whichU_ < 0 || whichU_ >= info.nu)
    throw Error("MobilityConstantForce '" + getName() + "': whichU " + std::to_string(whichU_) +
                " is out of range; body " + std::to_string(body_) + (info.name.empty() ? "" : " '" + info.name + "'") +
                " has " + std::to_string(info.nu) + " generalized speeds");
  uIndex_ = info.uStart + whichU_;
}

void MobilityConstantForce::calcForce(const State& /*state*/, const MatterSubsystem& /*matter*/,
                                      std::vector<SpatialVec>& /*bodyForces_G*/, Vector& mobilityForces) const {
  mobilityForces[uIndex_] += force_;
}

Real MobilityConstantForce::calcPower(const State& state, const MatterSubsystem& matter) const {
  return force_ * matter.getU(state)[uIndex_];
}

}  // namespace articula
