// PrescribedMotion (constraint form): coordinate q_i of a mobilizer follows f(t) (holonomic,
// p = q_i - f(t), pdot = qdot_i - f'(t), pddot = qddot_i - f''(t)). Unlike a mobilizer Motion,
// the coordinate stays free in the tree and a multiplier enforces it.
#include "MobilityKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

PrescribedMotion::PrescribedMotion(std::string name, int body, int qIndex, FunctionPtr function)
    : Constraint(std::move(name), 1, 0, 0), body_(body), q_(qIndex), f_(std::move(function)) {
  if (!f_) throw Error(label() + ": function is null");
  if (f_->argumentSize() != 1)
    throw Error(label() + ": function of time must take 1 argument, not " + std::to_string(f_->argumentSize()));
}

void PrescribedMotion::validate(const MatterSubsystem& matter) const { requireCoordinate(matter, body_, q_); }

void PrescribedMotion::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  perr[0] = in.q(body_)[q_] - f_->value(in.time());
}

void PrescribedMotion::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>&, const Real* u,
                                          Real* verr) const {
  const Mobilizer& mob = in.matter().getMobilizer(body_);
  verr[0] = coordinateRate(mob, in.q(body_), u + in.uStart(body_), q_) - f_->derivative(in.time());
}

void PrescribedMotion::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>&,
                                              const Real* udot, Real* aerr) const {
  const Mobilizer& mob = in.matter().getMobilizer(body_);
  aerr[0] = coordinateAcceleration(mob, in.q(body_), in.u(body_), udot + in.uStart(body_), q_) -
            f_->secondDerivative(in.time());
}

void PrescribedMotion::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>&,
                                   Real* f) const {
  addCoordinateForce(in.matter().getMobilizer(body_), in.q(body_), q_, lambda[0], f + in.uStart(body_));
}

}  // namespace articula::constraints
