// Piecewise functions of one argument through knots (x strictly increasing): piecewise linear
// (OpenSim's PiecewiseLinearFunction: the segment's line, extrapolated with the end segments'
// slopes) and piecewise constant (OpenSim's PiecewiseConstantFunction: y_k from x_k up to the
// next knot, y_0 before the first). At a knot both take the segment that starts there (the last
// knot: the segment that ends there), so derivatives are one-sided there.
#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "FunctionArgs.h"
#include "articula/math/Function.h"

namespace articula::functions {

namespace {

// The segment k (0 .. n-2) with x_k <= x < x_{k+1}; 0 before the first knot, n-2 from the last.
size_t segment(const std::vector<Real>& knots, Real x) {
  const auto it = std::upper_bound(knots.begin(), knots.end(), x);
  const size_t after = static_cast<size_t>(it - knots.begin());  // knots <= x
  return std::min(after == 0 ? 0 : after - 1, knots.size() - 2);
}

class PiecewiseLinear final : public Function {
 public:
  PiecewiseLinear(std::vector<Real> x, std::vector<Real> y) : x_(std::move(x)), y_(std::move(y)) {}
  int argumentSize() const override { return 1; }
  Real calcValue(std::span<const Real> x) const override {
    detail::checkFunctionArgs("piecewise linear", 1, x);
    const size_t k = segment(x_, x[0]);
    return y_[k] + (x[0] - x_[k]) * slope(k);
  }
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    detail::checkFunctionArgs("piecewise linear", 1, x, d);
    return d.size() == 1 ? slope(segment(x_, x[0])) : 0;
  }

 private:
  Real slope(size_t k) const { return (y_[k + 1] - y_[k]) / (x_[k + 1] - x_[k]); }
  std::vector<Real> x_, y_;
};

class PiecewiseConstant final : public Function {
 public:
  PiecewiseConstant(std::vector<Real> x, std::vector<Real> y) : x_(std::move(x)), y_(std::move(y)) {}
  int argumentSize() const override { return 1; }
  Real calcValue(std::span<const Real> x) const override {
    detail::checkFunctionArgs("piecewise constant", 1, x);
    const auto it = std::upper_bound(x_.begin(), x_.end(), x[0]);
    return y_[it == x_.begin() ? 0 : static_cast<size_t>(it - x_.begin()) - 1];
  }
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    detail::checkFunctionArgs("piecewise constant", 1, x, d);
    return 0;
  }

 private:
  std::vector<Real> x_, y_;
};

class SineProduct final : public Function {
 public:
  SineProduct(Real amplitude, std::array<Real, 2> omega, std::array<Real, 2> phase)
      : a_(amplitude), w_(omega), p_(phase) {}
  int argumentSize() const override { return 2; }
  Real calcValue(std::span<const Real> x) const override {
    detail::checkFunctionArgs("sine product", 2, x);
    return a_ * factor(0, 0, x[0]) * factor(1, 0, x[1]);
  }
  // Each factor differentiated as often as its argument appears in d.
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    detail::checkFunctionArgs("sine product", 2, x, d);
    if (d.size() > 2) return 0;
    const int n0 = static_cast<int>(std::count(d.begin(), d.end(), 0));
    return a_ * factor(0, n0, x[0]) * factor(1, static_cast<int>(d.size()) - n0, x[1]);
  }

 private:
  // d^k/dx^k sin(w x + p) = w^k sin(w x + p + k pi/2).
  Real factor(int i, int k, Real x) const {
    const Real t = w_[i] * x + p_[i];
    const Real s = k % 4 == 0 ? std::sin(t) : k % 4 == 1 ? std::cos(t) : k % 4 == 2 ? -std::sin(t) : -std::cos(t);
    return s * std::pow(w_[i], k);
  }
  Real a_;
  std::array<Real, 2> w_, p_;
};

void checkKnots(const char* what, const std::vector<Real>& x, const std::vector<Real>& y, size_t min) {
  std::ostringstream msg;
  msg << "functions::" << what << ": ";
  if (x.size() < min || x.size() != y.size()) {
    msg << "need at least " << min << " knots and as many y as x, got " << x.size() << " x and " << y.size() << " y";
    throw Error(msg.str());
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) {
      msg << "knot " << i << " is not finite (" << x[i] << ", " << y[i] << ")";
      throw Error(msg.str());
    }
    if (i > 0 && !(x[i] > x[i - 1])) {
      msg << "x must be strictly increasing, but x[" << i - 1 << "] = " << x[i - 1] << " and x[" << i << "] = " << x[i];
      throw Error(msg.str());
    }
  }
}

}  // namespace

FunctionPtr piecewiseLinear(std::vector<Real> x, std::vector<Real> y) {
  checkKnots("piecewiseLinear", x, y, 2);
  return std::make_shared<PiecewiseLinear>(std::move(x), std::move(y));
}

FunctionPtr piecewiseConstant(std::vector<Real> x, std::vector<Real> y) {
  checkKnots("piecewiseConstant", x, y, 1);
  return std::make_shared<PiecewiseConstant>(std::move(x), std::move(y));
}

FunctionPtr sineProduct(Real amplitude, Real omega0, Real phase0, Real omega1, Real phase1) {
  return std::make_shared<SineProduct>(amplitude, std::array<Real, 2>{omega0, omega1},
                                       std::array<Real, 2>{phase0, phase1});
}

}  // namespace articula::functions
