// Constant, linear, polynomial and sinusoid functions with analytic derivatives of any order.
#include <cmath>
#include <numbers>
#include <sstream>

#include "FunctionArgs.h"
#include "articula/math/Function.h"

namespace articula::functions {

namespace {

using detail::checkFunctionArgs;

class Constant final : public Function {
 public:
  Constant(Real value, int n) : value_(value), n_(n) {}
  int argumentSize() const override { return n_; }
  bool isAffine() const override { return true; }
  Real calcValue(std::span<const Real> x) const override {
    checkFunctionArgs("constant function", n_, x);
    return value_;
  }
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    checkFunctionArgs("constant function", n_, x, d);
    return d.empty() ? value_ : 0;
  }

 private:
  Real value_;
  int n_;
};

class Linear final : public Function {
 public:
  Linear(std::vector<Real> slopes, Real intercept) : slopes_(std::move(slopes)), intercept_(intercept) {}
  int argumentSize() const override { return static_cast<int>(slopes_.size()); }
  bool isAffine() const override { return true; }
  Real calcValue(std::span<const Real> x) const override {
    checkFunctionArgs("linear function", argumentSize(), x);
    Real f = intercept_;
    for (size_t i = 0; i < slopes_.size(); ++i) f += slopes_[i] * x[i];
    return f;
  }
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    checkFunctionArgs("linear function", argumentSize(), x, d);
    if (d.empty()) return calcValue(x);
    return d.size() == 1 ? slopes_[d[0]] : 0;
  }

 private:
  std::vector<Real> slopes_;
  Real intercept_;
};

class Polynomial final : public Function {
 public:
  explicit Polynomial(std::vector<Real> c) : c_(std::move(c)) {}
  int argumentSize() const override { return 1; }
  Real calcValue(std::span<const Real> x) const override {
    checkFunctionArgs("polynomial", 1, x);
    return evaluate(0, x[0]);
  }
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    checkFunctionArgs("polynomial", 1, x, d);
    return evaluate(static_cast<int>(d.size()), x[0]);
  }

 private:
  // k-th derivative by Horner's rule on the coefficients c_i i!/(i-k)!.
  Real evaluate(int k, Real x) const {
    const int n = static_cast<int>(c_.size());
    Real f = 0;
    for (int i = n - 1; i >= k; --i) {
      Real falling = 1;
      for (int j = 0; j < k; ++j) falling *= i - j;
      f = f * x + c_[i] * falling;
    }
    return f;
  }
  std::vector<Real> c_;
};

class Sinusoid final : public Function {
 public:
  Sinusoid(Real a, Real w, Real phase, Real offset) : a_(a), w_(w), phase_(phase), offset_(offset) {}
  int argumentSize() const override { return 1; }
  Real calcValue(std::span<const Real> x) const override {
    checkFunctionArgs("sinusoid", 1, x);
    return a_ * std::sin(w_ * x[0] + phase_) + offset_;
  }
  // d^k/dx^k sin(w x + p) = w^k sin(w x + p + k pi/2); picking sin/cos and sign by k mod 4 keeps
  // the values exact where adding k pi/2 to the phase would round.
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    checkFunctionArgs("sinusoid", 1, x, d);
    const int k = static_cast<int>(d.size());
    if (k == 0) return calcValue(x);
    const Real arg = w_ * x[0] + phase_;
    const Real s = std::sin(arg), c = std::cos(arg);
    const Real base = (k % 4 == 0) ? s : (k % 4 == 1) ? c : (k % 4 == 2) ? -s : -c;
    return a_ * std::pow(w_, k) * base;
  }

 private:
  Real a_, w_, phase_, offset_;
};

void requireFinite(Real v, const char* what, const char* field) {
  if (!std::isfinite(v)) {
    std::ostringstream msg;
    msg << what << ": " << field << " must be finite, got " << v;
    throw Error(msg.str());
  }
}

}  // namespace

FunctionPtr constant(Real value, int argumentSize) {
  requireFinite(value, "functions::constant", "value");
  if (argumentSize < 0) {
    std::ostringstream msg;
    msg << "functions::constant: argumentSize must be >= 0, got " << argumentSize;
    throw Error(msg.str());
  }
  return std::make_shared<Constant>(value, argumentSize);
}

FunctionPtr linear(std::vector<Real> slopes, Real intercept) {
  for (Real s : slopes) requireFinite(s, "functions::linear", "slope");
  requireFinite(intercept, "functions::linear", "intercept");
  return std::make_shared<Linear>(std::move(slopes), intercept);
}

FunctionPtr polynomial(std::vector<Real> coefficients) {
  for (Real c : coefficients) requireFinite(c, "functions::polynomial", "coefficient");
  return std::make_shared<Polynomial>(std::move(coefficients));
}

FunctionPtr sinusoid(Real amplitude, Real frequency, Real phase, Real offset) {
  requireFinite(amplitude, "functions::sinusoid", "amplitude");
  requireFinite(frequency, "functions::sinusoid", "frequency");
  requireFinite(phase, "functions::sinusoid", "phase");
  requireFinite(offset, "functions::sinusoid", "offset");
  return std::make_shared<Sinusoid>(amplitude, frequency, phase, offset);
}

}  // namespace articula::functions
