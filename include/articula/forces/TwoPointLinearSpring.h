// A linear spring between station S1 on body B1 and station S2 on body B2: tension
// k (L - L0) along the line S1 -> S2, PE = k (L - L0)^2 / 2.
// Zero length: with L0 = 0 the force is k r (no direction needed, smooth through r = 0). With
// L0 > 0 the direction of a zero-length spring is undefined (the potential has a cusp there), so
// below L = 1e-12 L0 the spring applies no force rather than a NaN.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"

namespace articula {

class TwoPointLinearSpring : public ForceElement {
 public:
  // p_B1S1, p_B2S2: stations (m, in each body's frame); stiffness k >= 0 (N/m); naturalLength L0
  // >= 0 (m).
  TwoPointLinearSpring(const MobilizedBody& body1, const Vec3& p_B1S1, const MobilizedBody& body2, const Vec3& p_B2S2,
                       Real stiffness, Real naturalLength, std::string name = "");
  TwoPointLinearSpring(int body1, const Vec3& p_B1S1, int body2, const Vec3& p_B2S2, Real stiffness, Real naturalLength,
                       std::string name = "");

  int getBody1() const { return body1_; }
  int getBody2() const { return body2_; }
  Real getStiffness() const { return k_; }
  Real getNaturalLength() const { return L0_; }
  // Distance |p_GS2 - p_GS1| (Position) and tension k (L - L0) (positive pulls the stations together).
  Real calcLength(const State& state, const MatterSubsystem& matter) const;
  Real calcTension(const State& state, const MatterSubsystem& matter) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  // -k (L - L0) dL/dt; all of it stored as potential energy.
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  Real calcNonConservativePower(const State&, const MatterSubsystem&) const override { return 0; }

 private:
  // k (1 - L0/L): the force on S2 is -factor r. Zero where the direction is undefined.
  Real factor(Real length) const;
  int body1_, body2_;
  Vec3 p1_, p2_;
  Real k_, L0_;
};

}  // namespace articula
