// ConstantOrientation: a_i.b_i = 0 for (a, b) = (x_F, y_M), (y_F, z_M), (z_F, x_M) in G.
// d/dt(a.b) = (w_B - w_A).(b x a), and d/dt(b x a) = (w_B x b) x a + b x (w_A x a).
#include "StationKinematics.h"
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
struct AxisPairs {
  Vec3 a[3], b[3], axis[3];  // axis[i] = b_i x a_i: the direction of equation i's torque on B
};
AxisPairs axisPairs(const ConstraintInput& in, int A, const Rotation& R_AF, int B, const Rotation& R_BM) {
  const Mat33 F = (in.X_GB(A).R() * R_AF).matrix(), M = (in.X_GB(B).R() * R_BM).matrix();
  AxisPairs p;
  for (int i = 0; i < 3; ++i) {
    p.a[i] = F.col(i);
    p.b[i] = M.col((i + 1) % 3);
    p.axis[i] = p.b[i].cross(p.a[i]);
  }
  return p;
}
}  // namespace

void ConstantOrientation::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  const AxisPairs p = axisPairs(in, a_, R_AF_, b_, R_BM_);
  for (int i = 0; i < 3; ++i) perr[i] = p.a[i].dot(p.b[i]);
}

void ConstantOrientation::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                             Real* verr) const {
  const AxisPairs p = axisPairs(in, a_, R_AF_, b_, R_BM_);
  const Vec3 wRel = angular(V[b_]) - angular(V[a_]);
  for (int i = 0; i < 3; ++i) verr[i] = wRel.dot(p.axis[i]);
}

void ConstantOrientation::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A,
                                                 const Real*, Real* aerr) const {
  const AxisPairs p = axisPairs(in, a_, R_AF_, b_, R_BM_);
  const Vec3 wA = angular(in.V_GB(a_)), wB = angular(in.V_GB(b_));
  const Vec3 alphaRel = angular(A[b_]) - angular(A[a_]);
  for (int i = 0; i < 3; ++i) {
    const Vec3 axisDot = wB.cross(p.b[i]).cross(p.a[i]) + p.b[i].cross(wA.cross(p.a[i]));
    aerr[i] = alphaRel.dot(p.axis[i]) + (wB - wA).dot(axisDot);
  }
}

void ConstantOrientation::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F,
                                      Real*) const {
  const AxisPairs p = axisPairs(in, a_, R_AF_, b_, R_BM_);
  Vec3 torque = Vec3::Zero();
  for (int i = 0; i < 3; ++i) torque += lambda[i] * p.axis[i];
  addTorque(F[b_], torque);
  addTorque(F[a_], -torque);
}

}  // namespace articula::constraints
