// A 6-dof linear spring-damper between frame F fixed on body B1 and frame M fixed on body B2.
// Its coordinates are q = [theta; p]: theta the body-fixed x-y-z angles of R_FM, p = p_FM (F's
// origin to M's origin, in F). Generalized forces f = -(K q + C qdot) with K, C diagonal (per
// axis), PE = sum k_i q_i^2 / 2. The rates are thetadot = E^-1(theta) w_FM (w_FM in F) and
// pdot = the derivative of p_FM in F; the bushing applies the torque T = E^-T f_theta (in F) and
// the force f_p (in F) at M's origin on B2, and their opposites on B1 (the force at the point of
// B1 that coincides with M's origin), so that its power is exactly f . qdot.
// Meant for small rotations: x-y-z angles are singular at a y angle of +-90 deg, where the
// bushing throws an Error naming itself rather than return a non-finite force.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/math/Transform.h"

namespace articula {

class LinearBushing : public ForceElement {
 public:
  // X_B1F, X_B2M: the frames on each body. stiffness = [k_rx, k_ry, k_rz, k_x, k_y, k_z]
  // (N m/rad, N/m) and damping likewise (N m s/rad, N s/m), all >= 0.
  LinearBushing(const MobilizedBody& body1, const Transform& X_B1F, const MobilizedBody& body2, const Transform& X_B2M,
                const Vec6& stiffness, const Vec6& damping, std::string name = "");
  LinearBushing(int body1, const Transform& X_B1F, int body2, const Transform& X_B2M, const Vec6& stiffness,
                const Vec6& damping, std::string name = "");

  int getBody1() const { return body1_; }
  int getBody2() const { return body2_; }
  const Vec6& getStiffness() const { return k_; }
  const Vec6& getDamping() const { return c_; }
  // q = [theta; p] (Position) and qdot (Velocity).
  Vec6 calcQ(const State& state, const MatterSubsystem& matter) const;
  Vec6 calcQDot(const State& state, const MatterSubsystem& matter) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPotentialEnergy(const State& state, const MatterSubsystem& matter) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;
  // -qdot . C qdot <= 0.
  Real calcNonConservativePower(const State& state, const MatterSubsystem& matter) const override;

 private:
  struct Kinematics {
    Transform X_GF, X_GM;
    Vec6 q, qdot;
    Mat33 EinvT;  // E^-T: angle-space torque to the torque in F
  };
  Kinematics evaluate(const State& state, const MatterSubsystem& matter, bool withVelocity) const;
  int body1_, body2_;
  Transform X_B1F_, X_B2M_;
  Vec6 k_, c_;
};

}  // namespace articula
