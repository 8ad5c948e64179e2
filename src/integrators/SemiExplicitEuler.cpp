// Semi-explicit (symplectic) Euler: kick u with the acceleration at the start, then drift q with
// the new u, qdot = N(q0) u1. First order, but for Hamiltonian systems the energy error stays
// bounded instead of drifting. z follows explicit Euler. Fixed step only: no error estimate.
#include "articula/integrators/integrators.h"

namespace articula {

bool SemiExplicitEulerIntegrator::attemptStep(Real t0, Real h, Real t1, Vector& yErr) {
  const int q = nq(), u = nu();
  const Vector& y0 = getAdvancedState().getY();
  const Vector& f0 = advancedYDot();
  y1_ = y0;
  y1_.segment(q, u) += h * f0.segment(q, u);
  y1_.tail(nz()) += h * f0.tail(nz());
  qdot_ = evaluateQDot(scratch(), t0, y0.head(q), y1_.segment(q, u));
  y1_.head(q) += h * qdot_;
  yErr.setZero();
  scratch().setTime(t1);
  scratch().updY() = y1_;
  return true;  // commitStep checks finiteness
}

}  // namespace articula
