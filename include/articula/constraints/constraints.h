// The constraint library (Theory Manual §6; reference ch. 1-7 §9). Each type is built from body
// indices of a matter subsystem (MobilizedBody::getIndex(); Ground is 0) and frames or stations
// fixed on those bodies, and added with addConstraint<Type>(matter, name, ...). Position errors
// are in metres or radians-like units, expressed in Ground.
#pragma once
#include <utility>
#include <vector>

#include "articula/constraints/ConstraintSet.h"
#include "articula/math/Function.h"

namespace articula::constraints {

// The overrides every constraint type declares (Constraint.h describes them).
#define ARTICULA_CONSTRAINT_ROUTINES                                                                              \
  void validate(const MatterSubsystem& matter) const override;                                                    \
  void calcPositionErrors(const ConstraintInput& in, Real* perr) const override;                                  \
  void calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real* u, Real* verr) \
      const override;                                                                                             \
  void calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real* udot,      \
                              Real* aerr) const override;                                                         \
  void addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real* f) const override;

// Distance |p_GSb - p_GSa| = length between station p_AS on body A and p_BS on body B (1 holonomic
// equation, error |d| - length). length must be positive; the stations must stay apart.
class Rod : public Constraint {
 public:
  Rod(std::string name, int bodyA, const Vec3& p_AS, int bodyB, const Vec3& p_BS, Real length);
  const char* typeName() const override { return "Rod"; }
  Real getLength() const { return length_; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int a_, b_;
  Vec3 p_AS_, p_BS_;
  Real length_;
};

// Coincident points: station p_AS on A and p_BS on B at the same place (3 holonomic equations,
// error p_GSb - p_GSa in G; lambda is the force on B's station, in G).
class Ball : public Constraint {
 public:
  Ball(std::string name, int bodyA, const Vec3& p_AS, int bodyB, const Vec3& p_BS);
  const char* typeName() const override { return "Ball"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int a_, b_;
  Vec3 p_AS_, p_BS_;
};

// Frame F on A and frame M on B keep the same orientation (3 holonomic equations:
// x_F.y_M, y_F.z_M, z_F.x_M, all zero when the axes are aligned; lambda are torques on B about
// y_M x x_F, z_M x y_F, x_M x z_F).
class ConstantOrientation : public Constraint {
 public:
  ConstantOrientation(std::string name, int bodyA, const Rotation& R_AF, int bodyB, const Rotation& R_BM);
  const char* typeName() const override { return "ConstantOrientation"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int a_, b_;
  Rotation R_AF_, R_BM_;
};

// Coincident frames: frame F on A and frame M on B coincide (6 holonomic equations: the three
// of ConstantOrientation, then the three of Ball at the frames' origins).
class Weld : public Constraint {
 public:
  Weld(std::string name, int bodyA, const Transform& X_AF, int bodyB, const Transform& X_BM);
  const char* typeName() const override { return "Weld"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  ConstantOrientation orientation_;
  Ball position_;
};

// Station p_BS on the follower body B held in `count` (1 or 2) planes n_i.x = h_i fixed on body
// A (n_i unit, in A's frame): the kernels PointInPlane and PointOnLine share, one holonomic
// equation per plane. lambda_i is a force lambda_i n_i on B at S (its opposite on A at S).
class StationInPlanes : public Constraint {
 public:
  ARTICULA_CONSTRAINT_ROUTINES
 protected:
  // planeRole names body A in error messages ("plane body", "line body").
  StationInPlanes(std::string name, int count, const char* planeRole, int planeBody, int followerBody,
                  const Vec3& p_BS);
  Vec3 n_A_[2] = {Vec3::UnitZ(), Vec3::UnitZ()};
  Real h_[2] = {0, 0};

