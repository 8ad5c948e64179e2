#include "articula/forces/TwoPointConstantForce.h"

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "TwoPointConstantForce";
}

TwoPointConstantForce::TwoPointConstantForce(const MobilizedBody& body1, const Vec3& p_B1S1, const MobilizedBody& body2,
                                             const Vec3& p_B2S2, Real force, std::string name)
    : TwoPointConstantForce(body1.getIndex(), p_B1S1, body2.getIndex(), p_B2S2, force, std::move(name)) {}

TwoPointConstantForce::TwoPointConstantForce(int body1, const Vec3& p_B1S1, int body2, const Vec3& p_B2S2, Real force,
                                             std::string name)
    : ForceElement(name.empty() ? cat("two-point force (bodies ", body1, ", ", body2, ")") : std::move(name)),
      body1_(body1),
      body2_(body2) {
  p1_ = finite3(kType, getName(), "station 1", p_B1S1, "m");
  p2_ = finite3(kType, getName(), "station 2", p_B2S2, "m");
  f_ = finite(kType, getName(), "force", force, "N");
}

void TwoPointConstantForce::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body1_, "body 1");
  checkBodyIndex(matter, body2_, "body 2");
}

void TwoPointConstantForce::calcForce(const State& state, const MatterSubsystem& matter,
                                      std::vector<SpatialVec>& bodyForces_G, Vector& /*mobilityForces*/) const {
  const TwoPoints g = twoPoints(matter, state, body1_, p1_, body2_, p2_);
  if (!(g.length > 0)) return;
  applyPair(bodyForces_G, body1_, body2_, g, (f_ / g.length) * g.r);
}

Real TwoPointConstantForce::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  return -f_ * twoPoints(matter, state, body1_, p1_, body2_, p2_).length;
}

Real TwoPointConstantForce::calcPower(const State& state, const MatterSubsystem& matter) const {
  const TwoPoints g = twoPoints(matter, state, body1_, p1_, body2_, p2_);
  if (!(g.length > 0)) return 0;
  return (f_ / g.length) * g.r.dot(relativeVelocity(matter, state, body1_, body2_, g));
}

}  // namespace articula
