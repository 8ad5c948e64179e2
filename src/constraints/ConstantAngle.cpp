// ConstantAngle: the angle between unit vector a fixed on A and b fixed on B stays theta,
// error a.b - cos(theta) (one axis row, AxisKinematics.h). The row vanishes (G singular) when
// the vectors are parallel, so theta must stay away from 0 and pi in use.
#include <cmath>

#include "AxisKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

ConstantAngle::ConstantAngle(std::string name, int bodyA, const Vec3& a_A, int bodyB, const Vec3& b_B, Real angle)
    : Constraint(std::move(name), 1, 0, 0), a_(bodyA), b_(bodyB), angle_(angle) {
  if (!(a_A.norm() > 0) || !(b_B.norm() > 0) || !a_A.allFinite() || !b_B.allFinite())
    throw Error(label() + ": axis vectors must be non-zero and finite");
  if (!(angle >= 0 && angle <= M_PI))
    throw Error(label() + ": angle " + std::to_string(angle) + " rad must be in [0, pi]");
  a_A_ = a_A.normalized();
  b_B_ = b_B.normalized();
}

void ConstantAngle::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, "body A");
  requireBody(matter, b_, "body B");
  requireDistinctBodies(a_, b_);
}

namespace {
AxisRow axisRow(const ConstraintInput& in, int A, const Vec3& a_A, int B, const Vec3& b_B) {
  return AxisRow{in.X_GB(A).R() * a_A, in.X_GB(B).R() * b_B};
}
}  // namespace

void ConstantAngle::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  perr[0] = axisRow(in, a_, a_A_, b_, b_B_).position(std::cos(angle_));
}

void ConstantAngle::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                       Real* verr) const {
  verr[0] = axisRow(in, a_, a_A_, b_, b_B_).velocity(V[a_], V[b_]);
}

void ConstantAngle::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                                           Real* aerr) const {
  aerr[0] = axisRow(in, a_, a_A_, b_, b_B_).acceleration(A[a_], A[b_], in.V_GB(a_).head<3>(), in.V_GB(b_).head<3>());
}

void ConstantAngle::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F,
                                Real*) const {
  axisRow(in, a_, a_A_, b_, b_B_).addForces(lambda[0], F[a_], F[b_]);
}

}  // namespace articula::constraints
