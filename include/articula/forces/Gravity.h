// Uniform gravity: every body b (except Ground and any excluded body) feels m_b g at its mass
// centre C_b. Potential energy -sum_b m_b g . p_GCb, zero when every mass centre is at Ground's
// origin (plus an optional constant so the user can choose the zero level).
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class Gravity : public ForceElement {
 public:
  // g is expressed in Ground, e.g. (0, -9.81, 0) for y up.
  explicit Gravity(const Vec3& g_G, std::string name = "gravity");

  const Vec3& getGravity() const { return g_G_; }
  Gravity& setGravity(const Vec3& g_G);
  // Added to the potential energy; shifts its zero.
  Gravity& setZeroHeightEnergy(Real pe0);
  // The body (and only that body; its children still feel gravity) gets no gravity force.
  Gravity& excludeBody(const MobilizedBody& body);
  Gravity& excludeBody(int body);
  bool isExcluded(int body) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State&, const MatterSubsystem&) const override { return 0; }

 private:
  Vec3 g_G_;
  Real pe0_ = 0;
  std::vector<int> excludedList_;  // as given by the user
  std::vector<char> excluded_;     // per body, built by finalize() for an allocation-free loop
};

}  // namespace articula
