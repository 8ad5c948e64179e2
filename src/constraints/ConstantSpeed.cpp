// ConstantSpeed: one generalized speed held at a value (nonholonomic, v = u_i - speed).
#include <cmath>

#include "articula/constraints/constraints.h"

namespace articula::constraints {

ConstantSpeed::ConstantSpeed(std::string name, int body, int uIndex, Real speed)
    : Constraint(std::move(name), 0, 1, 0), body_(body), uIndex_(uIndex), speed_(speed) {
  if (!std::isfinite(speed)) throw Error(label() + ": speed must be finite");
}

void ConstantSpeed::validate(const MatterSubsystem& matter) const { requireMobility(matter, body_, uIndex_); }

void ConstantSpeed::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>&, const Real* u,
                                       Real* verr) const {
  verr[0] = u[in.uStart(body_) + uIndex_] - speed_;
}

void ConstantSpeed::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>&, const Real* udot,
                                           Real* aerr) const {
  aerr[0] = udot[in.uStart(body_) + uIndex_];
}

void ConstantSpeed::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>&,
                                Real* f) const {
  f[in.uStart(body_) + uIndex_] += lambda[0];
}

// No position-level equations.
void ConstantSpeed::calcPositionErrors(const ConstraintInput&, Real*) const {}

}  // namespace articula::constraints
