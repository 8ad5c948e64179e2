// ForceJacobianSource: an optional interface of force subsystems (and force elements) that can
// linearize their generalized force τ(q, u) for linearly implicit integrators (RosenbrockW.h):
//   D += ∂τ/∂u                 (nu x nu, "damping")
//   K += (∂τ/∂q) N(q)          (nu x nu, "stiffness" per generalized-speed displacement δq = N δu)
// Any reasonable approximation is acceptable (a W-method keeps its order with an approximate
// Jacobian; the approximation only decides which stiffness is treated implicitly), but the terms
// that make the problem stiff — dampers, friction below its transition speed, contact stiffness —
// should be in it. Needs the State realized through Velocity (Dynamics where a source says so).
#pragma once
#include "articula/system/State.h"

namespace articula {

class ForceJacobianSource {
 public:
  virtual ~ForceJacobianSource() = default;
  virtual void addInForceJacobian(const State& state, Matrix& D, Matrix& K) const = 0;
};

}  // namespace articula
