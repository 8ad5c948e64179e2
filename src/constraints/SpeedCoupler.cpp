// SpeedCoupler: f(u_1, ..., u_k, q_1, ..., q_m) = 0 over chosen generalized speeds and
// coordinates (nonholonomic; f may be nonlinear). vdot = sum f_ui udot_i + sum f_qj qdot_j with
// qdot = N u per mobilizer; G has f_ui in column u_i, so the multiplier's generalized force on u_i
// is f_ui (the coordinates only move the row).
#include "MobilityKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

SpeedCoupler::SpeedCoupler(std::string name, FunctionPtr function, std::vector<int> bodies, std::vector<int> uIndices,
                           std::vector<int> coordinateBodies, std::vector<int> qIndices)
    : Constraint(std::move(name), 0, 1, 0),
      f_(std::move(function)),
      bodies_(std::move(bodies)),
      u_(std::move(uIndices)),
      qBodies_(std::move(coordinateBodies)),
      q_(std::move(qIndices)) {
  if (!f_) throw Error(label() + ": function is null");
  if (bodies_.size() != u_.size() || bodies_.empty())
    throw Error(label() + ": needs as many speed indices as bodies (got " + std::to_string(bodies_.size()) +
                " bodies, " + std::to_string(u_.size()) + " indices)");
  if (qBodies_.size() != q_.size())
    throw Error(label() + ": needs as many coordinate indices as coordinate bodies (got " +
                std::to_string(qBodies_.size()) + " bodies, " + std::to_string(q_.size()) + " indices)");
  const size_t n = bodies_.size() + qBodies_.size();
  if (f_->argumentSize() != static_cast<int>(n))
    throw Error(label() + ": function takes " + std::to_string(f_->argumentSize()) + " arguments but " +
                std::to_string(bodies_.size()) + " speeds and " + std::to_string(qBodies_.size()) +
                " coordinates are coupled");
}

void SpeedCoupler::validate(const MatterSubsystem& matter) const {
  for (size_t k = 0; k < bodies_.size(); ++k) requireMobility(matter, bodies_[k], u_[k]);
  for (size_t j = 0; j < qBodies_.size(); ++j) requireCoordinate(matter, qBodies_[j], q_[j]);
}

// x = (speeds from u, then the State's coordinates).
void SpeedCoupler::arguments(const ConstraintInput& in, const Real* u, std::vector<Real>& x) const {
  x.resize(bodies_.size() + qBodies_.size());
  for (size_t k = 0; k < bodies_.size(); ++k) x[k] = u[in.uStart(bodies_[k]) + u_[k]];
  for (size_t j = 0; j < qBodies_.size(); ++j) x[bodies_.size() + j] = in.q(qBodies_[j])[q_[j]];
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
  const int k0 = static_cast<int>(bodies_.size());
  for (int k = 0; k < k0; ++k) {
    const int c[1] = {k};
    aerr[0] += f_->calcDerivative(c, x) * udot[in.uStart(bodies_[k]) + u_[k]];
  }
  for (int j = 0; j < static_cast<int>(qBodies_.size()); ++j) {
    const int b = qBodies_[j], c[1] = {k0 + j};
    aerr[0] += f_->calcDerivative(c, x) * coordinateRate(in.matter().getMobilizer(b), in.q(b), in.u(b), q_[j]);
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
