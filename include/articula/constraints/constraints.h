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

// Distance |p_GSb - p_GSa| = length between station p_AS on body A and p_BS on body B (1 holonomic
// equation, error |d| - length). length must be positive; the stations must stay apart.
class Rod : public Constraint {
 public:
  Rod(std::string name, int bodyA, const Vec3& p_AS, int bodyB, const Vec3& p_BS, Real length);
  const char* typeName() const override { return "Rod"; }
  Real getLength() const { return length_; }
  void validate(const MatterSubsystem& matter) const override;
  void calcPositionErrors(const ConstraintInput& in, Real* perr) const override;
  void calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real* u, Real* verr) const override;
  void calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real* udot, Real* aerr) const override;
  void addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real* f) const override;

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
  void validate(const MatterSubsystem& matter) const override;
  void calcPositionErrors(const ConstraintInput& in, Real* perr) const override;
  void calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real* u, Real* verr) const override;
  void calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real* udot, Real* aerr) const override;
  void addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real* f) const override;

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
  void validate(const MatterSubsystem& matter) const override;
  void calcPositionErrors(const ConstraintInput& in, Real* perr) const override;
  void calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real* u, Real* verr) const override;
  void calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real* udot, Real* aerr) const override;
  void addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real* f) const override;

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
  void validate(const MatterSubsystem& matter) const override;
  void calcPositionErrors(const ConstraintInput& in, Real* perr) const override;
  void calcVelocityErrors(const ConstraintInput& in, const std::vector<SpatialVec>& V, const Real* u, Real* verr) const override;
  void calcAccelerationErrors(const ConstraintInput& in, const std::vector<SpatialVec>& A, const Real* udot, Real* aerr) const override;
  void addInForces(const ConstraintInput& in, const Real* lambda, std::vector<SpatialVec>& F, Real* f) const override;

 private:
  ConstantOrientation orientation_;
  Ball position_;
};

}  // namespace articula::constraints
