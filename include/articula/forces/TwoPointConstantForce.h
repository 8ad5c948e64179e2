// A force of constant magnitude f along the line between station S1 on body B1 and station S2 on
// body B2; f > 0 pushes the stations apart, f < 0 pulls them together. Conservative, with
// PE = -f L (L the distance). With coincident stations the line is undefined: no force, PE 0.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class TwoPointConstantForce : public ForceElement {
 public:
  TwoPointConstantForce(const MobilizedBody& body1, const Vec3& p_B1S1, const MobilizedBody& body2, const Vec3& p_B2S2,
                        Real force, std::string name = "");
  TwoPointConstantForce(int body1, const Vec3& p_B1S1, int body2, const Vec3& p_B2S2, Real force,
                        std::string name = "");

  int getBody1() const { return body1_; }
  int getBody2() const { return body2_; }
  Real getForce() const { return f_; }

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  // f dL/dt; all of it stored as potential energy.
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State&, const MatterSubsystem&) const override { return 0; }

 private:
  int body1_, body2_;
  Vec3 p1_, p2_;
  Real f_;
};

}  // namespace articula
