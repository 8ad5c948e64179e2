// Velocity Verlet with error control (Theory Manual §10.4, "Verlet"):
//   u½ = u0 + h/2 udot0;  q1 = q0 + h N(q½) u½  with q½ = q0 + h/2 N(q0) u½ (midpoint drift, so
//   the N(q) of quaternions keeps second order);  u1 = u0 + h/2 (udot0 + udot(t1, q1, u1)).
// The implicit u1 (forces may depend on u) is a fixed-point iteration from the Euler predictor
// u0 + h udot0; the accepted u1 is the last iterate the derivative was evaluated at, so the end
// state is already realized. Error estimate: u1 minus the Euler predictor (first order, as the
// manual prescribes) and q1 minus the trapezoid rule q0 + h/2 (qdot0 + qdot1).
#include <algorithm>
#include <cmath>
#include <sstream>

#include "articula/integrators/integrators.h"

namespace articula {

void VelocityVerletIntegrator::setMaxIterations(int n) {
  if (n < 2) throw Error("Integrator VelocityVerlet: maxIterations must be >= 2, got " + std::to_string(n));
  maxIterations_ = n;
}

bool VelocityVerletIntegrator::attemptStep(Real t0, Real h, Real t1, Vector& yErr) {
  const int q = nq(), u = nu(), z = nz();
  const Vector& y0 = getAdvancedState().getY();
  const Vector& f0 = advancedYDot();
  const auto q0 = y0.head(q);
  const auto u0 = y0.segment(q, u);
  const auto z0 = y0.tail(z);
  const auto udot0 = f0.segment(q, u);
  const auto zdot0 = f0.tail(z);

  uHalf_ = u0 + (h / 2) * udot0;
  qdot_ = evaluateQDot(scratch(), t0, q0, uHalf_);
  q1_ = q0 + (h / 2) * qdot_;
  qdot_ = evaluateQDot(scratch(), t0 + h / 2, q1_, uHalf_);
  q1_ = q0 + h * qdot_;

  uk_ = u0 + h * udot0;
  zk_ = z0 + h * zdot0;
  ydot_.resize(ny());
  const Real tolerance = 0.01 * getSettings().accuracy;
  Real change = 0;
  bool converged = false;
  Vector& y = y_;
  y.resize(ny());
  for (int it = 0; it < maxIterations_; ++it) {
    y << q1_, uk_, zk_;
    if (!evaluate(scratch(), t1, y, ydot_)) return false;
    unext_ = u0 + (h / 2) * (udot0 + ydot_.segment(q, u));
    znext_ = z0 + (h / 2) * (zdot0 + ydot_.tail(z));
    // Change in the same relative weights as the error norm, worst component.
    change = 0;
    const Vector& w = getUWeights();
    for (int i = 0; i < u; ++i) {
      const Real size = std::abs(uk_[i]);
      change = std::max(change, std::abs(unext_[i] - uk_[i]) * (size > 0 ? std::min(w[i], 1 / size) : w[i]));
    }
    const Vector& wz = getZWeights();
    for (int i = 0; i < z; ++i) {
      const Real size = std::abs(zk_[i]);
      change = std::max(change, std::abs(znext_[i] - zk_[i]) * (size > 0 ? std::min(wz[i], 1 / size) : wz[i]));
    }
    if (it >= 1 && change <= tolerance) {
      converged = true;  // keep uk_, zk_: scratch is realized there
      break;
    }
    uk_.swap(unext_);
    zk_.swap(znext_);
  }
  yErr.setZero();
  if (!converged) {
    const bool fixed = getSettings().fixedStep;
    if (!fixed) {
      std::ostringstream os;
      os << "VelocityVerlet: the fixed-point iteration for u did not converge in " << maxIterations_
         << " iterations (last weighted change " << change << " > " << tolerance << ") at t = " << t1 << " s";
      failureReason_ = os.str();
      return false;
    }
    y << q1_, uk_, zk_;  // fixed step: take the last iterate as it is
    scratch().setTime(t1);
    scratch().updY() = y;
    return true;
  }
  const Vector& qdot1 = ydot_;  // from the evaluation at (q1, uk_): N(q1) u1
  yErr.head(q) = q1_ - (q0 + (h / 2) * (f0.head(q) + qdot1.head(q)));
  yErr.segment(q, u) = uk_ - (u0 + h * udot0);
  yErr.tail(z) = zk_ - (z0 + h * zdot0);
  return true;
}

}  // namespace articula
