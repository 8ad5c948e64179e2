#include "articula/forces/Gravity.h"
#include <span>

#include <algorithm>
#include <cmath>

#include "articula/matter/MobilizedBody.h"

namespace articula {

namespace {
void checkFinite(const std::string& name, const Vec3& g) {
  if (!g.allFinite())
    throw Error("Gravity '" + name + "': g = (" + std::to_string(g.x()) + ", " + std::to_string(g.y()) + ", " +
                std::to_string(g.z()) + ") m/s^2 is not finite");
}
}  // namespace

Gravity::Gravity(const Vec3& g_G, std::string name) : ForceElement(std::move(name)), g_G_(g_G) {
  checkFinite(getName(), g_G_);
}

Gravity& Gravity::setGravity(const Vec3& g_G) {
  requireNotFrozen("gravity");
  checkFinite(getName(), g_G);
  g_G_ = g_G;
  return *this;
}

Gravity& Gravity::setZeroHeightEnergy(Real pe0) {
  requireNotFrozen("zero-height energy");
  if (!std::isfinite(pe0))
    throw Error("Gravity '" + getName() + "': zero-height energy " + std::to_string(pe0) + " J is not finite");
  pe0_ = pe0;
  return *this;
}

Gravity& Gravity::excludeBody(const MobilizedBody& body) { return excludeBody(body.getIndex()); }

Gravity& Gravity::excludeBody(int body) {
  requireNotFrozen("excluded bodies");
  if (body < 0)
    throw Error("Gravity '" + getName() + "': excluded body index " + std::to_string(body) + " is negative");
  if (std::find(excludedList_.begin(), excludedList_.end(), body) == excludedList_.end()) excludedList_.push_back(body);
  return *this;
}

bool Gravity::isExcluded(int body) const {
  return std::find(excludedList_.begin(), excludedList_.end(), body) != excludedList_.end();
}

void Gravity::finalize(const MatterSubsystem& matter) {
  excluded_.assign(matter.getNumBodies(), 0);
  excluded_[0] = 1;  // Ground cannot move; a force on it does nothing
  for (int b : excludedList_) {
    checkBodyIndex(matter, b, "excluded body");
    excluded_[b] = 1;
  }
}

void Gravity::calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                        Vector& /*mobilityForces*/) const {
  const int nb = static_cast<int>(excluded_.size());
  const std::span<const Transform> X_GB_all = matter.getBodyTransforms(state);  // one cache lookup
  for (int b = 1; b < nb; ++b) {
    if (excluded_[b]) continue;
    const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
    if (mp.mass() == 0) continue;
    const Transform& X_GB = X_GB_all[b];
    const Vec3 p_BC_G = X_GB.R() * mp.massCenter();  // Bo to C, in G
    const Vec3 f_G = mp.mass() * g_G_;
    bodyForces_G[b].head<3>() += p_BC_G.cross(f_G);  // moment about Bo of a force applied at C
    bodyForces_G[b].tail<3>() += f_G;
  }
}

Real Gravity::calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const {
  Real pe = pe0_;
  const int nb = static_cast<int>(excluded_.size());
  for (int b = 1; b < nb; ++b) {
    if (excluded_[b]) continue;
    const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
    const Vec3 p_GC = matter.getBodyTransform(state, b) * mp.massCenter();
    pe -= mp.mass() * g_G_.dot(p_GC);
  }
  return pe;
}

// sum_b m_b g . v_GCb, with v_GC = v_GBo + w_GB x (R_GB p_BC).
Real Gravity::calcPower(const State& state, const MatterSubsystem& matter) const {
  Real power = 0;
  const int nb = static_cast<int>(excluded_.size());
  for (int b = 1; b < nb; ++b) {
    if (excluded_[b]) continue;
    const MassProperties& mp = matter.getInfo(b).body.getMassProperties();
    const SpatialVec& V = matter.getBodyVelocity(state, b);
    const Vec3 p_BC_G = matter.getBodyTransform(state, b).R() * mp.massCenter();
    const Vec3 v_GC = V.tail<3>() + V.head<3>().cross(p_BC_G);
    power += mp.mass() * g_G_.dot(v_GC);
  }
  return power;
}

}  // namespace articula
