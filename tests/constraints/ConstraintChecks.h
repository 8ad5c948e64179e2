// Helpers for the constraint tests: random trees rebuilt so that constraints can be added before
// the topology is realized, and generic checks every constraint type must pass:
//   - G from the force routine (columns of G^T) equals the coefficient of u in the velocity
//     errors and of udot in the acceleration errors;
//   - G matches d(perr)/dq N by central differences;
//   - velocity errors are the time derivative of position errors, and acceleration errors the
//     time derivative of velocity errors, along the motion (central differences).
#pragma once
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "articula/constraints/constraints.h"
#include "support/RandomTree.h"

namespace articula::testing {

// A random tree like RandomTree(seed, options), rebuilt without realizing its topology.
struct OpenTree {
  std::unique_ptr<MultibodySystem> system;
  TestForces* forces = nullptr;
  std::vector<MobilizedBody> bodies;
  std::vector<RandomBodySpec> specs;
  MatterSubsystem& matter() { return system->updMatter(); }
  // Random q for every body (valid), random u.
  void randomize(State& s, std::mt19937& rng) const;
};
// chain: the bodies re-hung as one chain (body i on body i - 1), the deepest tree.
OpenTree makeOpenTree(unsigned seed, const RandomTreeOptions& options, bool chain = false);

// Rows of constraint c in G (m_c x nu), from ConstraintSet::calcG.
Matrix constraintRows(const Constraint& c, const State& s);

// Runs the checks above on constraint c at State s (any q, u; realized or not). `what` names the
// case in failure messages; tol scales the finite-difference tolerances.
void checkConstraintDerivatives(const MultibodySystem& system, const Constraint& c, const State& s,
                                const std::string& what, Real tol = 1e-6, bool velocityLinearInU = true);

// checkConstraintDerivatives on random trees of the given kinds (6 bodies, seeds 1-4, states from
// rng seed + rngOffset) with the constraint `add` puts on each tree.
void checkDerivativesOnRandomTrees(const std::string& what, const std::vector<MobilizerKind>& kinds, unsigned rngOffset,
                                   const std::function<const Constraint&(MatterSubsystem&)>& add,
                                   bool velocityLinearInU = true);

}  // namespace articula::testing