 private:
  int count_;
  const char* planeRole_;
  int a_, b_;
  Vec3 p_BS_;
};

// Station S on the follower body stays in the plane n.x = height fixed on the plane body
// (normal_A in the plane body's frame, normalized; 1 holonomic equation).
class PointInPlane : public StationInPlanes {
 public:
  PointInPlane(std::string name, int planeBody, const Vec3& normal_A, Real height, int followerBody, const Vec3& p_BS);
  const char* typeName() const override { return "PointInPlane"; }
};

// Station S on the follower body stays on the line through p_AL along direction_A fixed on the
// line body (2 holonomic equations: distances along two normals of the line).
class PointOnLine : public StationInPlanes {
 public:
  PointOnLine(std::string name, int lineBody, const Vec3& direction_A, const Vec3& p_AL, int followerBody,
              const Vec3& p_BS);
  const char* typeName() const override { return "PointOnLine"; }
};

// A sphere (centre p_BC on the sphere body, radius) touching the plane z_F = 0 of frame F fixed
// on the plane body (X_PF in the plane body's frame; the sphere stays on the +z_F side).
// Holonomic: the centre's height above the plane equals the radius. With noSlip, two
// nonholonomic rows more: the sphere's material point at the contact point P = C - radius z_F has
// no velocity relative to the plane's material point there, along x_F and y_F (rolling and
// pivoting stay free). lambda: normal force on the sphere along z_F, then tangential forces along
// x_F, y_F, all at P.
class SphereOnPlaneContact : public Constraint {
 public:
  SphereOnPlaneContact(std::string name, int planeBody, const Transform& X_PF, int sphereBody, const Vec3& p_BC,
                       Real radius, bool noSlip);
  const char* typeName() const override { return "SphereOnPlaneContact"; }
  bool isNoSlip() const { return getNumVelocityEquations() == 2; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int plane_, sphere_;
  Transform X_PF_;
  Vec3 p_BC_;
  Real radius_;
};

// Two spheres touching from outside: centre p_AC1 radius r1 on body A, centre p_BC2 radius r2 on
// body B. Holonomic: |C2 - C1| = r1 + r2. With noSlip, two nonholonomic rows more: the slip
// velocity vB(P) - vA(P) at the contact point P = C1 + r1 n (n = unit(C2 - C1)) along the tangents
// t1 = unit(n x e), t2 = n x t1, e being A's x axis (its y axis when n is within 30 degrees of x,
// the choice fixed per evaluation; rows are basis-independent on the manifold). lambda: normal
// force on B along n, then tangential forces along t1, t2, at P.
class SphereOnSphereContact : public Constraint {
 public:
  SphereOnSphereContact(std::string name, int bodyA, const Vec3& p_AC1, Real r1, int bodyB, const Vec3& p_BC2, Real r2,
                        bool noSlip);
  const char* typeName() const override { return "SphereOnSphereContact"; }
  bool isNoSlip() const { return getNumVelocityEquations() == 2; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int a_, b_;
  Vec3 p_AC1_, p_BC2_;
  Real r1_, r2_;
};

// Two edges stay in contact: the line through p_AL along direction a (fixed on body A) and the
// line through p_BL along b (on body B) intersect. One holonomic equation: the signed distance
// n.(Q_B - Q_A) along n = unit(a x b) between their closest points. Singular when the lines are
// parallel. lambda: force on B along n at Q_B (and its opposite on A at Q_A).
class LineOnLineContact : public Constraint {
 public:
  LineOnLineContact(std::string name, int bodyA, const Vec3& p_AL, const Vec3& direction_A, int bodyB, const Vec3& p_BL,
                    const Vec3& direction_B);
  const char* typeName() const override { return "LineOnLineContact"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int a_, b_;
  Vec3 p_AL_, dir_A_, p_BL_, dir_B_;
};

// The angle between unit vectors a_A (on A) and b_B (on B) stays `angle` in [0, pi] (1 holonomic
// equation, error a.b - cos(angle)). Singular when the vectors are parallel: keep the angle away
// from 0 and pi.
class ConstantAngle : public Constraint {
 public:
  ConstantAngle(std::string name, int bodyA, const Vec3& a_A, int bodyB, const Vec3& b_B, Real angle);
  const char* typeName() const override { return "ConstantAngle"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int a_, b_;
  Vec3 a_A_, b_B_;
  Real angle_;
};

// Speed u[uIndex] of a body's mobilizer held at `speed` (1 nonholonomic equation).
class ConstantSpeed : public Constraint {
 public:
  ConstantSpeed(std::string name, int body, int uIndex, Real speed);
  const char* typeName() const override { return "ConstantSpeed"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int body_, uIndex_;
  Real speed_;
};

// udot[uIndex] of a body's mobilizer held at `acceleration` (1 acceleration-only equation).
class ConstantAcceleration : public Constraint {
 public:
  ConstantAcceleration(std::string name, int body, int uIndex, Real acceleration);
  const char* typeName() const override { return "ConstantAcceleration"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int body_, uIndex_;
  Real acceleration_;
};

// f(q_1, ..., q_k) = 0 with q_i = coordinate qIndices[i] of bodies[i] (1 holonomic equation);
// a gear of ratio r between two pins is f = q_1 - r q_2 (functions::linear({1, -r}, 0)).
class CoordinateCoupler : public Constraint {
 public:
  CoordinateCoupler(std::string name, FunctionPtr function, std::vector<int> bodies, std::vector<int> qIndices);
  const char* typeName() const override { return "CoordinateCoupler"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  void arguments(const ConstraintInput& in, std::vector<Real>& x) const;
  FunctionPtr f_;
  std::vector<int> bodies_, q_;
};

// f(u_1, ..., u_k, q_1, ..., q_m) = 0 with u_i = speed uIndices[i] of bodies[i] and, optionally,
// q_j = coordinate qIndices[j] of coordinateBodies[j] (1 nonholonomic equation; f may be nonlinear;
// its arguments are the speeds, then the coordinates).
class SpeedCoupler : public Constraint {
 public:
  SpeedCoupler(std::string name, FunctionPtr function, std::vector<int> bodies, std::vector<int> uIndices,
               std::vector<int> coordinateBodies = {}, std::vector<int> qIndices = {});
  const char* typeName() const override { return "SpeedCoupler"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  void arguments(const ConstraintInput& in, const Real* u, std::vector<Real>& x) const;
  FunctionPtr f_;
  std::vector<int> bodies_, u_, qBodies_, q_;
};

// Coordinate qIndex of a body's mobilizer follows f(t) (1 holonomic equation enforced by a
// multiplier; for motion that removes the mobility from the dynamics use a lock).
class PrescribedMotion : public Constraint {
 public:
  PrescribedMotion(std::string name, int body, int qIndex, FunctionPtr function);
  const char* typeName() const override { return "PrescribedMotion"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int body_, q_;
  FunctionPtr f_;
};

// No slip along one direction: at contact point p_CP on the case body, the material points of
// body0 and body1 move alike along n_C fixed in the case body (1 nonholonomic equation). Two of
// them with perpendicular directions make a rolling contact without slip.
class NoSlip1D : public Constraint {
 public:
  NoSlip1D(std::string name, int caseBody, const Vec3& p_CP, const Vec3& n_C, int body0, int body1);
  const char* typeName() const override { return "NoSlip1D"; }
  ARTICULA_CONSTRAINT_ROUTINES
 private:
  int c_, b0_, b1_;
  Vec3 p_CP_, n_C_;
};

}  // namespace articula::constraints
