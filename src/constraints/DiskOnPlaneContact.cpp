// DiskOnPlaneContact (DiskOnPlaneContact.h). With e_0 = z_F, e_1 = x_F, e_2 = y_F (in Ground) and
// the slip velocity s = vB(P) - vA(P) at the contact point P, the velocity errors are e_i . s:
// row 0 is the rate of the height of P (envelope theorem: P is the rim point nearest the plane,
// so moving along the rim does not change the height to first order), rows 1-2 the no-slip rows.
// Acceleration errors differentiate e_i . s with e_i' = wA x e_i and P moving on both bodies:
// P' = v_C + r w', w' from z' = wA x z and a' = wB x a.
#include "articula/constraints/DiskOnPlaneContact.h"

#include <cmath>

#include "StationKinematics.h"

namespace articula::constraints {

using namespace constraint_kinematics;

DiskOnPlaneContact::DiskOnPlaneContact(std::string name, int planeBody, const Transform& X_PF, int diskBody,
                                       const Vec3& p_BC, const Vec3& axle_B, Real radius, bool noSlip)
    : Constraint(std::move(name), 1, noSlip ? 2 : 0, 0),
      plane_(planeBody),
      disk_(diskBody),
      X_PF_(X_PF),
      p_BC_(p_BC),
      radius_(radius) {
  if (!(radius > 0) || !std::isfinite(radius))
    throw Error(label() + ": radius " + std::to_string(radius) + " must be positive and finite");
  if (!p_BC.allFinite()) throw Error(label() + ": disk centre p_BC must be finite");
  if (!axle_B.allFinite() || !(axle_B.norm() > 0)) throw Error(label() + ": axle direction must be a non-zero vector");
  axle_B_ = axle_B.normalized();
}

void DiskOnPlaneContact::validate(const MatterSubsystem& matter) const {
  requireBody(matter, plane_, "plane body");
  requireBody(matter, disk_, "disk body");
  requireDistinctBodies(plane_, disk_);
}

namespace {

struct Contact {
  Vec3 e[3];   // z_F, x_F, y_F in G
  Vec3 a, w;   // axle; unit vector from the centre to the contact point
  Real s = 0;  // |z - (z.a) a| = sin of the angle between axle and normal
  Vec3 C, P, Fo;
  Vec3 rA_P, rA_Fo, rB_C, rB_P;  // offsets from the owning body's origin
};

Contact contact(const ConstraintInput& in, int A, const Transform& X_PF, int B, const Vec3& p_BC, const Vec3& axle_B,
                Real r) {
  const Transform& X_GA = in.X_GB(A);
  const Transform& X_GB = in.X_GB(B);
  const Mat33 R_GF = (X_GA.R() * X_PF.R()).matrix();
  Contact k;
  k.e[0] = R_GF.col(2);
  k.e[1] = R_GF.col(0);
  k.e[2] = R_GF.col(1);
  k.a = X_GB.R() * axle_B;
  const Vec3 g = k.e[0] - k.e[0].dot(k.a) * k.a;
  k.s = g.norm();
  k.w = -g / k.s;
  k.rB_C = X_GB.R() * p_BC;
  k.C = X_GB.p() + k.rB_C;
  k.P = k.C + r * k.w;
  k.rB_P = k.P - X_GB.p();
  k.rA_Fo = X_GA.R() * X_PF.p();
  k.Fo = X_GA.p() + k.rA_Fo;
  k.rA_P = k.P - X_GA.p();
  return k;
}

// w' for z' = wA x z and a' = wB x a.
Vec3 contactDirectionRate(const Contact& k, const Vec3& wA, const Vec3& wB) {
  const Vec3& z = k.e[0];
  const Vec3 zdot = wA.cross(z), adot = wB.cross(k.a);
  const Real za = z.dot(k.a);
  const Vec3 g = z - za * k.a;
  const Vec3 gdot = zdot - (zdot.dot(k.a) + z.dot(adot)) * k.a - za * adot;
  return -gdot / k.s + g * (g.dot(gdot) / (k.s * k.s * k.s));
}

}  // namespace

void DiskOnPlaneContact::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  const Contact k = contact(in, plane_, X_PF_, disk_, p_BC_, axle_B_, radius_);
  perr[0] = k.e[0].dot(k.P - k.Fo);
}

void DiskOnPlaneContact::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                            Real* verr) const {
  const Contact k = contact(in, plane_, X_PF_, disk_, p_BC_, axle_B_, radius_);
  const Vec3 slip = stationVelocity(V[disk_], k.rB_P) - stationVelocity(V[plane_], k.rA_P);
  const int rows = isNoSlip() ? 3 : 1;
  for (int i = 0; i < rows; ++i) verr[i] = k.e[i].dot(slip);
}

void DiskOnPlaneContact::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A,
                                                const Real*, Real* aerr) const {
  const Contact k = contact(in, plane_, X_PF_, disk_, p_BC_, axle_B_, radius_);
  const SpatialVec &VA = in.V_GB(plane_), &VB = in.V_GB(disk_);
  const Vec3 wA = angular(VA), wB = angular(VB), alphaA = angular(A[plane_]), alphaB = angular(A[disk_]);
  const Vec3 wdot = contactDirectionRate(k, wA, wB);
  const Vec3 vC = stationVelocity(VB, k.rB_C), vFo = stationVelocity(VA, k.rA_Fo);
  const Vec3 aC = stationAcceleration(A[disk_], wB, k.rB_C), aFo = stationAcceleration(A[plane_], wA, k.rA_Fo);
  const Vec3 rw = radius_ * k.w;
  const Vec3 Pdot = vC + radius_ * wdot;
  const Vec3 slip = vC + wB.cross(rw) - vFo - wA.cross(k.P - k.Fo);
  const Vec3 slipDot = aC + alphaB.cross(rw) + wB.cross(radius_ * wdot) - aFo - alphaA.cross(k.P - k.Fo) -
                       wA.cross(Pdot - vFo);
  const int rows = isNoSlip() ? 3 : 1;
  for (int i = 0; i < rows; ++i) aerr[i] = wA.cross(k.e[i]).dot(slip) + k.e[i].dot(slipDot);
}

void DiskOnPlaneContact::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F,
                                     Real*) const {
  const Contact k = contact(in, plane_, X_PF_, disk_, p_BC_, axle_B_, radius_);
  Vec3 force = lambda[0] * k.e[0];
  if (isNoSlip()) force += lambda[1] * k.e[1] + lambda[2] * k.e[2];
  addStationForce(F[disk_], k.rB_P, force);
  addStationForce(F[plane_], k.rA_P, -force);
}

}  // namespace articula::constraints
