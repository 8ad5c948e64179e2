// Ball (coincident points): p_GSb - p_GSa = 0 in G, with its first and second time derivatives.
#include "StationKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

Ball::Ball(std::string name, int bodyA, const Vec3& p_AS, int bodyB, const Vec3& p_BS)
    : Constraint(std::move(name), 3, 0, 0), a_(bodyA), b_(bodyB), p_AS_(p_AS), p_BS_(p_BS) {}

void Ball::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, "body A");
  requireBody(matter, b_, "body B");
  requireDistinctBodies(a_, b_);
}

void Ball::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  Eigen::Map<Vec3> out(perr);
  out = in.stationLocation(b_, p_BS_) - in.stationLocation(a_, p_AS_);
}

void Ball::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                              Real* verr) const {
  Eigen::Map<Vec3> out(verr);
  out = stationVelocity(V[b_], in.stationOffset(b_, p_BS_)) - stationVelocity(V[a_], in.stationOffset(a_, p_AS_));
}

void Ball::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                                  Real* aerr) const {
  Eigen::Map<Vec3> out(aerr);
  out = stationAcceleration(A[b_], angular(in.V_GB(b_)), in.stationOffset(b_, p_BS_)) -
        stationAcceleration(A[a_], angular(in.V_GB(a_)), in.stationOffset(a_, p_AS_));
}

void Ball::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real*) const {
  const Vec3 force = Eigen::Map<const Vec3>(lambda);
  addStationForce(F[b_], in.stationOffset(b_, p_BS_), force);
  addStationForce(F[a_], in.stationOffset(a_, p_AS_), -force);
}

}  // namespace articula::constraints
