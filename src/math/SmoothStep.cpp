// C2 smooth step: y0 -> y1 by the quintic s(t) = 10 t^3 - 15 t^4 + 6 t^5 on t in [0, 1], whose
// first and second derivatives vanish at both ends.
#include <cmath>
#include <sstream>

#include "FunctionArgs.h"
#include "articula/math/Function.h"

namespace articula::functions {

namespace {

class SmoothStep final : public Function {
 public:
  SmoothStep(Real x0, Real x1, Real y0, Real y1) : x0_(x0), invdx_(1 / (x1 - x0)), y0_(y0), dy_(y1 - y0) {}
  int argumentSize() const override { return 1; }
  Real calcValue(std::span<const Real> x) const override {
    detail::checkFunctionArgs("smooth step", 1, x);
    return eval(0, x[0]);
  }
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    detail::checkFunctionArgs("smooth step", 1, x, d);
    return eval(static_cast<int>(d.size()), x[0]);
  }

 private:
  // t = (x - x0)/(x1 - x0) also handles x1 < x0: the x0 side is y0 and the x1 side is y1.
  Real eval(int k, Real x) const {
    const Real t = (x - x0_) * invdx_;
    if (t <= 0) return k == 0 ? y0_ : 0;
    if (t >= 1) return k == 0 ? y0_ + dy_ : 0;
    Real ds;  // d^k s / dt^k
    switch (k) {
      case 0: ds = t * t * t * (10 + t * (-15 + 6 * t)); break;
      case 1: ds = 30 * t * t * (1 - t) * (1 - t); break;
      case 2: ds = 60 * t * (1 - t) * (1 - 2 * t); break;
      case 3: ds = 60 * (1 + t * (-6 + 6 * t)); break;
      case 4: ds = 360 * (2 * t - 1); break;
      case 5: ds = 720; break;
      default: return 0;
    }
    if (k == 0) return y0_ + dy_ * ds;
    return dy_ * ds * std::pow(invdx_, k);
  }

  Real x0_, invdx_, y0_, dy_;
};

}  // namespace

FunctionPtr smoothStep(Real x0, Real x1, Real y0, Real y1) {
  if (!std::isfinite(x0) || !std::isfinite(x1) || !std::isfinite(y0) || !std::isfinite(y1) || x0 == x1) {
    std::ostringstream msg;
    msg << "functions::smoothStep: need finite values and x0 != x1, got x0 = " << x0 << ", x1 = " << x1
        << ", y0 = " << y0 << ", y1 = " << y1;
    throw Error(msg.str());
  }
  return std::make_shared<SmoothStep>(x0, x1, y0, y1);
}

}  // namespace articula::functions
