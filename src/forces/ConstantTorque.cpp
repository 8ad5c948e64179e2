#include "articula/forces/ConstantTorque.h"

#include "articula/matter/MobilizedBody.h"

namespace articula {

ConstantTorque::ConstantTorque(const MobilizedBody& body, const Vec3& torque_G, std::string name)
    : ConstantTorque(body.getIndex(), torque_G, std::move(name)) {}

ConstantTorque::ConstantTorque(int body, const Vec3& torque_G, std::string name)
    : ForceElement(std::move(name)), body_(body), torque_G_(torque_G) {
  if (!torque_G.allFinite())
    throw Error("ConstantTorque '" + getName() + "': torque (" + std::to_string(torque_G.x()) + ", " +
                std::to_string(torque_G.y()) + ", " + std::to_string(torque_G.z()) + ") N m is not finite");
}

void ConstantTorque::finalize(const MatterSubsystem& matter) { checkBodyIndex(matter, body_, "body"); }

// A free moment is the same about every point, so no shift to Bo is needed.
void ConstantTorque::calcForce(const State& /*state*/, const MatterSubsystem& /*matter*/,
                               std::vector<SpatialVec>& bodyForces_G, Vector& /*mobilityForces*/) const {
  bodyForces_G[body_].head<3>() += torque_G_;
}

Real ConstantTorque::calcPower(const State& state, const MatterSubsystem& matter) const {
  return torque_G_.dot(matter.getBodyVelocity(state, body_).head<3>());
}

}  // namespace articula
