// ImplicitSolve: what linearly implicit integrators (Rosenbrock-W, CVODE's BDF Newton matrix) need
// from a System whose y = [q; u; z] evolves as q̇ = N(q) u, M(q) u̇ = τ(t, q, u), z explicit:
// the blocks of J ≈ ∂ẏ/∂y,
//     J = [ 0        N     0 ]      D = ∂τ/∂u, K = (∂τ/∂q) N,
//         [ M⁻¹K N⁺  M⁻¹D  0 ]
//         [ 0        0     0 ]
// and the solve of I − hγJ. A System that knows them offers this interface through
// System::getImplicitSolve (the multibody system does); integrators use it without knowing what
// the System is made of (DESIGN.md §2: capabilities are interfaces declared below, implemented
// above). A System without it has J = 0.
#pragma once
#include <memory>

#include "articula/system/State.h"

namespace articula {

// How IterationMatrix::factor factored the matrix (for statistics).
enum class Factorization {
  Reused,      // already factored for this hγ since the last linearize
  Structured,  // O(n) structured solve
  Tree,        // tree-ordered LU
  Dense        // pivoting dense LU
};

struct IterationMatrixOptions {
  bool structured = true;  // the O(n) structured solve where the linearization allows it
  bool treeLU = true;      // the tree-ordered LU where the sparsity pattern allows it
};

// One integrator's linearization and factorization of I − hγJ (scratch: not shared by threads).
class IterationMatrix {
 public:
  virtual ~IterationMatrix() = default;
  // J at `state` (realized through Acceleration), which must stay unchanged while it is used.
  virtual void linearize(const State& state, const IterationMatrixOptions& options) = 0;
  virtual Factorization factor(Real hGamma) = 0;
  // k = (I − hγJ)⁻¹ r (sizes ny) at the linearized state, hγ of the last factor.
  virtual void solve(const State& state, const Vector& r, Vector& k) = 0;
};

class ImplicitSolve {
 public:
  virtual ~ImplicitSolve() = default;
  // A workspace for `layout`, one per integrator; null if nothing is implicit there (J = 0).
  virtual std::unique_ptr<IterationMatrix> makeIterationMatrix(const State& layout) const = 0;
  // For integrators that assemble J themselves (CVODE). True if the blocks below cover every q
  // and u of `layout` (other subsystems may own some).
  virtual bool coversQAndU(const State& layout) const = 0;
  // M, D and K (nu x nu) at `state`, realized through Velocity (Dynamics where a force says so).
  virtual void calcJacobianBlocks(const State& state, Matrix& M, Matrix& D, Matrix& K) const = 0;
  // q = N u and u = N⁺ q at `state` (sizes nq and nu).
  virtual void multiplyByN(const State& state, const Vector& u, Vector& q) const = 0;
  virtual void multiplyByNInv(const State& state, const Vector& q, Vector& u) const = 0;
};

}  // namespace articula
