// A joint actuator: a generalized force on one mobility u_i of a joint that follows a function of
// time, tau(t) = scale * f(t), clamped to |tau| <= limit (a motor's or a muscle group's peak).
// N m for a rotational mobility, N for a translational one. It has no potential: its whole power
// tau u_i is input work (calcNonConservativePower), which a run reports as the actuators' work.
#pragma once
#include <limits>

#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/math/Function.h"

namespace articula {

class JointActuator : public ForceElement {
 public:
  // whichU: index within the body's own u; f: a function of one argument, time (s); limit > 0
  // (infinite: no clamp).
  JointActuator(const MobilizedBody& body, int whichU, FunctionPtr f, Real scale = 1,
                Real limit = std::numeric_limits<Real>::infinity(), std::string name = "");
  JointActuator(int body, int whichU, FunctionPtr f, Real scale = 1, Real limit = std::numeric_limits<Real>::infinity(),
                std::string name = "");

  int getBody() const { return body_; }
  int getWhichU() const { return whichU_; }
  Real getScale() const { return scale_; }
  Real getLimit() const { return limit_; }
  // tau at the State's time (clamped).
  Real calcTorque(const State& state) const;

  void finalize(const MatterSubsystem& matter) override;
  void calcForce(const State& state, const MatterSubsystem& matter, std::vector<SpatialVec>& bodyForces_G,
                 Vector& mobilityForces) const override;
  Real calcPower(const State& state, const MatterSubsystem& matter) const override;

 private:
  int body_, whichU_;
  FunctionPtr f_;
  Real scale_, limit_;
  int uIndex_ = -1;  // within the matter's u, set by finalize()
};

}  // namespace articula
