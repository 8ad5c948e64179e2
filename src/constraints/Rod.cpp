// Rod: constant distance between two stations, error |d| - L with d = p_GSb - p_GSa.
// pdot = dhat.(v_Sb - v_Sa); pddot = dhat.(a_Sb - a_Sa) + (|vr|^2 - (dhat.vr)^2)/|d|, the second
// term being the rate of change of dhat along vr = v_Sb - v_Sa.
#include <cmath>

#include "StationKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

Rod::Rod(std::string name, int bodyA, const Vec3& p_AS, int bodyB, const Vec3& p_BS, Real length)
    : Constraint(std::move(name), 1, 0, 0), a_(bodyA), b_(bodyB), p_AS_(p_AS), p_BS_(p_BS), length_(length) {
  if (!(length > 0) || !std::isfinite(length))
    throw Error(label() + ": length " + std::to_string(length) + " must be positive");
}

void Rod::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, "body A");
  requireBody(matter, b_, "body B");
  requireDistinctBodies(a_, b_);
}

namespace {
struct RodGeometry {
  Vec3 ra, rb, d, dhat;
  Real len;
};
RodGeometry geometry(const ConstraintInput& in, int a, const Vec3& p_AS, int b, const Vec3& p_BS) {
  RodGeometry g;
  g.ra = in.stationOffset(a, p_AS);
  g.rb = in.stationOffset(b, p_BS);
  g.d = (in.X_GB(b).p() + g.rb) - (in.X_GB(a).p() + g.ra);
  g.len = g.d.norm();
  // Coincident stations have no direction; any unit vector keeps the equations finite.
  g.dhat = g.len > 0 ? Vec3(g.d / g.len) : Vec3::UnitX();
  return g;
}
}  // namespace

void Rod::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  perr[0] = geometry(in, a_, p_AS_, b_, p_BS_).len - length_;
}

void Rod::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                             Real* verr) const {
  const RodGeometry g = geometry(in, a_, p_AS_, b_, p_BS_);
  verr[0] = g.dhat.dot(stationVelocity(V[b_], g.rb) - stationVelocity(V[a_], g.ra));
}

void Rod::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                                 Real* aerr) const {
  const RodGeometry g = geometry(in, a_, p_AS_, b_, p_BS_);
  const SpatialVec &Va = in.V_GB(a_), &Vb = in.V_GB(b_);
  const Vec3 vr = stationVelocity(Vb, g.rb) - stationVelocity(Va, g.ra);
  const Vec3 ar = stationAcceleration(A[b_], angular(Vb), g.rb) - stationAcceleration(A[a_], angular(Va), g.ra);
  const Real vAlong = g.dhat.dot(vr);
  aerr[0] = g.dhat.dot(ar) + (g.len > 0 ? (vr.squaredNorm() - vAlong * vAlong) / g.len : 0);
}

void Rod::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real*) const {
  const RodGeometry g = geometry(in, a_, p_AS_, b_, p_BS_);
  addStationForce(F[b_], g.rb, lambda[0] * g.dhat);
  addStationForce(F[a_], g.ra, -lambda[0] * g.dhat);
}

}  // namespace articula::constraints
