// ForceJacobianSource: an optional interface of force subsystems (and force elements) that can
// linearize their generalized force τ(q, u) for linearly implicit integrators (RosenbrockW.h):
//   D += ∂τ/∂u                 (nu x nu, "damping")
//   K += (∂τ/∂q) N(q)          (nu x nu, "stiffness" per generalized-speed displacement δq = N δu)
// Any reasonable approximation is acceptable (a W-method keeps its order with an approximate
// Jacobian; the approximation only decides which stiffness is treated implicitly), but the terms
// that make the problem stiff — dampers, friction below its transition speed, contact stiffness —
// should be in it. Needs the State realized through Velocity (Dynamics where a source says so).
//
// The same linearization can also be given in a structured form that an O(n) solver factors
// without forming D and K (ImplicitTreeSolver.h): slopes of each body's applied wrench, and
// blocks within one mobilizer's own u. Sources whose forces couple two moving bodies directly
// (or several mobilizers) cannot use it and return false; the integrator then uses the dense form.
#pragma once
#include <vector>

#include "articula/system/State.h"

namespace articula {

class TreeForceLinearization;

// Spatial quantities about `origin`, in G (TreeForceLinearization.h). With J_b the body's Jacobian
// and C_b = ∂V_b/∂q N at fixed u, the terms stand for
//   D += Σ_b J_bᵀ damping_b J_b + ⊕_b jointDamping_b
//   K += Σ_b J_bᵀ (stiffness_b J_b + damping_b C_b) + ⊕_b jointStiffness_b
// (⊕: the block of body b's own u), i.e. TreeForceLinearization without its geometric term.
struct TreeJacobianTerms {
  const TreeForceLinearization* tree = nullptr;  // origin, body velocities
  std::vector<Mat66> stiffness, damping;         // per body: ∂W_b/∂ξ_b and ∂W_b/∂V_b
  std::vector<SmallMatrix> jointStiffness, jointDamping;  // per body: nu_b x nu_b
};

class ForceJacobianSource {
 public:
  virtual ~ForceJacobianSource() = default;
  virtual void addInForceJacobian(const State& state, Matrix& D, Matrix& K) const = 0;
  // The structured form; false (with `terms` possibly partly updated) if this source's forces do
  // not fit it at this State. Default: false.
  virtual bool addInTreeJacobian(const State& /*state*/, TreeJacobianTerms& /*terms*/) const { return false; }
};

}  // namespace articula
