// Constraint: the interface every constraint implements (Theory Manual §6; reference §9.3-9.4).
// A constraint declares how many holonomic (position), nonholonomic (velocity) and
// acceleration-only equations it has and supplies, in terms of the kinematics of the bodies it
// touches:
//   - position errors p(t,q)                              (mp values)
//   - velocity errors [pdot; v(t,q,u)]                    (mp + mv values)
//   - acceleration errors [pddot; vdot; a(t,q,u,udot)]    (mp + mv + ma values)
//   - G^T lambda as body forces and mobility forces on what it touches.
// Acceleration errors must be linear in the body accelerations / udot the routine is given (G is
// the coefficient of udot); velocity errors of holonomic rows are linear in the given velocities,
// nonholonomic ones may be nonlinear in u (their G row is dv/du).
// Everything is in Ground: body transforms X_GB, spatial velocities V_GB and classical
// accelerations A_GB at each body's origin Bo, spatial forces [torque; force] about Bo.
// A user-defined ("custom") constraint is a subclass of Constraint.
#pragma once
#include <string>
#include <vector>

#include "articula/matter/MatterSubsystem.h"

namespace articula {

class ConstraintSet;

// Read-only kinematics handed to a constraint's routines.
class ConstraintInput {
 public:
  ConstraintInput(const MatterSubsystem& matter, const State& s) : matter_(matter), s_(s) {}
  const MatterSubsystem& matter() const { return matter_; }
  const State& state() const { return s_; }
  Real time() const { return s_.getTime(); }
  // Position stage.
  const Transform& X_GB(int body) const { return matter_.getBodyTransform(s_, body); }
  // Vector from Bo to station p_BS, expressed in G.
  Vec3 stationOffset(int body, const Vec3& p_BS) const { return X_GB(body).R() * p_BS; }
  Vec3 stationLocation(int body, const Vec3& p_BS) const { return X_GB(body) * p_BS; }
  const Real* q(int body) const { return matter_.getQ(s_).data() + matter_.getInfo(body).qStart; }
  // Velocity stage: the State's own body velocities and speeds.
  const SpatialVec& V_GB(int body) const { return matter_.getBodyVelocity(s_, body); }
  const Real* u(int body) const { return matter_.getU(s_).data() + matter_.getInfo(body).uStart; }
  // Index of body's first speed in matter-wide u-like arrays.
  int uStart(int body) const { return matter_.getInfo(body).uStart; }

 private:
  const MatterSubsystem& matter_;
  const State& s_;
};

class Constraint {
 public:
  Constraint(std::string name, int mp, int mv, int ma);
  virtual ~Constraint() = default;
  Constraint(const Constraint&) = delete;
  Constraint& operator=(const Constraint&) = delete;

  virtual const char* typeName() const = 0;
  const std::string& getName() const { return name_; }
  // "Constraint 'rod 3' (Rod)" for messages.
  std::string label() const;
  int getNumPositionEquations() const { return mp_; }
  int getNumVelocityEquations() const { return mv_; }
  int getNumAccelerationEquations() const { return ma_; }
  int getNumEquations() const { return mp_ + mv_ + ma_; }

  // Unit error (Theory Manual §9.3): the size of a position error that counts as 1 (m or rad,
  // default 1). Projection weights this constraint's position rows by 1/unitError and its
  // velocity rows (pdot and v) by tc/unitError resp. 1/(unitError/tc).
  void setUnitError(Real unitError);
  Real getUnitError() const { return unitError_; }
  // Whether the constraint starts enabled in the default State.
  void setDefaultEnabled(bool enabled);
  bool isDefaultEnabled() const { return defaultEnabled_; }

  // ---- State access (after the constraint was added to a matter subsystem) ----
  int getIndex() const { return index_; }
  const MatterSubsystem& getMatter() const;
  bool isEnabled(const State& s) const;
  // Enabling and disabling invalidate Instance; a disabled constraint has zero errors and
  // multipliers and applies no force.
  void setEnabled(State& s, bool enabled) const;
  // This constraint's slices of the State's error pools: p (mp), [pdot; v] (mp + mv),
  // [pddot; vdot; a] (m), and its multipliers (m, same order as the acceleration errors).
  Vector getPositionErrors(const State& s) const;
  Vector getVelocityErrors(const State& s) const;
  Vector getAccelerationErrors(const State& s) const;
  Vector getMultipliers(const State& s) const;
  // Forces this constraint applies to the system (-G^T lambda, Acceleration stage): one spatial
  // force per body of the tree (in G, about Bo; zero for bodies it does not touch) and one
  // generalized force per mobility.
  void calcConstraintForces(const State& s, std::vector<SpatialVec>& bodyForces_G, Vector& mobilityForces) const;
  // Power those forces deliver at the State's velocities (W); zero for a workless constraint.
  Real calcPower(const State& s) const;

  // ---- what a constraint type implements ----
  // Checks its bodies and parameters against the matter subsystem; throws Error naming the field.
  virtual void validate(const MatterSubsystem& matter) const = 0;
  // p(t,q): mp values. Needs Position.
  virtual void calcPositionErrors(const ConstraintInput&, Real* /*perr*/) const {}
  // [pdot; v] for the given body velocities V_GB (all bodies) and speeds u (matter-wide), at the
  // State's q. Needs Position.
  virtual void calcVelocityErrors(const ConstraintInput&, const std::vector<SpatialVec>& /*V_GB*/, const Real* /*u*/,
                                  Real* /*verr*/) const {}
  // [pddot; vdot; a] for the given body accelerations A_GB and udot, at the State's q and u.
  // Needs Velocity.
  virtual void calcAccelerationErrors(const ConstraintInput&, const std::vector<SpatialVec>& A_GB, const Real* udot,
                                      Real* aerr) const = 0;
  // Adds G^T lambda (lambda: m values) as body forces F_G (all bodies, about Bo, in G) and
  // mobility forces f (matter-wide). Needs Position (and Velocity for velocity-dependent rows).
  virtual void addInForces(const ConstraintInput&, const Real* lambda, std::vector<SpatialVec>& F_G, Real* f) const = 0;

 protected:
  // Shared checks for validate(): a body index that exists, a mobility of that body.
  void requireBody(const MatterSubsystem& matter, int body, const char* field) const;
  void requireDistinctBodies(int bodyA, int bodyB) const;
  // Body exists (not Ground) and has coordinate qIndex / speed uIndex.
  void requireCoordinate(const MatterSubsystem& matter, int body, int qIndex) const;
  void requireMobility(const MatterSubsystem& matter, int body, int uIndex) const;

 private:
  friend class ConstraintSet;
  std::string name_;
  int mp_, mv_, ma_;
  Real unitError_ = 1;
  bool defaultEnabled_ = true;
  // Set when adopted.
  const MatterSubsystem* matter_ = nullptr;
  const ConstraintSet* set_ = nullptr;
  int index_ = -1;
  int pStart_ = 0, vStart_ = 0, aStart_ = 0;  // rows within the p, v and a groups
};

}  // namespace articula
