// Semi-explicit Euler with error control by step doubling: one full step and two half steps
// from the same start (they share udot0, so a step costs two evaluations: the midpoint and the
// end). The two-half-step result is propagated — keeping the symplectic kick-drift structure
// rather than extrapolating — and its difference from the full step estimates the local error.
#include "articula/integrators/integrators.h"

namespace articula {

bool SemiExplicitEuler2Integrator::attemptStep(Real t0, Real h, Real t1, Vector& yErr) {
  const int q = nq(), u = nu(), z = nz();
  const Vector& y0 = getAdvancedState().getY();
  const Vector& f0 = advancedYDot();
  // One full kick-drift step.
  yFull_ = y0;
  yFull_.segment(q, u) += h * f0.segment(q, u);
  yFull_.tail(z) += h * f0.tail(z);
  qdot_ = evaluateQDot(scratch(), t0, y0.head(q), yFull_.segment(q, u));
  yFull_.head(q) += h * qdot_;
  // Two half steps.
  const Real half = h / 2;
  yHalf_ = y0;
  yHalf_.segment(q, u) += half * f0.segment(q, u);
  yHalf_.tail(z) += half * f0.tail(z);
  qdot_ = evaluateQDot(scratch(), t0, y0.head(q), yHalf_.segment(q, u));
  yHalf_.head(q) += half * qdot_;
  if (!evaluate(scratch(), t0 + half, yHalf_, ydotHalf_)) return false;
  yEnd_ = yHalf_;
  yEnd_.segment(q, u) += half * ydotHalf_.segment(q, u);
  yEnd_.tail(z) += half * ydotHalf_.tail(z);
  qdot_ = evaluateQDot(scratch(), t0 + half, yHalf_.head(q), yEnd_.segment(q, u));
  yEnd_.head(q) += half * qdot_;
  yErr = yEnd_ - yFull_;
  scratch().setTime(t1);
  scratch().updY() = yEnd_;
  return true;
}

}  // namespace articula
