// Cubic splines through knots: C2 piecewise cubics, linear extrapolation outside the knot range.
// End conditions: natural (zero second derivative at both ends) or Forsythe-Malcolm-Moler (the
// third derivative at each end equals that of the cubic through the four end knots; a parabola
// through 3 knots; OpenSim's SimmSpline and NaturalCubicSpline).
#include <algorithm>
#include <cmath>
#include <sstream>

#include "FunctionArgs.h"
#include "articula/math/Function.h"

namespace articula::functions {

namespace {

enum class SplineEnds { Natural, Fmm };

// f[x_a, ..., x_{a+3}], the third divided difference: the cubic through the 4 knots has f''' = 6 f[..].
Real thirdDividedDifference(const std::vector<Real>& x, const std::vector<Real>& y, size_t a) {
  auto d1 = [&](size_t i) { return (y[i + 1] - y[i]) / (x[i + 1] - x[i]); };
  auto d2 = [&](size_t i) { return (d1(i + 1) - d1(i)) / (x[i + 2] - x[i]); };
  return (d2(a + 1) - d2(a)) / (x[a + 3] - x[a]);
}

class NaturalCubicSpline final : public Function {
 public:
  NaturalCubicSpline(std::vector<Real> x, std::vector<Real> y, SplineEnds ends)
      : x_(std::move(x)), y_(std::move(y)), m_(x_.size(), 0.0) {
    if (ends == SplineEnds::Natural) solveSecondDerivatives();
    else solveFmm();
  }
  int argumentSize() const override { return 1; }
  Real calcValue(std::span<const Real> x) const override {
    detail::checkFunctionArgs("natural cubic spline", 1, x);
    return eval(0, x[0]);
  }
  Real calcDerivative(std::span<const int> d, std::span<const Real> x) const override {
    detail::checkFunctionArgs("natural cubic spline", 1, x, d);
    return eval(static_cast<int>(d.size()), x[0]);
  }

 private:
  // Continuity of the first derivative at interior knots gives, with m_i = S''(x_i):
  //   h_{i-1} m_{i-1} + 2 (h_{i-1} + h_i) m_i + h_i m_{i+1} = 6 (d_i - d_{i-1}),
  // d_i the slope of chord i, and m_0 = m_n = 0. The system is tridiagonal and strictly
  // diagonally dominant, so elimination without pivoting (Thomas) is stable.
  void solveSecondDerivatives() {
    const size_t n = x_.size();
    if (n < 3) return;
    std::vector<Real> diag(n, 0.0), rhs(n, 0.0);
    for (size_t i = 1; i + 1 < n; ++i) {
      const Real h0 = x_[i] - x_[i - 1], h1 = x_[i + 1] - x_[i];
      diag[i] = 2 * (h0 + h1);
      rhs[i] = 6 * ((y_[i + 1] - y_[i]) / h1 - (y_[i] - y_[i - 1]) / h0);
    }
    // Forward elimination: sub-diagonal of row i is h_{i-1}, super-diagonal of row i-1 is h_{i-1}.
    for (size_t i = 2; i + 1 < n; ++i) {
      const Real h = x_[i] - x_[i - 1];
      const Real f = h / diag[i - 1];
      diag[i] -= f * h;
      rhs[i] -= f * rhs[i - 1];
    }
    for (size_t i = n - 2; i >= 1; --i) {
      const Real hUp = x_[i + 1] - x_[i];
      m_[i] = (rhs[i] - hUp * m_[i + 1]) / diag[i];
    }
  }

