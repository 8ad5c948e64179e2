// ConstantOrientation: a_i.b_i = 0 for (a, b) = (x_F, y_M), (y_F, z_M), (z_F, x_M) in G, three
// axis rows (AxisKinematics.h).
#include "AxisKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

ConstantOrientation::ConstantOrientation(std::string name, int bodyA, const Rotation& R_AF, int bodyB,
                                         const Rotation& R_BM)
    : Constraint(std::move(name), 3, 0, 0), a_(bodyA), b_(bodyB), R_AF_(R_AF), R_BM_(R_BM) {}

void ConstantOrientation::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, "body A");
  requireBody(matter, b_, "body B");
  requireDistinctBodies(a_, b_);
}

namespace {
void axisRows(const ConstraintInput& in, int A, const Rotation& R_AF, int B, const Rotation& R_BM, AxisRow rows[3]) {
  const Mat33 F = (in.X_GB(A).R() * R_AF).matrix(), M = (in.X_GB(B).R() * R_BM).matrix();
  for (int i = 0; i < 3; ++i) rows[i] = AxisRow{F.col(i), M.col((i + 1) % 3)};
}
}  // namespace

void ConstantOrientation::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  AxisRow rows[3];
  axisRows(in, a_, R_AF_, b_, R_BM_, rows);
  for (int i = 0; i < 3; ++i) perr[i] = rows[i].position(0);
}

void ConstantOrientation::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                             Real* verr) const {
  AxisRow rows[3];
  axisRows(in, a_, R_AF_, b_, R_BM_, rows);
  for (int i = 0; i < 3; ++i) verr[i] = rows[i].velocity(V[a_], V[b_]);
}

void ConstantOrientation::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A,
                                                 const Real*, Real* aerr) const {
  AxisRow rows[3];
  axisRows(in, a_, R_AF_, b_, R_BM_, rows);
  const Vec3 wA = in.V_GB(a_).head<3>(), wB = in.V_GB(b_).head<3>();
  for (int i = 0; i < 3; ++i) aerr[i] = rows[i].acceleration(A[a_], A[b_], wA, wB);
}

void ConstantOrientation::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F,
                                      Real*) const {
  AxisRow rows[3];
  axisRows(in, a_, R_AF_, b_, R_BM_, rows);
  for (int i = 0; i < 3; ++i) rows[i].addForces(lambda[i], F[a_], F[b_]);
}

}  // namespace articula::constraints
