// Weld (coincident frames): ConstantOrientation of the frames, then Ball at their origins.
#include "articula/constraints/constraints.h"

namespace articula::constraints {

Weld::Weld(std::string name, int bodyA, const Transform& X_AF, int bodyB, const Transform& X_BM)
    : Constraint(name, 6, 0, 0),
      orientation_(name + " orientation", bodyA, X_AF.R(), bodyB, X_BM.R()),
      position_(name + " position", bodyA, X_AF.p(), bodyB, X_BM.p()) {}

void Weld::validate(const MatterSubsystem& matter) const {
  orientation_.validate(matter);
  position_.validate(matter);
}

void Weld::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  orientation_.calcPositionErrors(in, perr);
  position_.calcPositionErrors(in, perr + 3);
}

void Weld::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real* u,
                              Real* verr) const {
  orientation_.calcVelocityErrors(in, V, u, verr);
  position_.calcVelocityErrors(in, V, u, verr + 3);
}

void Weld::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real* udot,
                                  Real* aerr) const {
  orientation_.calcAccelerationErrors(in, A, udot, aerr);
  position_.calcAccelerationErrors(in, A, udot, aerr + 3);
}

void Weld::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real* f) const {
  orientation_.addInForces(in, lambda, F, f);
  position_.addInForces(in, lambda + 3, F, f);
}

}  // namespace articula::constraints
