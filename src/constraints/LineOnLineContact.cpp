// LineOnLineContact (reference ch. 1-7 §9.5): lines through La along a (on A) and Lb along b
// (on B), w = a x b, n = w/|w|, closest points Q_A, Q_B, error p = n.(Q_B - Q_A). Working with
// the material points at the closest points, r = Q_B - Q_A = p n, so pdot = n.rdot (ndot is
// orthogonal to n) and pddot = -p |ndot|^2 + 2 ndot.rdot + n.rddot; ndot = (wdot - n (n.wdot))/|w|
// with wdot = (wA x a) x b + a x (wB x b).
#include <cmath>

#include "StationKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

LineOnLineContact::LineOnLineContact(std::string name, int bodyA, const Vec3& p_AL, const Vec3& direction_A, int bodyB,
                                     const Vec3& p_BL, const Vec3& direction_B)
    : Constraint(std::move(name), 1, 0, 0), a_(bodyA), b_(bodyB), p_AL_(p_AL), p_BL_(p_BL) {
  if (!(direction_A.norm() > 0) || !direction_A.allFinite())
    throw Error(label() + ": direction_A must be non-zero and finite");
  if (!(direction_B.norm() > 0) || !direction_B.allFinite())
    throw Error(label() + ": direction_B must be non-zero and finite");
  if (!p_AL.allFinite() || !p_BL.allFinite()) throw Error(label() + ": line points must be finite");
  dir_A_ = direction_A.normalized();
  dir_B_ = direction_B.normalized();
}

void LineOnLineContact::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, "body A");
  requireBody(matter, b_, "body B");
  requireDistinctBodies(a_, b_);
}

namespace {

struct Lines {
  Vec3 a, b, w, n;
  Real wlen, p;
  Vec3 rA_Q, rB_Q;  // closest points as offsets from the body origins
};

Lines lines(const ConstraintInput& in, int A, const Vec3& p_AL, const Vec3& dA, int B, const Vec3& p_BL,
            const Vec3& dB) {
  const Transform &X_GA = in.X_GB(A), &X_GB = in.X_GB(B);
  Lines k;
  k.a = X_GA.R() * dA;
  k.b = X_GB.R() * dB;
  k.w = k.a.cross(k.b);
  k.wlen = k.w.norm();
  k.n = k.w / k.wlen;
  const Vec3 La = X_GA * p_AL, Lb = X_GB * p_BL, r = Lb - La;
  const Real c = k.a.dot(k.b), ra = r.dot(k.a), rb = r.dot(k.b), den = 1 - c * c;
  const Real s = (ra - c * rb) / den, t = (c * ra - rb) / den;
  const Vec3 QA = La + s * k.a, QB = Lb + t * k.b;
  k.p = k.n.dot(QB - QA);
  k.rA_Q = QA - X_GA.p();
  k.rB_Q = QB - X_GB.p();
  return k;
}

}  // namespace

void LineOnLineContact::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  perr[0] = lines(in, a_, p_AL_, dir_A_, b_, p_BL_, dir_B_).p;
}

void LineOnLineContact::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                           Real* verr) const {
  const Lines k = lines(in, a_, p_AL_, dir_A_, b_, p_BL_, dir_B_);
  verr[0] = k.n.dot(stationVelocity(V[b_], k.rB_Q) - stationVelocity(V[a_], k.rA_Q));
}

void LineOnLineContact::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                                               Real* aerr) const {
  const Lines k = lines(in, a_, p_AL_, dir_A_, b_, p_BL_, dir_B_);
  const SpatialVec &VA = in.V_GB(a_), &VB = in.V_GB(b_);
  const Vec3 wA = angular(VA), wB = angular(VB);
  const Vec3 wdot = wA.cross(k.a).cross(k.b) + k.a.cross(wB.cross(k.b));
  const Vec3 ndot = (wdot - k.n * k.n.dot(wdot)) / k.wlen;
  const Vec3 rdot = stationVelocity(VB, k.rB_Q) - stationVelocity(VA, k.rA_Q);
  const Vec3 rddot = stationAcceleration(A[b_], wB, k.rB_Q) - stationAcceleration(A[a_], wA, k.rA_Q);
  aerr[0] = -k.p * ndot.squaredNorm() + 2 * ndot.dot(rdot) + k.n.dot(rddot);
}

void LineOnLineContact::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F,
                                    Real*) const {
  const Lines k = lines(in, a_, p_AL_, dir_A_, b_, p_BL_, dir_B_);
  addStationForce(F[b_], k.rB_Q, lambda[0] * k.n);
  addStationForce(F[a_], k.rA_Q, -lambda[0] * k.n);
}

}  // namespace articula::constraints
