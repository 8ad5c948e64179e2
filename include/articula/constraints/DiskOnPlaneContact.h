// DiskOnPlaneContact: a thin disk (a knife-edge wheel) touching a plane, optionally rolling
// without slip: the Whipple bicycle's wheel-ground contact. Kept out of constraints.h so that
// adding it rebuilds little.
#pragma once
#include "articula/constraints/constraints.h"

namespace articula::constraints {

// Disk: centre p_BC on the disk body, unit axle direction axle_B (in the disk body's frame),
// radius. Plane: z_F = 0 of frame F fixed on the plane body (X_PF), the disk on its +z side.
// The contact point P is the rim point nearest the plane, P = C + radius w with
// w = -(z - (z.a) a) / |z - (z.a) a| (a the axle, z the plane normal, in Ground).
// Holonomic: the height of P above the plane is zero. With noSlip, two nonholonomic rows more:
// the disk's material point at P has no velocity relative to the plane's along x_F and y_F
// (rolling, steering and leaning stay free). Singular when the disk lies flat (a parallel to z).
// lambda: normal force on the disk along z_F, then tangential forces along x_F, y_F, all at P.
class DiskOnPlaneContact : public Constraint {
 public:
  DiskOnPlaneContact(std::string name, int planeBody, const Transform& X_PF, int diskBody, const Vec3& p_BC,
                     const Vec3& axle_B, Real radius, bool noSlip);
  const char* typeName() const override { return "DiskOnPlaneContact"; }
  bool isNoSlip() const { return getNumVelocityEquations() == 2; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int plane_, disk_;
  Transform X_PF_;
  Vec3 p_BC_, axle_B_;
  Real radius_;
};

}  // namespace articula::constraints
