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
      throw Error(who + "row a[" + std::to_string(i) + "] sums to " + std::to_string(sum) + ", not c = " + std::to_string(c[i]));
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
}

bool ExplicitRungeKuttaIntegrator::attemptStep(Real t0, Real h, Real t1, Vector& yErr) {
  const int s = tableau_.stages();
  const Vector& y0 = getAdvancedState().getY();
  k_[0] = advancedYDot();
  for (int i = 1; i < s; ++i) {
    ytmp_ = y0;
    for (int j = 0; j < i; ++j)
      if (tableau_.a[i][j] != 0) ytmp_ += (h * tableau_.a[i][j]) * k_[j];
    const Real ti = (fsal_ && i == s - 1) ? t1 : t0 + tableau_.c[i] * h;
    if (!evaluate(scratch(), ti, ytmp_, k_[i])) return false;
  }
  yErr.setZero();
  for (int j = 0; j < s; ++j)
    if (tableau_.e[j] != 0) yErr += (h * tableau_.e[j]) * k_[j];
  if (fsal_) return true;  // the last stage left scratch at (t1, y1), realized
  ytmp_ = y0;
  for (int j = 0; j < s; ++j)
    if (tableau_.b[j] != 0) ytmp_ += (h * tableau_.b[j]) * k_[j];
  State& end = scratch();
  end.setTime(t1);
  end.updY() = ytmp_;
  return true;
}

}  // namespace articula
