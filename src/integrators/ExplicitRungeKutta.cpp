// The tableau-driven explicit Runge-Kutta step shared by the RK family.
#include "articula/integrators/ExplicitRungeKutta.h"

#include <cmath>
#include <utility>

namespace articula {

bool ButcherTableau::isFSAL() const {
  const int s = stages();
  if (s < 2 || c[s - 1] != 1 || b[s - 1] != 0) return false;
  for (int j = 0; j < s - 1; ++j)
    if (a[s - 1][j] != b[j]) return false;
  return true;
}

void ButcherTableau::validate() const {
  const std::string who = "ButcherTableau '" + name + "': ";
  const int s = stages();
  if (s < 1) throw Error(who + "has no stages");
  if (static_cast<int>(a.size()) != s || static_cast<int>(b.size()) != s || static_cast<int>(e.size()) != s)
    throw Error(who + "a, b and e must have " + std::to_string(s) + " rows/entries (one per c)");
  if (c[0] != 0) throw Error(who + "c[0] must be 0, got " + std::to_string(c[0]));
  for (int i = 0; i < s; ++i) {
    if (static_cast<int>(a[i].size()) != i)
      throw Error(who + "a[" + std::to_string(i) + "] must have " + std::to_string(i) + " entries");
    Real sum = 0;
    for (Real v : a[i]) sum += v;
    if (std::abs(sum - c[i]) > 1e-12)
      throw Error(who + "row a[" + std::to_string(i) + "] sums to " + std::to_string(sum) +
                  ", not c = " + std::to_string(c[i]));
  }
  Real sum = 0;
  for (Real v : b) sum += v;
  if (std::abs(sum - 1) > 1e-12) throw Error(who + "b sums to " + std::to_string(sum) + ", not 1");
  if (order < 1 || estimatorOrder < 1) throw Error(who + "order and estimatorOrder must be >= 1");
}

ExplicitRungeKuttaIntegrator::ExplicitRungeKuttaIntegrator(const System& system, ButcherTableau tableau)
    : ErrorControlledIntegrator(system), tableau_(std::move(tableau)) {
  tableau_.validate();
  fsal_ = tableau_.isFSAL();
}

void ExplicitRungeKuttaIntegrator::onInitialize() {
  k_.assign(tableau_.stages(), Vector::Zero(ny()));
  ytmp_.resize(ny());
  y1_.resize(ny());
  midState_ = getAdvancedState();
  midValid_ = false;
}

bool ExplicitRungeKuttaIntegrator::runStages(State& work, Real t0, Real h, Real t1, const Vector& y0, const Vector& f0,
                                             Vector& y1, Vector* yErr) {
  const int s = tableau_.stages();
  k_[0] = f0;
  for (int i = 1; i < s; ++i) {
    ytmp_ = y0;
    for (int j = 0; j < i; ++j)
      if (tableau_.a[i][j] != 0) ytmp_ += (h * tableau_.a[i][j]) * k_[j];
    const Real ti = (fsal_ && i == s - 1) ? t1 : t0 + tableau_.c[i] * h;
    if (!evaluate(work, ti, ytmp_, k_[i])) return false;
  }
  if (yErr) {
    yErr->setZero();
    for (int j = 0; j < s; ++j)
      if (tableau_.e[j] != 0) *yErr += (h * tableau_.e[j]) * k_[j];
  }
  if (fsal_) {
    y1 = work.getY();  // the last stage was evaluated at y1
    return true;
  }
  y1 = y0;
  for (int j = 0; j < s; ++j)
    if (tableau_.b[j] != 0) y1 += (h * tableau_.b[j]) * k_[j];
  return true;
}

bool ExplicitRungeKuttaIntegrator::attemptStep(Real t0, Real h, Real t1, Vector& yErr) {
  if (!runStages(scratch(), t0, h, t1, getAdvancedState().getY(), advancedYDot(), y1_, &yErr)) return false;
  if (fsal_) return true;  // scratch is at (t1, y1), realized
  State& end = scratch();
  end.setTime(t1);
  end.updY() = y1_;
  return true;
}

void ExplicitRungeKuttaIntegrator::onStepAccepted(Real, Real) { midValid_ = false; }

void ExplicitRungeKuttaIntegrator::computeMidpoint() {
  // Half a step of the same method from the start of the last step: the midpoint is as accurate
  // as a step, so the quintic below is limited by the method, not by the interpolation.
  const State& start = getPreviousState();
  const Real t0 = start.getTime(), h = getAdvancedTime() - t0;
  bool ok = runStages(midState_, t0, h / 2, t0 + h / 2, start.getY(), previousYDot(), yMid_, nullptr);
  if (ok && fsal_) fMid_ = k_.back();  // already evaluated at the midpoint
  else if (ok) ok = evaluate(midState_, t0 + h / 2, yMid_, fMid_);
  if (!ok)
    throw Error(std::string("Integrator ") + getMethodName() + ": dense output midpoint of the step [" +
                std::to_string(t0) + ", " + std::to_string(t0 + h) + "] is not finite: " + lastNonFiniteReport_);
  midValid_ = true;
}

void ExplicitRungeKuttaIntegrator::interpolateY(Real t, Vector& y) const {
  if (tableau_.order < 3) {
    Integrator::interpolateY(t, y);  // cubic Hermite is already beyond the method's order
    return;
  }
  // Dense output only fills caches (and counts its evaluations): logically const. Integrators
  // are never const-constructed usefully (initialize() is non-const), so the cast is safe.
  auto* self = const_cast<ExplicitRungeKuttaIntegrator*>(this);
  if (!midValid_) self->computeMidpoint();
  // Quintic Hermite on s in [0, 1] through values and slopes at s = 0, 1/2, 1; slopes in s are
  // h * ydot. The basis comes from inverting the 6 x 6 interpolation conditions once.
  static const Eigen::Matrix<Real, 6, 6> basis = [] {
    Eigen::Matrix<Real, 6, 6> C;
    for (int row = 0; row < 3; ++row) {
      const Real s = 0.5 * row;
      for (int j = 0; j < 6; ++j) {
        C(2 * row, j) = std::pow(s, j);
        C(2 * row + 1, j) = j == 0 ? 0 : j * std::pow(s, j - 1);
      }
    }
    return Eigen::Matrix<Real, 6, 6>(C.inverse());
  }();
  const Real t0 = getPreviousTime(), h = getAdvancedTime() - t0, s = (t - t0) / h;
  Eigen::Matrix<Real, 1, 6> powers;
  for (int j = 0; j < 6; ++j) powers[j] = std::pow(s, j);
  const Eigen::Matrix<Real, 1, 6> w = powers * basis;
  y = w[0] * getPreviousState().getY() + (w[1] * h) * previousYDot() + w[2] * yMid_ + (w[3] * h) * fMid_ +
      w[4] * getAdvancedState().getY() + (w[5] * h) * advancedYDot();
}

}  // namespace articula
