// A joint torque pulse with a half-sine envelope: peak * sin(pi (t - t0) / T) for
// t0 <= t <= t0 + T and zero otherwise (continuous at both ends). It reads the State's time, so
// it depends on Time stage as well as the joint's motion (for its power).
// Two ways to apply it to the joint of `body`:
//  * mobility: one peak per generalized speed of the body's mobilizer (size nu), added as
//    generalized forces. Each entry means what that u means (mobilizers.h): for a Pin the torque
//    about z, for a Ball the components of a torque in F, for a Free joint [torque; force] in F.
//  * body torque pair: a torque vector expressed in the joint's F frame (fixed on the parent),
//    applied +T on the child and -T on the parent, so the pulse is internal to the model (it
//    changes no total angular momentum), whatever the mobilizer.
// OpenMBD bugs avoided (reference/openmbd.md §2): a duration T = 0 gave "one step at full value",
// an impulse that depends on the step size; here T must be > 0. Its UI triple [tauZ, tauY, tauX]
// landed in the (wx, wy, wz) slots and a root joint's values in its force slots; here the peak is
// in x, y, z order in a named frame, or per u with the meaning the mobilizer documents.
#pragma once
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/math/Rotation.h"

namespace articula {

class TorquePulse : public ForceElement {
 public:
  enum class Mode { Mobility, BodyTorquePair };

  // peak: size nu for Mobility (N m or N per u), size 3 for BodyTorquePair (N m, in F);
  // startTime t0 (s, finite); duration T > 0 (s).
  TorquePulse(Mode mode, const MobilizedBody& body, const SmallVector& peak, Real startTime, Real duration,
              std::string name = "");
  TorquePulse(Mode mode, int body, const SmallVector& peak, Real startTime, Real duration, std::string name = "");

  Mode getMode() const { return mode_; }
  int getBody() const { return body_; }
  const SmallVector& getPeak() const { return peak_; }
  Real getStartTime() const { return t0_; }
  Real getDuration() const { return T_; }
  Real getEndTime() const { return t0_ + T_; }
  // sin(pi (t - t0) / T) inside the window, else 0.
  Real calcEnvelope(Real t) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  // All of it non-conservative: the pulse is an actuator.
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

 private:
  Vec3 torqueInGround(const State& state, const MatterSubsystem& matter, Real envelope) const;
  Mode mode_;
  int body_;
  SmallVector peak_;
  Real t0_, T_;
  int parent_ = -1, uStart_ = -1;  // set by finalize()
  Rotation R_PF_;
};

}  // namespace articula
