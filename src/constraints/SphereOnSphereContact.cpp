// SphereOnSphereContact (reference ch. 1-7 §9.5): d = C2 - C1, n = d/|d|, position error
// |d| - (r1 + r2), its rate n.ddot and second rate n.dddot + (|ddot|^2 - (n.ddot)^2)/|d| (as for a
// Rod). No slip: s = vB(P) - vA(P) at P = C1 + r1 n along tangents built from n and a direction e
// fixed on A; their rates follow from ndot = (ddot - n (n.ddot))/|d| and edot = wA x e.
#include <cmath>

#include "StationKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

SphereOnSphereContact::SphereOnSphereContact(std::string name, int bodyA, const Vec3& p_AC1, Real r1, int bodyB,
                                             const Vec3& p_BC2, Real r2, bool noSlip)
    : Constraint(std::move(name), 1, noSlip ? 2 : 0, 0),
      a_(bodyA),
      b_(bodyB),
      p_AC1_(p_AC1),
      p_BC2_(p_BC2),
      r1_(r1),
      r2_(r2) {
  if (!(r1 > 0) || !std::isfinite(r1)) throw Error(label() + ": radius r1 " + std::to_string(r1) + " must be positive");
  if (!(r2 > 0) || !std::isfinite(r2)) throw Error(label() + ": radius r2 " + std::to_string(r2) + " must be positive");
  if (!p_AC1.allFinite() || !p_BC2.allFinite()) throw Error(label() + ": sphere centres must be finite");
}

void SphereOnSphereContact::validate(const MatterSubsystem& matter) const {
  requireBody(matter, a_, "body A");
  requireBody(matter, b_, "body B");
  requireDistinctBodies(a_, b_);
}

namespace {

struct Spheres {
  Vec3 rA_C1, rB_C2, d, n, e;  // offsets from body origins, centre line, normal, reference on A
  Real len;
  Vec3 rA_P, rB_P;  // contact point offsets
};

Spheres spheres(const ConstraintInput& in, int A, const Vec3& p_AC1, int B, const Vec3& p_BC2, Real r1) {
  Spheres k;
  const Transform &X_GA = in.X_GB(A), &X_GB = in.X_GB(B);
  k.rA_C1 = X_GA.R() * p_AC1;
  k.rB_C2 = X_GB.R() * p_BC2;
  k.d = (X_GB.p() + k.rB_C2) - (X_GA.p() + k.rA_C1);
  k.len = k.d.norm();
  k.n = k.len > 0 ? Vec3(k.d / k.len) : Vec3::UnitX();
  const Vec3 x = X_GA.R() * Vec3::UnitX();
  k.e = std::abs(x.dot(k.n)) < std::cos(M_PI / 6) ? x : Vec3(X_GA.R() * Vec3::UnitY());
  const Vec3 P = X_GA.p() + k.rA_C1 + r1 * k.n;
  k.rA_P = P - X_GA.p();
  k.rB_P = P - X_GB.p();
  return k;
}

// Tangents t1 = unit(n x e), t2 = n x t1 and their rates.
void tangents(const Vec3& n, const Vec3& ndot, const Vec3& e, const Vec3& edot, Vec3 t[2], Vec3 tdot[2]) {
  const Vec3 u = n.cross(e), udot = ndot.cross(e) + n.cross(edot);
  const Real len = u.norm();
  t[0] = u / len;
  tdot[0] = (udot - t[0] * t[0].dot(udot)) / len;
  t[1] = n.cross(t[0]);
  tdot[1] = ndot.cross(t[0]) + n.cross(tdot[0]);
}

}  // namespace

void SphereOnSphereContact::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  perr[0] = spheres(in, a_, p_AC1_, b_, p_BC2_, r1_).len - (r1_ + r2_);
}

void SphereOnSphereContact::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                               Real* verr) const {
  const Spheres k = spheres(in, a_, p_AC1_, b_, p_BC2_, r1_);
  verr[0] = k.n.dot(stationVelocity(V[b_], k.rB_C2) - stationVelocity(V[a_], k.rA_C1));
  if (!isNoSlip()) return;
  const Vec3 slip = stationVelocity(V[b_], k.rB_P) - stationVelocity(V[a_], k.rA_P);
  Vec3 t[2], tdot[2];
  tangents(k.n, Vec3::Zero(), k.e, Vec3::Zero(), t, tdot);
  verr[1] = t[0].dot(slip);
  verr[2] = t[1].dot(slip);
}

void SphereOnSphereContact::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A,
                                                   const Real*, Real* aerr) const {
  const Spheres k = spheres(in, a_, p_AC1_, b_, p_BC2_, r1_);
  const SpatialVec &VA = in.V_GB(a_), &VB = in.V_GB(b_);
  const Vec3 wA = angular(VA), wB = angular(VB);
  const Vec3 vC1 = stationVelocity(VA, k.rA_C1), vC2 = stationVelocity(VB, k.rB_C2);
  const Vec3 aC1 = stationAcceleration(A[a_], wA, k.rA_C1), aC2 = stationAcceleration(A[b_], wB, k.rB_C2);
  const Vec3 ddot = vC2 - vC1;
  const Real along = k.n.dot(ddot);
  aerr[0] = k.n.dot(aC2 - aC1) + (k.len > 0 ? (ddot.squaredNorm() - along * along) / k.len : 0);
  if (!isNoSlip()) return;
  const Vec3 ndot = k.len > 0 ? Vec3((ddot - along * k.n) / k.len) : Vec3::Zero();
  const Vec3 slip = stationVelocity(VB, k.rB_P) - stationVelocity(VA, k.rA_P);
  // P - C1 = r1 n moves with r1 ndot; P - C2 = r1 n - d moves with r1 ndot - ddot.
  const Vec3 PminusC2 = r1_ * k.n - k.d, PminusC2dot = r1_ * ndot - ddot;
  const Vec3 slipDot = aC2 + angular(A[b_]).cross(PminusC2) + wB.cross(PminusC2dot) - aC1 -
                       angular(A[a_]).cross(r1_ * k.n) - wA.cross(r1_ * ndot);
  Vec3 t[2], tdot[2];
  tangents(k.n, ndot, k.e, wA.cross(k.e), t, tdot);
  for (int i = 0; i < 2; ++i) aerr[1 + i] = tdot[i].dot(slip) + t[i].dot(slipDot);
}

void SphereOnSphereContact::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F,
                                        Real*) const {
  const Spheres k = spheres(in, a_, p_AC1_, b_, p_BC2_, r1_);
  Vec3 force = lambda[0] * k.n;  // along the centre line: acting at P or at either centre is the same
  if (isNoSlip()) {
    Vec3 t[2], tdot[2];
    tangents(k.n, Vec3::Zero(), k.e, Vec3::Zero(), t, tdot);
    force += lambda[1] * t[0] + lambda[2] * t[1];
  }
  addStationForce(F[b_], k.rB_P, force);
  addStationForce(F[a_], k.rA_P, -force);
}

}  // namespace articula::constraints
