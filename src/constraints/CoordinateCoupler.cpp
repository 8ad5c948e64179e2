// CoordinateCoupler: f(q_1, ..., q_k) = 0 over chosen coordinates (holonomic).
// pdot = sum f_i qdot_i, pddot = sum f_i qddot_i + sum f_ij qdot_i qdot_j, with qdot = N u
// per mobilizer; the multiplier's generalized force is f_i times row i of N.
#include "MobilityKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

CoordinateCoupler::CoordinateCoupler(std::string name, FunctionPtr function, std::vector<int> bodies,
                                     std::vector<int> qIndices)
    : Constraint(std::move(name), 1, 0, 0),
      f_(std::move(function)),
      bodies_(std::move(bodies)),
      q_(std::move(qIndices)) {
  if (!f_) throw Error(label() + ": function is null");
  if (bodies_.size() != q_.size() || bodies_.empty())
    throw Error(label() + ": needs as many coordinate indices as bodies (got " + std::to_string(bodies_.size()) +
                " bodies, " + std::to_string(q_.size()) + " indices)");
  if (f_->argumentSize() != static_cast<int>(bodies_.size()))
    throw Error(label() + ": function takes " + std::to_string(f_->argumentSize()) + " arguments but " +
                std::to_string(bodies_.size()) + " coordinates are coupled");
}

void CoordinateCoupler::validate(const MatterSubsystem& matter) const {
  for (size_t k = 0; k < bodies_.size(); ++k) requireCoordinate(matter, bodies_[k], q_[k]);
}

void CoordinateCoupler::arguments(const ConstraintInput& in, std::vector<Real>& x) const {
  x.resize(bodies_.size());
  for (size_t k = 0; k < bodies_.size(); ++k) x[k] = in.q(bodies_[k])[q_[k]];
}

void CoordinateCoupler::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  std::vector<Real> x;
  arguments(in, x);
  perr[0] = f_->calcValue(x);
}

void CoordinateCoupler::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>&, const Real* u,
                                           Real* verr) const {
  std::vector<Real> x;
  arguments(in, x);
  verr[0] = 0;
  for (int k = 0; k < static_cast<int>(bodies_.size()); ++k) {
    const int b = bodies_[k];
    const int c[1] = {k};
    verr[0] += f_->calcDerivative(c, x) * coordinateRate(in.matter().getMobilizer(b), in.q(b), u + in.uStart(b), q_[k]);
  }
}

void CoordinateCoupler::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>&,
                                               const Real* udot, Real* aerr) const {
  std::vector<Real> x;
  arguments(in, x);
  const int n = static_cast<int>(bodies_.size());
  std::vector<Real> qdot(n);
  aerr[0] = 0;
  for (int k = 0; k < n; ++k) {
    const int b = bodies_[k];
    const Mobilizer& mob = in.matter().getMobilizer(b);
    qdot[k] = coordinateRate(mob, in.q(b), in.u(b), q_[k]);
    const int c[1] = {k};
    aerr[0] += f_->calcDerivative(c, x) * coordinateAcceleration(mob, in.q(b), in.u(b), udot + in.uStart(b), q_[k]);
  }
  for (int k = 0; k < n; ++k)
    for (int l = 0; l < n; ++l) {
      const int c[2] = {k, l};
      aerr[0] += f_->calcDerivative(c, x) * qdot[k] * qdot[l];
    }
}

void CoordinateCoupler::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>&,
                                    Real* f) const {
  std::vector<Real> x;
  arguments(in, x);
  for (int k = 0; k < static_cast<int>(bodies_.size()); ++k) {
    const int b = bodies_[k];
    const int c[1] = {k};
    addCoordinateForce(in.matter().getMobilizer(b), in.q(b), q_[k], lambda[0] * f_->calcDerivative(c, x),
                       f + in.uStart(b));
  }
}

}  // namespace articula::constraints
