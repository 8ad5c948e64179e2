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
// without forming D and K (ImplicitTreeSolver.h): slopes of each body's applied wrench, blocks
// within one mobilizer's own u, and wrench pairs between two moving bodies (few: each is a rank-6
// correction). Sources whose forces couple several mobilizers otherwise cannot use it and return
// false; the integrator then uses the dense form.
#pragma once
#include <vector>

#include "articula/matter/TreeForceLinearization.h"
#include "articula/system/State.h"

namespace articula {

// Spatial quantities about `origin`, in G (TreeForceLinearization.h). With J_b the body's Jacobian
// and C_b = ∂V_b/∂q N at fixed u, the terms stand for
//   D += Σ_b J_bᵀ damping_b J_b + ⊕_b jointDamping_b
//   K += Σ_b J_bᵀ (stiffness_b J_b + damping_b C_b) + ⊕_b jointStiffness_b
// (⊕: the block of body b's own u), i.e. TreeForceLinearization without its geometric term.
// A wrench W_B on body B with −W_B on body A (both moving: contact between two bodies) couples
// their paths; it is a pair term, with G = J_B − J_A:
//   D += Gᵀ (D_B J_B + D_A J_A),   K += Gᵀ (K_B J_B + K_A J_A + D_B C_B + D_A C_A)
// (WrenchSlopes' names), which the solver takes as a low-rank correction.
struct WrenchPairTerm {
  int bodyB = 0, bodyA = 0;
  WrenchSlopes slopes;
};
struct TreeJacobianTerms {
  const TreeForceLinearization* tree = nullptr;           // origin, body velocities
  std::vector<Mat66> stiffness, damping;                  // per body: ∂W_b/∂ξ_b and ∂W_b/∂V_b
  std::vector<SmallMatrix> jointStiffness, jointDamping;  // per body: nu_b x nu_b
  std::vector<WrenchPairTerm> pairs;
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
