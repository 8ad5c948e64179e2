// PointOnLine: station S on B stays on the line through p_AL along l fixed on A: two PlaneRows
// whose normals are perpendicular to l and to each other (chosen once, fixed in A).
#include "PlaneKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

PointOnLine::PointOnLine(std::string name, int lineBody, const Vec3& direction_A, const Vec3& p_AL, int followerBody,
                         const Vec3& p_BS)
    : Constraint(std::move(name), 2, 0, 0), a_(lineBody), b_(followerBody), p_BS_(p_BS) {
  if (!(direction_A.norm() > 0) || !direction_A.allFinite())
    throw Error(label() + ": line direction must be non-zero and finite");
  const Rotation R = Rotation::fromOneAxis(CoordinateAxis::Z, direction_A);
  n_A_[0] = R.x();
  n_A_[1] = R.y();
  for (int i = 0; i < 2; ++i) h_[i] = n_A_[i].dot(p_AL);
}

void PointOnLine::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, "line body");
  requireBody(matter, b_, "follower body");
  requireDistinctBodies(a_, b_);
}

namespace {
PlaneRow planeRow(const ConstraintInput& in, int A, const Vec3& n_A, int B, const Vec3& p_BS) {
  const Vec3 rB = in.stationOffset(B, p_BS);
  return PlaneRow{in.X_GB(A).R() * n_A, in.X_GB(B).p() + rB - in.X_GB(A).p(), rB};
}
}  // namespace

void PointOnLine::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  for (int i = 0; i < 2; ++i) perr[i] = planeRow(in, a_, n_A_[i], b_, p_BS_).position(h_[i]);
}

void PointOnLine::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                     Real* verr) const {
  for (int i = 0; i < 2; ++i) verr[i] = planeRow(in, a_, n_A_[i], b_, p_BS_).velocity(V[a_], V[b_]);
}

void PointOnLine::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                                         Real* aerr) const {
  for (int i = 0; i < 2; ++i)
    aerr[i] = planeRow(in, a_, n_A_[i], b_, p_BS_).acceleration(A[a_], A[b_], in.V_GB(a_), in.V_GB(b_));
}

void PointOnLine::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real*) const {
  for (int i = 0; i < 2; ++i) planeRow(in, a_, n_A_[i], b_, p_BS_).addForces(lambda[i], F[a_], F[b_]);
}

}  // namespace articula::constraints
