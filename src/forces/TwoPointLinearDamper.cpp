#include "articula/forces/TwoPointLinearDamper.h"

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "TwoPointLinearDamper";
}

TwoPointLinearDamper::TwoPointLinearDamper(const MobilizedBody& body1, const Vec3& p_B1S1, const MobilizedBody& body2,
                                           const Vec3& p_B2S2, Real damping, std::string name)
    : TwoPointLinearDamper(body1.getIndex(), p_B1S1, body2.getIndex(), p_B2S2, damping, std::move(name)) {}

TwoPointLinearDamper::TwoPointLinearDamper(int body1, const Vec3& p_B1S1, int body2, const Vec3& p_B2S2, Real damping,
                                           std::string name)
    : ForceElement(name.empty() ? cat("damper (bodies ", body1, ", ", body2, ")") : std::move(name)),
      body1_(body1),
      body2_(body2) {
  p1_ = finite3(kType, getName(), "station 1", p_B1S1, "m");
  p2_ = finite3(kType, getName(), "station 2", p_B2S2, "m");
  c_ = nonNegative(kType, getName(), "damping", damping, "N s/m");
}

void TwoPointLinearDamper::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body1_, "body 1");
  checkBodyIndex(matter, body2_, "body 2");
}

Real TwoPointLinearDamper::calcLengthRate(const State& state, const MatterSubsystem& matter) const {
  const TwoPoints g = twoPoints(matter, state, body1_, p1_, body2_, p2_);
  if (!(g.length > 0)) return 0;
  return g.r.dot(relativeVelocity(matter, state, body1_, body2_, g)) / g.length;
}

void TwoPointLinearDamper::calcForce(const State& state, const MatterSubsystem& matter,
                                     std::vector<SpatialVec>& bodyForces_G, Vector& /*mobilityForces*/) const {
  const TwoPoints g = twoPoints(matter, state, body1_, p1_, body2_, p2_);
  if (!(g.length > 0)) return;
  const Vec3 d = g.r / g.length;
  const Real Ldot = d.dot(relativeVelocity(matter, state, body1_, body2_, g));
  applyPair(bodyForces_G, body1_, body2_, g, -c_ * Ldot * d);
}

Real TwoPointLinearDamper::calcPower(const State& state, const MatterSubsystem& matter) const {
  const Real Ldot = calcLengthRate(state, matter);
  return -c_ * Ldot * Ldot;
}

}  // namespace articula
