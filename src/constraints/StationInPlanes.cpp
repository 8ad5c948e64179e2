// StationInPlanes: the kernels of PointInPlane and PointOnLine, one PlaneRow (PlaneKinematics.h)
// per plane.
#include "PlaneKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

StationInPlanes::StationInPlanes(std::string name, int count, const char* planeRole, int planeBody, int followerBody,
                                 const Vec3& p_BS)
    : Constraint(std::move(name), count, 0, 0),
      count_(count),
      planeRole_(planeRole),
      a_(planeBody),
      b_(followerBody),
      p_BS_(p_BS) {}

void StationInPlanes::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, planeRole_);
  requireBody(matter, b_, "follower body");
  requireDistinctBodies(a_, b_);
}

namespace {
PlaneRow planeRow(const ConstraintInput& in, int A, const Vec3& n_A, int B, const Vec3& p_BS) {
  const Vec3 rB = in.stationOffset(B, p_BS);
  return PlaneRow{in.X_GB(A).R() * n_A, in.X_GB(B).p() + rB - in.X_GB(A).p(), rB};
}
}  // namespace

void StationInPlanes::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  for (int i = 0; i < count_; ++i) perr[i] = planeRow(in, a_, n_A_[i], b_, p_BS_).position(h_[i]);
}

void StationInPlanes::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                         Real* verr) const {
  for (int i = 0; i < count_; ++i) verr[i] = planeRow(in, a_, n_A_[i], b_, p_BS_).velocity(V[a_], V[b_]);
}

void StationInPlanes::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                                             Real* aerr) const {
  for (int i = 0; i < count_; ++i)
    aerr[i] = planeRow(in, a_, n_A_[i], b_, p_BS_).acceleration(A[a_], A[b_], in.V_GB(a_), in.V_GB(b_));
}

void StationInPlanes::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F,
                                  Real*) const {
  for (int i = 0; i < count_; ++i) planeRow(in, a_, n_A_[i], b_, p_BS_).addForces(lambda[i], F[a_], F[b_]);
}

}  // namespace articula::constraints
