// A pure moment of fixed direction and magnitude in Ground acting on one body. Not conservative in
// general (its work depends on the rotation path), so it reports no potential energy.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class ConstantTorque : public ForceElement {
 public:
  ConstantTorque(const MobilizedBody& body, const Vec3& torque_G, std::string name = "constant torque");
  ConstantTorque(int body, const Vec3& torque_G, std::string name = "constant torque");

  int getBody() const { return body_; }
  const Vec3& getTorque() const { return torque_G_; }

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  // T . w_GB; all of it non-conservative (no potential energy is reported).
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

 private:
  int body_;
  Vec3 torque_G_;
};

}  // namespace articula