  // The FMM end rows: (m_1 - m_0) / h_0 = 6 f[x_0..x_3] and (m_{n-1} - m_{n-2}) / h_{n-2} = 6
  // f[x_{n-4}..x_{n-1}] (0 for 3 knots), scaled by h as Forsythe, Malcolm & Moler do; the interior
  // rows as above. Tridiagonal, solved by elimination without pivoting (the first pivot is -h_0,
  // every later one nonzero).
  void solveFmm() {
    const size_t n = x_.size();
    if (n < 3) return;
    std::vector<Real> sub(n, 0.0), diag(n, 0.0), sup(n, 0.0), rhs(n, 0.0);
    const Real h0 = x_[1] - x_[0], hl = x_[n - 1] - x_[n - 2];
    diag[0] = -h0;
    sup[0] = h0;
    sub[n - 1] = hl;
    diag[n - 1] = -hl;
    if (n > 3) {
      rhs[0] = 6 * h0 * h0 * thirdDividedDifference(x_, y_, 0);
      rhs[n - 1] = -6 * hl * hl * thirdDividedDifference(x_, y_, n - 4);
    }
    for (size_t i = 1; i + 1 < n; ++i) {
      const Real ha = x_[i] - x_[i - 1], hb = x_[i + 1] - x_[i];
      sub[i] = ha;
      diag[i] = 2 * (ha + hb);
      sup[i] = hb;
      rhs[i] = 6 * ((y_[i + 1] - y_[i]) / hb - (y_[i] - y_[i - 1]) / ha);
    }
    for (size_t i = 1; i < n; ++i) {
      const Real f = sub[i] / diag[i - 1];
      diag[i] -= f * sup[i - 1];
      rhs[i] -= f * rhs[i - 1];
    }
    m_[n - 1] = rhs[n - 1] / diag[n - 1];
    for (size_t i = n - 1; i-- > 0;) m_[i] = (rhs[i] - sup[i] * m_[i + 1]) / diag[i];
  }

  // Slope at knot 0 or n-1, used for extrapolation.
  Real endSlope(bool atStart) const {
    const size_t n = x_.size();
    const size_t i = atStart ? 0 : n - 2;
    const Real h = x_[i + 1] - x_[i], d = (y_[i + 1] - y_[i]) / h;
    return atStart ? d - h * (2 * m_[i] + m_[i + 1]) / 6 : d + h * (m_[i] + 2 * m_[i + 1]) / 6;
  }

  Real eval(int k, Real x) const {
    const size_t n = x_.size();
    if (x < x_.front() || x > x_.back()) {
      const bool atStart = x < x_.front();
      const Real s = endSlope(atStart);
      if (k == 0) return atStart ? y_.front() + s * (x - x_.front()) : y_.back() + s * (x - x_.back());
      return k == 1 ? s : 0;
    }
    // Interval i with x_i <= x <= x_{i+1}.
    size_t i = std::upper_bound(x_.begin(), x_.end(), x) - x_.begin();
    i = std::clamp<size_t>(i, 1, n - 1) - 1;
    const Real h = x_[i + 1] - x_[i];
    const Real a = (x_[i + 1] - x) / h, b = (x - x_[i]) / h;  // a + b = 1
    const Real m0 = m_[i], m1 = m_[i + 1];
    switch (k) {
      case 0: return a * y_[i] + b * y_[i + 1] + h * h / 6 * ((a * a * a - a) * m0 + (b * b * b - b) * m1);
      case 1: return (y_[i + 1] - y_[i]) / h + h / 6 * ((1 - 3 * a * a) * m0 + (3 * b * b - 1) * m1);
      case 2: return a * m0 + b * m1;
      case 3: return (m1 - m0) / h;
      default: return 0;
    }
  }

  std::vector<Real> x_, y_, m_;
};

void checkKnots(const char* who, const std::vector<Real>& x, const std::vector<Real>& y) {
  std::ostringstream msg;
  msg << "functions::" << who << ": ";
  if (x.size() != y.size()) {
    msg << "x has " << x.size() << " values but y has " << y.size();
    throw Error(msg.str());
  }
  if (x.size() < 2) {
    msg << "need at least 2 points, got " << x.size();
    throw Error(msg.str());
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) {
      msg << "point " << i << " is not finite: (" << x[i] << ", " << y[i] << ")";
      throw Error(msg.str());
    }
    if (i > 0 && !(x[i] > x[i - 1])) {
      msg << "x must be strictly increasing, but x[" << i - 1 << "] = " << x[i - 1] << " and x[" << i << "] = " << x[i];
      throw Error(msg.str());
    }
  }
}

}  // namespace

FunctionPtr naturalCubicSpline(std::vector<Real> x, std::vector<Real> y) {
  checkKnots("naturalCubicSpline", x, y);
  return std::make_shared<NaturalCubicSpline>(std::move(x), std::move(y), SplineEnds::Natural);
}

FunctionPtr fmmCubicSpline(std::vector<Real> x, std::vector<Real> y) {
  checkKnots("fmmCubicSpline", x, y);
  return std::make_shared<NaturalCubicSpline>(std::move(x), std::move(y), SplineEnds::Fmm);
}

}  // namespace articula::functions
