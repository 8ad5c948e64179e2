#include "articula/forces/ConstantForce.h"

#include "articula/matter/MobilizedBody.h"

namespace articula {

namespace {
// Built by appending: GCC 12 gives a false -Wrestrict for "literal" + std::string&&.
std::string vecText(const Vec3& v) {
  std::string s = "(";
  return s + std::to_string(v.x()) + ", " + std::to_string(v.y()) + ", " + std::to_string(v.z()) + ")";
}
}  // namespace

ConstantForce::ConstantForce(const MobilizedBody& body, const Vec3& p_BS, const Vec3& f_G, std::string name)
    : ConstantForce(body.getIndex(), p_BS, f_G, std::move(name)) {}

ConstantForce::ConstantForce(int body, const Vec3& p_BS, const Vec3& f_G, std::string name)
    : ForceElement(std::move(name)), body_(body), p_BS_(p_BS), f_G_(f_G) {
  if (!p_BS.allFinite())
    throw Error("ConstantForce '" + getName() + "': station " + vecText(p_BS) + " m is not finite");
  if (!f_G.allFinite()) throw Error("ConstantForce '" + getName() + "': force " + vecText(f_G) + " N is not finite");
}

void ConstantForce::finalize(const MatterSubsystem& matter) { checkBodyIndex(matter, body_, "body"); }

void ConstantForce::calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                              Vector& /*mobilityForces*/) const {
  const Vec3 p_BS_G = matter.getBodyTransform(state, body_).R() * p_BS_;
  bodyForces_G[body_].head<3>() += p_BS_G.cross(f_G_);  // moment about Bo
  bodyForces_G[body_].tail<3>() += f_G_;
}

Real ConstantForce::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  return -f_G_.dot(matter.getBodyTransform(state, body_) * p_BS_);
}

Real ConstantForce::calcPower(const State& state, const MatterSubsystem& matter) const {
  return f_G_.dot(matter.findStationVelocityInGround(state, body_, p_BS_));
}

}  // namespace articula
