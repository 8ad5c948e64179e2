// SphereOnPlaneContact (reference ch. 1-7 §9.5): centre C of a sphere of radius r on body B and
// plane z_F = 0 of frame F on body A. Position error z.(C - Fo) - r. Its rate z.(v_C - vA(C))
// (vA(x): velocity of A's material point at x) and, with no slip, the slip velocity
// s = vB(P) - vA(P) at the contact point P = C - r z along x_F and y_F. Derivatives use
// zdot = wA x z and Pdot = v_C - r wA x z (the contact point moves on both bodies).
#include <cmath>

#include "StationKinematics.h"
#include "articula/constraints/constraints.h"

namespace articula::constraints {

using namespace constraint_kinematics;

SphereOnPlaneContact::SphereOnPlaneContact(std::string name, int planeBody, const Transform& X_PF, int sphereBody,
                                           const Vec3& p_BC, Real radius, bool noSlip)
    : Constraint(std::move(name), 1, noSlip ? 2 : 0, 0),
      plane_(planeBody),
      sphere_(sphereBody),
      X_PF_(X_PF),
      p_BC_(p_BC),
      radius_(radius) {
  if (!(radius > 0) || !std::isfinite(radius))
    throw Error(label() + ": radius " + std::to_string(radius) + " must be positive and finite");
  if (!p_BC.allFinite()) throw Error(label() + ": sphere centre p_BC must be finite");
}

void SphereOnPlaneContact::validate(const MatterSubsystem& matter) const {
  requireBody(matter, plane_, "plane body");
  requireBody(matter, sphere_, "sphere body");
  requireDistinctBodies(plane_, sphere_);
}

namespace {

// Positions in G; offsets r* are from the owning body's origin.
struct Contact {
  Vec3 t[2], z;            // plane axes x_F, y_F, z_F
  Vec3 C, P, Fo;           // centre, contact point, plane origin
  Vec3 rA_C, rA_P, rA_Fo;  // on the plane body
  Vec3 rB_C, rB_P;         // on the sphere body
};

Contact contact(const ConstraintInput& in, int A, const Transform& X_PF, int B, const Vec3& p_BC, Real r) {
  const Transform& X_GA = in.X_GB(A);
  const Transform& X_GB = in.X_GB(B);
  const Mat33 R_GF = (X_GA.R() * X_PF.R()).matrix();
  Contact k;
  k.t[0] = R_GF.col(0);
  k.t[1] = R_GF.col(1);
  k.z = R_GF.col(2);
  k.rB_C = X_GB.R() * p_BC;
  k.C = X_GB.p() + k.rB_C;
  k.P = k.C - r * k.z;
  k.rA_Fo = X_GA.R() * X_PF.p();
  k.Fo = X_GA.p() + k.rA_Fo;
  k.rA_C = k.C - X_GA.p();
  k.rA_P = k.P - X_GA.p();
  k.rB_P = k.P - X_GB.p();
  return k;
}

}  // namespace

void SphereOnPlaneContact::calcPositionErrors(const ConstraintInput& in, Real* perr) const {
  const Contact k = contact(in, plane_, X_PF_, sphere_, p_BC_, radius_);
  perr[0] = k.z.dot(k.C - k.Fo) - radius_;
}

void SphereOnPlaneContact::calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real*,
                                              Real* verr) const {
  const Contact k = contact(in, plane_, X_PF_, sphere_, p_BC_, radius_);
  verr[0] = k.z.dot(stationVelocity(V[sphere_], k.rB_C) - stationVelocity(V[plane_], k.rA_C));
  if (!isNoSlip()) return;
  const Vec3 slip = stationVelocity(V[sphere_], k.rB_P) - stationVelocity(V[plane_], k.rA_P);
  verr[1] = k.t[0].dot(slip);
  verr[2] = k.t[1].dot(slip);
}

void SphereOnPlaneContact::calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A,
                                                  const Real*, Real* aerr) const {
  const Contact k = contact(in, plane_, X_PF_, sphere_, p_BC_, radius_);
  const SpatialVec &VA = in.V_GB(plane_), &VB = in.V_GB(sphere_);
  const Vec3 wA = angular(VA), wB = angular(VB), alphaA = angular(A[plane_]), alphaB = angular(A[sphere_]);
  const Vec3 vC = stationVelocity(VB, k.rB_C), vFo = stationVelocity(VA, k.rA_Fo);
  const Vec3 aC = stationAcceleration(A[sphere_], wB, k.rB_C), aFo = stationAcceleration(A[plane_], wA, k.rA_Fo);
  const Vec3 d = k.C - k.Fo, zdot = wA.cross(k.z);
  // d/dt [z.(vC - vFo - wA x d)]
  aerr[0] = zdot.dot(vC - vFo - wA.cross(d)) + k.z.dot(aC - aFo - alphaA.cross(d) - wA.cross(vC - vFo));
  if (!isNoSlip()) return;
  const Vec3 slip = stationVelocity(VB, k.rB_P) - stationVelocity(VA, k.rA_P);
  const Vec3 Pdot = vC - radius_ * zdot;
  const Vec3 slipDot = aC - radius_ * (alphaB.cross(k.z) + wB.cross(zdot)) - aFo - alphaA.cross(k.P - k.Fo) -
                       wA.cross(Pdot - vFo);
  for (int i = 0; i < 2; ++i) aerr[1 + i] = wA.cross(k.t[i]).dot(slip) + k.t[i].dot(slipDot);
}

void SphereOnPlaneContact::addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F,
                                       Real*) const {
  const Contact k = contact(in, plane_, X_PF_, sphere_, p_BC_, radius_);
  Vec3 force = lambda[0] * k.z;  // along z, so acting at C or at P gives the same moment
  if (isNoSlip()) force += lambda[1] * k.t[0] + lambda[2] * k.t[1];
  addStationForce(F[sphere_], k.rB_P, force);
  addStationForce(F[plane_], k.rA_P, -force);
}

}  // namespace articula::constraints
