// The matter subsystem's view of its constraints. The constraints layer implements this interface
// (ConstraintSet) so that the matter subsystem can realize and project a constrained tree without
// depending on the constraint library: layers only use the layers above them (DESIGN.md §2).
#pragma once
#include <vector>

#include "articula/system/State.h"

namespace articula {

class ConstraintSet;  // the constraints layer's implementation: named here, never included

class ConstraintHooks {
 public:
  virtual ~ConstraintHooks() = default;
  // Topology: allocate constraint equations, discrete variables and cache entries (ss = the
  // matter subsystem's index).
  virtual void realizeTopology(State& s, int ss) = 0;
  // True if any constraint is enabled in this State; otherwise the matter subsystem runs its
  // unconstrained code path untouched.
  virtual bool isActive(const State& s) const = 0;
  // Position: write qerr. Velocity: write uerr. Called after the matter's own kinematics.
  virtual void realizePosition(State& s) const = 0;
  virtual void realizeVelocity(State& s) const = 0;
  // Acceleration, before the final sweep: solve for the multipliers and return G^T lambda as body
  // forces (in G, about Bo) and mobility forces. The matter subsystem subtracts them from the
  // applied forces.
  virtual void calcConstraintForces(State& s, const std::vector<SpatialVec>*& F_G, const Vector*& f) const = 0;
  // Acceleration, after the final sweep: write udoterr from the final accelerations.
  virtual void finishAcceleration(State& s, const std::vector<SpatialVec>& A_GB, const Real* udot) const = 0;
  // Coordinate projection onto the constraint manifold; see Subsystem::project.
  virtual bool project(State& s, Real tolerance, Vector* yErrEst) const = 0;
  // The ConstraintSet behind these hooks, so that the constraints layer finds its own set again
  // (ConstraintSet::find); null for hooks of another kind.
  virtual ConstraintSet* updConstraintSet() { return nullptr; }
  virtual const ConstraintSet* getConstraintSet() const { return nullptr; }
};

}  // namespace articula
