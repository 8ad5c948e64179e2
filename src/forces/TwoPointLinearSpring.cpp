#include "articula/forces/TwoPointLinearSpring.h"

#include "ElementSupport.h"
#include "articula/matter/MobilizedBody.h"

namespace articula {

using namespace forces_detail;
namespace {
constexpr const char* kType = "TwoPointLinearSpring";
}

TwoPointLinearSpring::TwoPointLinearSpring(const MobilizedBody& body1, const Vec3& p_B1S1, const MobilizedBody& body2,
                                           const Vec3& p_B2S2, Real stiffness, Real naturalLength, std::string name)
    : TwoPointLinearSpring(body1.getIndex(), p_B1S1, body2.getIndex(), p_B2S2, stiffness, naturalLength,
                           std::move(name)) {}

TwoPointLinearSpring::TwoPointLinearSpring(int body1, const Vec3& p_B1S1, int body2, const Vec3& p_B2S2, Real stiffness,
                                           Real naturalLength, std::string name)
    : ForceElement(name.empty() ? cat("spring (bodies ", body1, ", ", body2, ")") : std::move(name)),
      body1_(body1),
      body2_(body2) {
  p1_ = finite3(kType, getName(), "station 1", p_B1S1, "m");
  p2_ = finite3(kType, getName(), "station 2", p_B2S2, "m");
  k_ = nonNegative(kType, getName(), "stiffness", stiffness, "N/m");
  L0_ = nonNegative(kType, getName(), "natural length", naturalLength, "m");
}

void TwoPointLinearSpring::finalize(const MatterSubsystem& matter) {
  checkBodyIndex(matter, body1_, "body 1");
  checkBodyIndex(matter, body2_, "body 2");
}

Real TwoPointLinearSpring::factor(Real length) const {
  if (L0_ == 0) return k_;
  if (length <= 1e-12 * L0_) return 0;
  return k_ * (1 - L0_ / length);
}

Real TwoPointLinearSpring::calcLength(const State& state, const MatterSubsystem& matter) const {
  return twoPoints(matter, state, body1_, p1_, body2_, p2_).length;
}

Real TwoPointLinearSpring::calcTension(const State& state, const MatterSubsystem& matter) const {
  return k_ * (calcLength(state, matter) - L0_);
}

void TwoPointLinearSpring::calcForce(const State& state, const MatterSubsystem& matter,
                                     std::vector<SpatialVec>& bodyForces_G, Vector& /*mobilityForces*/) const {
  const TwoPoints g = twoPoints(matter, state, body1_, p1_, body2_, p2_);
  applyPair(bodyForces_G, body1_, body2_, g, -factor(g.length) * g.r);
}

Real TwoPointLinearSpring::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  const Real stretch = calcLength(state, matter) - L0_;
  return 0.5 * k_ * stretch * stretch;
}

// Force on S2 is -factor r, on S1 the opposite: power = -factor r . (v2 - v1).
Real TwoPointLinearSpring::calcPower(const State& state, const MatterSubsystem& matter) const {
  const TwoPoints g = twoPoints(matter, state, body1_, p1_, body2_, p2_);
  return -factor(g.length) * g.r.dot(relativeVelocity(matter, state, body1_, body2_, g));
}

}  // namespace articula
