// ConstantAcceleration: one generalized acceleration held at a value (acceleration-only,
// a = udot_i - acceleration).
#include <cmath>

#include "articula/constraints/constraints.h"

namespace articula::constraints {

ConstantAcceleration::ConstantAcceleration(std::string name, int body, int uIndex, Real acceleration)
    : Constraint(std::move(name), 0, 0, 1), body_(body), uIndex_(uIndex), acceleration_(acceleration) {
  if (!std::isfinite(acceleration)) throw Error(label() + ": acceleration must be finite");
}

void ConstantAcceleration::validate(const MatterSubsystem& matter) const { requireMobility(matter, body_, uIndex_); }

void ConstantAcceleration::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>&,
                                                  const Real* udot, Real* aerr) const {
  aerr[0] = udot[in.uStart(body_) + uIndex_] - acceleration_;
}

void ConstantAcceleration::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>&,
                                       Real* f) const {
  f[in.uStart(body_) + uIndex_] += lambda[0];
}

// No position-level equations.
void ConstantAcceleration::calcPositionErrors(const ConstraintInput&, Real*) const {}
// No velocity-level equations.
void ConstantAcceleration::calcVelocityErrors(const ConstraintInput&, const std::vector<SpatialVec>&, const Real*,
                                              Real*) const {}

}  // namespace articula::constraints
