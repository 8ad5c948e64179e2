// NoSlip1D: at contact point P (a station of case body C), the material points of B0 and B1 at P
// have the same velocity along direction n fixed in C (nonholonomic, v = n.(v1_P - v0_P)).
// vdot = (w_C x n).(v1_P - v0_P) + n.(d/dt v1_P - d/dt v0_P), where the material point of B_i
// at the moving P has d/dt v_iP = a_Bi + alpha_Bi x r_i + w_Bi x (pdot_P - v_Bi), r_i = P - Bo_i
// and pdot_P is the velocity of C's station P. lambda is a force lambda n on B1 at P (minus on B0).
#include "StationKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

NoSlip1D::NoSlip1D(std::string name, int caseBody, const Vec3& p_CP, const Vec3& n_C, int body0, int body1)
    : Constraint(std::move(name), 0, 1, 0), c_(caseBody), b0_(body0), b1_(body1), p_CP_(p_CP) {
  if (!(n_C.norm() > 0) || !n_C.allFinite()) throw Error(label() + ": no-slip direction must be non-zero and finite");
  n_C_ = n_C.normalized();
}

void NoSlip1D::validate(const MatterSubsystem& matter) const {
  requireBody(matter, c_, "case body");
  requireBody(matter, b0_, "body 0");
  requireBody(matter, b1_, "body 1");
  requireDistinctBodies(b0_, b1_);
}

namespace {
struct ContactGeometry {
  Vec3 n, rC, r0, r1;  // direction, and P's offsets from C's, B0's and B1's origins (all in G)
};
ContactGeometry contact(const ConstraintInput& in, int C, const Vec3& p_CP, const Vec3& n_C, int B0, int B1) {
  const Vec3 rC = in.stationOffset(C, p_CP);
  const Vec3 P = in.X_GB(C).p() + rC;
  return ContactGeometry{in.X_GB(C).R() * n_C, rC, P - in.X_GB(B0).p(), P - in.X_GB(B1).p()};
}
// d/dt of the velocity of B's material point at the moving P.
Vec3 materialPointRate(const SpatialVec& A, const SpatialVec& V, const Vec3& r, const Vec3& pdotP) {
  const Vec3 w = V.head<3>();
  return Vec3(A.tail<3>()) + Vec3(A.head<3>()).cross(r) + w.cross(pdotP - Vec3(V.tail<3>()));
}
}  // namespace

void NoSlip1D::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                  Real* verr) const {
  const ContactGeometry g = contact(in, c_, p_CP_, n_C_, b0_, b1_);
  verr[0] = g.n.dot(stationVelocity(V[b1_], g.r1) - stationVelocity(V[b0_], g.r0));
}

void NoSlip1D::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real*,
                                      Real* aerr) const {
  const ContactGeometry g = contact(in, c_, p_CP_, n_C_, b0_, b1_);
  const SpatialVec &VC = in.V_GB(c_), &V0 = in.V_GB(b0_), &V1 = in.V_GB(b1_);
  const Vec3 pdotP = stationVelocity(VC, g.rC);
  const Vec3 slip = stationVelocity(V1, g.r1) - stationVelocity(V0, g.r0);
  const Vec3 slipRate = materialPointRate(A[b1_], V1, g.r1, pdotP) - materialPointRate(A[b0_], V0, g.r0, pdotP);
  aerr[0] = Vec3(VC.head<3>()).cross(g.n).dot(slip) + g.n.dot(slipRate);
}

void NoSlip1D::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real*) const {
  const ContactGeometry g = contact(in, c_, p_CP_, n_C_, b0_, b1_);
  addStationForce(F[b1_], g.r1, lambda[0] * g.n);
  addStationForce(F[b0_], g.r0, -lambda[0] * g.n);
}

// No position-level equations.
void NoSlip1D::calcPositionErrors(const ConstraintInput&, Real*) const {}

}  // namespace articula::constraints
