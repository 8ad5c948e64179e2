// ConstraintSet: the constraints of one matter subsystem. It owns them, lays out their equations
// in the State, solves for the multipliers (ConstraintSolver.cpp) and projects states onto the
// constraint manifold (ConstraintProjection.cpp). The matter subsystem reaches it only through
// the ConstraintHooks interface.
#pragma once
#include <atomic>
#include <memory>
#include <vector>

#include "articula/constraints/Constraint.h"

namespace articula {

// Counts since construction (all States together).
struct ConstraintStatistics {
  long accelerationSolves = 0;
  long rankDeficientSolves = 0;  // redundant constraints: minimum-norm multipliers were chosen
  long inconsistentSolves = 0;   // no exact solution: least-residual accelerations (a warning)
  long projections = 0;          // calls that had enabled constraints
  long positionIterations = 0;   // Newton iterations of the position projection
  long velocityIterations = 0;
  long projectionFailures = 0;
};

struct ConstraintWorkspace;  // private scratch kept in each State

class ConstraintSet final : public ConstraintHooks {
 public:
  // The matter subsystem's set, created and installed on first use (before realizeTopology).
  static ConstraintSet& upd(MatterSubsystem& matter);
  // The set of a matter subsystem, or null if it has no constraints.
  static const ConstraintSet* find(const MatterSubsystem& matter);
  static const ConstraintSet& get(const MatterSubsystem& matter);  // throws if none

  explicit ConstraintSet(MatterSubsystem& matter);
  ~ConstraintSet() override;

  // Takes ownership after validating the constraint against the tree; returns its index.
  int adopt(std::unique_ptr<Constraint> constraint);
  int getNumConstraints() const { return static_cast<int>(constraints_.size()); }
  const Constraint& getConstraint(int index) const;
  // Equation counts over all constraints (enabled or not): the sizes of the State's pools.
  int getNumPositionEquations() const { return mp_; }
  int getNumVelocityEquations() const { return mv_; }
  int getNumAccelerationEquations() const { return ma_; }

  // Characteristic time t_c (s) relating position and velocity errors in projection (Theory
  // Manual §9.3): a velocity error of unitError / t_c counts as one unit. Default 0.1 s.
  void setCharacteristicTime(Real tc);
  Real getCharacteristicTime() const { return tc_; }
  // Length scale L (m) of the speeds' unit weights in projection (System::calcUWeights): moving a
  // slider by L costs as much as turning a pin by one radian. Default 0 = from the model, fixed at
  // realizeTopology: the median length of the tree's nonzero joint offsets (|p_PF| and |p_BM| over
  // all bodies, roughly the link length), or 1 m if every offset is zero.
  void setLengthScale(Real meters);
  Real getLengthScale() const { return lengthScale_ > 0 ? lengthScale_ : modelLengthScale_; }
  // Largest weighted RMS position error projection will correct (default 0.1, i.e. 10 cm or
  // 0.1 rad at unit error 1). A larger error throws ProjectionFailure: after an integrator step it
  // means the step was too long (the integrator retries shorter), since Newton from far away can
  // land on another branch of the constraint manifold (a four-bar flipping to its crossed form).
  void setMaxProjectionError(Real err);
  Real getMaxProjectionError() const { return maxProjectionError_; }
  // Relative residual of G M^-1 G^T lambda = G udot0 - b above which a solve counts as inconsistent.
  void setInconsistencyTolerance(Real tol);
  ConstraintStatistics getStatistics() const;

  // Dense constraint matrix G (m x nu, rows in the State's pool order, zero rows for disabled
  // constraints) from each row's force routine: column i of G^T is J^T F + f for lambda = e_i.
  // Needs Position (and Velocity for velocity-dependent rows). O(m n); for tests and analysis.
  void calcG(const State& s, Matrix& G) const;

  // ---- internal: pool rows of constraint c's local equation k ([p; v; a] order) ----
  int globalRow(const Constraint& c, int k) const;
  const MatterSubsystem& getMatter() const { return matter_; }
  bool isEnabled(const State& s, int index) const;
  void setEnabled(State& s, int index, bool enabled) const;

  // ---- ConstraintHooks ----
  void realizeTopology(State& s, int ss) override;
  bool isActive(const State& s) const override;
  void realizePosition(State& s) const override;
  void realizeVelocity(State& s) const override;
  void calcConstraintForces(State& s, const std::vector<SpatialVec>*& F_G, const Vector*& f) const override;
  void finishAcceleration(State& s, const std::vector<SpatialVec>& A_GB, const Real* udot) const override;
  bool project(State& s, Real tolerance, Vector* yErrEst) const override;
  ConstraintSet* updConstraintSet() override { return this; }
  const ConstraintSet* getConstraintSet() const override { return this; }

  // Workspace access for the solver and projection files.
  ConstraintWorkspace& workspace(const State& s) const;
  // Adds G_c^T lambda_c of every enabled constraint (lambda in pool order).
  void addInAllForces(const State& s, const Real* lambda, std::vector<SpatialVec>& F_G, Vector& f) const;

  struct Counters {
    std::atomic<long> accelerationSolves{0}, rankDeficientSolves{0}, inconsistentSolves{0}, projections{0},
        positionIterations{0}, velocityIterations{0}, projectionFailures{0};
  };
  Counters& counters() const { return counters_; }
  Real inconsistencyTolerance() const { return inconsistencyTol_; }

 private:
  MatterSubsystem& matter_;
  std::vector<std::unique_ptr<Constraint>> constraints_;
  int mp_ = 0, mv_ = 0, ma_ = 0;
  Real tc_ = 0.1;
  Real lengthScale_ = 0, modelLengthScale_ = 1;
  Real inconsistencyTol_ = 1e-8;
  Real maxProjectionError_ = 0.1;
  int enabledVar_ = -1, workspaceEntry_ = -1;
  mutable Counters counters_;
};

// Adds a constraint of type C, built from args, to the matter subsystem; returns it.
template <class C, class... Args>
C& addConstraint(MatterSubsystem& matter, Args&&... args) {
  auto c = std::make_unique<C>(std::forward<Args>(args)...);
  C& ref = *c;
  ConstraintSet::upd(matter).adopt(std::move(c));
  return ref;
}

}  // namespace articula
