// PointInPlane: station S on B stays in the plane n.x = h fixed on A (one PlaneRow).
#include "PlaneKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

PointInPlane::PointInPlane(std::string name, int planeBody, const Vec3& normal_A, Real height, int followerBody,
                           const Vec3& p_BS)
    : Constraint(std::move(name), 1, 0, 0), a_(planeBody), b_(followerBody), height_(height), p_BS_(p_BS) {
  if (!(normal_A.norm() > 0) || !normal_A.allFinite()) throw Error(label() + ": plane normal must be non-zero and finite");
  n_A_ = normal_A.normalized();
}

void PointInPlane::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, "plane body");
  requireBody(matter, b_, "follower body");
  requireDistinctBodies(a_, b_);
}

namespace {
PlaneRow planeRow(const ConstraintInput& in, int A, const Vec3& n_A, int B, const Vec3& p_BS) {
  const Vec3 rB = in.stationOffset(B, p_BS);
  return PlaneRow{in.X_GB(A).R() * n_A, in.X_GB(B).p() + rB - in.X_GB(A).p(), rB};
}
}  // namespace

void PointInPlane::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  perr[0] = planeRow(in, a_, n_A_, b_, p_BS_).position(height_);
}

void PointInPlane::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                      Real* verr) const {
  verr[0] = planeRow(in, a_, n_A_, b_, p_BS_).velocity(V[a_], V[b_]);
}

void PointInPlane::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                                          Real* aerr) const {
  aerr[0] = planeRow(in, a_, n_A_, b_, p_BS_).acceleration(A[a_], A[b_], in.V_GB(a_), in.V_GB(b_));
}

void PointInPlane::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real*) const {
  planeRow(in, a_, n_A_, b_, p_BS_).addForces(lambda[0], F[a_], F[b_]);
}

}  // namespace articula::constraints
