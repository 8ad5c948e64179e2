// A force of fixed direction and magnitude in Ground applied at a station fixed on a body.
// It is conservative: its potential energy is -f_G . p_GS (Simbody reports 0 here; we report the
// true potential so that energy checks balance).
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class ConstantForce : public ForceElement {
 public:
  // p_BS: station on the body (from Bo, in B); f_G: force in Ground, N.
  ConstantForce(const MobilizedBody& body, const Vec3& p_BS, const Vec3& f_G, std::string name = "constant force");
  ConstantForce(int body, const Vec3& p_BS, const Vec3& f_G, std::string name = "constant force");

  int getBody() const { return body_; }
  const Vec3& getStation() const { return p_BS_; }
  const Vec3& getForce() const { return f_G_; }

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State&, const MatterSubsystem&) const override { return 0; }

 private:
  int body_;
  Vec3 p_BS_, f_G_;
};

}  // namespace articula
