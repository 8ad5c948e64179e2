// SpeedCoupler: f(u_1, ..., u_k) = 0 over chosen generalized speeds (nonholonomic; f may be
// nonlinear in u). vdot = sum f_i udot_i; the multiplier's generalized force on u_i is f_i.
#include "articula/constraints/constraints.h"

namespace articula::constraints {

SpeedCoupler::SpeedCoupler(std::string name, FunctionPtr function, std::vector<int> bodies, std::vector<int> uIndices)
    : Constraint(std::move(name), 0, 1, 0), f_(std::move(function)), bodies_(std::move(bodies)), u_(std::move(uIndices)) {
  if (!f_) throw Error(label() + ": function is null");
  if (bodies_.size() != u_.size() || bodies_.empty())
    throw Error(label() + ": needs as many speed indices as bodies (got " + std::to_string(bodies_.size()) + " bodies, " +
                std::to_string(u_.size()) + " indices)");
  if (f_->argumentSize() != static_cast<int>(bodies_.size()))
    throw Error(label() + ": function takes " + std::to_string(f_->argumentSize()) + " arguments but " +
                std::to_string(bodies_.size()) + " speeds are coupled");
}

void SpeedCoupler::validate(const MatterSubsystem& matter) const {
  for (size_t k = 0; k < bodies_.size(); ++k) requireMobility(matter, bodies_[k], u_[k]);
}

void SpeedCoupler::arguments(const ConstraintInput& in, const Real* u, std::vector<Real>& x) const {
  x.resize(bodies_.size());
  for (size_t k = 0; k < bodies_.size(); ++k) x[k] = u[in.uStart(bodies_[k]) + u_[k]];
}

void SpeedCoupler::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>&, const Real* u,
                                      Real* verr) const {
  std::vector<Real> x;
  arguments(in, u, x);
  verr[0] = f_->calcValue(x);
}

void SpeedCoupler::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>&, const Real* udot,
                                          Real* aerr) const {
  std::vector<Real> x;
  arguments(in, in.matter().getU(in.state()).data(), x);
  aerr[0] = 0;
  for (int k = 0; k < static_cast<int>(bodies_.size()); ++k) {
    const int c[1] = {k};
    aerr[0] += f_->calcDerivative(c, x) * udot[in.uStart(bodies_[k]) + u_[k]];
  }
}

void SpeedCoupler::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>&, Real* f) const {
  std::vector<Real> x;
  arguments(in, in.matter().getU(in.state()).data(), x);
  for (int k = 0; k < static_cast<int>(bodies_.size()); ++k) {
    const int c[1] = {k};
    f[in.uStart(bodies_[k]) + u_[k]] += lambda[0] * f_->calcDerivative(c, x);
  }
}

// No position-level equations.
void SpeedCoupler::calcPositionErrors(const ConstraintInput&, Real*) const {}

}  // namespace articula::constraints
