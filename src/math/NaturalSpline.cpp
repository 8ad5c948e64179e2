// Interpolating natural splines of odd degree (NaturalSpline.h).
//
// On interval i (h = x[i+1] - x[i], s = (x - x[i]) / h) the spline is sum_k b_k s^k, k < 2m. Its
// values and derivatives 1..m-1 at both ends (Hermite data) fix it: b_0 = y_i, b_k = z_ik r^k with
// z_ik = f^(k)(x_i) H^k / k! the scaled unknowns, r = h / H; at s = 1 the derivatives of orders
// 0..m-1 give m equations for b_m..b_2m-1 (the same m x m matrix on every interval). The unknowns
// z follow from continuity of derivatives m..2m-2 at the interior knots and their vanishing at
// both ends (de Boor, A Practical Guide to Splines, ch. XIV; the natural spline's conditions),
// a banded system: the equations of knot i involve the unknowns of knots i-1, i, i+1.
#include "articula/math/NaturalSpline.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "articula/Error.h"

namespace articula {

namespace {

Real falling(int j, int k) {  // j! / (j-k)!: the k-th derivative of s^j at s = 1
  if (k > j) return 0;
  Real p = 1;
  for (int t = 0; t < k; ++t) p *= j - t;
  return p;
}

Real factorial(int k) { return falling(k, k); }

// Solves the small dense system A x = b in place (Gaussian elimination with partial pivoting).
void solveDense(std::vector<Real> A, std::vector<Real>& b, int n) {
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i)
      if (std::abs(A[i * n + k]) > std::abs(A[p * n + k])) p = i;
    if (p != k) {
      for (int j = 0; j < n; ++j) std::swap(A[k * n + j], A[p * n + j]);
      std::swap(b[k], b[p]);
    }
    for (int i = k + 1; i < n; ++i) {
      const Real l = A[i * n + k] / A[k * n + k];
      for (int j = k; j < n; ++j) A[i * n + j] -= l * A[k * n + j];
      b[i] -= l * b[k];
    }
  }
  for (int k = n - 1; k >= 0; --k) {
    for (int j = k + 1; j < n; ++j) b[k] -= A[k * n + j] * b[j];
    b[k] /= A[k * n + k];
  }
}

}  // namespace

NaturalSplineBasis::NaturalSplineBasis(std::vector<Real> x, int degree) : m_((degree + 1) / 2), x_(std::move(x)) {
  if (degree != 1 && degree != 3 && degree != 5 && degree != 7)
    throw Error("natural spline: degree " + std::to_string(degree) + " is not 1, 3, 5 or 7");
  const int n = static_cast<int>(x_.size());
  if (n < std::max(2, m_))
    throw Error("natural spline of degree " + std::to_string(degree) + ": " + std::to_string(n) + " knots, at least " +
                std::to_string(std::max(2, m_)) + " needed");
  for (int i = 0; i + 1 < n; ++i)
    if (!(x_[i + 1] > x_[i]) || !std::isfinite(x_[i]) || !std::isfinite(x_[i + 1]))
      throw Error("natural spline: knots must increase (x[" + std::to_string(i) + "] = " + std::to_string(x_[i]) +
                  ", x[" + std::to_string(i + 1) + "] = " + std::to_string(x_[i + 1]) + ")");
  H_ = (x_.back() - x_.front()) / (n - 1);
  const int w = 2 * m_;
  hPow_.resize(static_cast<size_t>(n - 1) * w);
  for (int i = 0; i + 1 < n; ++i)
    for (int k = 0; k < w; ++k) hPow_[static_cast<size_t>(i) * w + k] = std::pow(x_[i + 1] - x_[i], k);
  buildLocalMaps();
  buildSystem();
  factor();
}

// local_[i]: 2m x 2m, row k = coefficient b_k as a combination of the interval's Hermite data.
void NaturalSplineBasis::buildLocalMaps() {
  const int m = m_, w = 2 * m, intervals = static_cast<int>(x_.size()) - 1;
  local_.assign(static_cast<size_t>(intervals) * w * w, 0);
  std::vector<Real> Q(m * m);
  for (int k = 0; k < m; ++k)
    for (int j = 0; j < m; ++j) Q[k * m + j] = falling(m + j, k);
  for (int i = 0; i < intervals; ++i) {
    const Real r = (x_[i + 1] - x_[i]) / H_;
    Real* B = &local_[static_cast<size_t>(i) * w * w];
    for (int e = 0; e < w; ++e) {  // the response to each Hermite datum
      std::vector<Real> b(w, 0);
      if (e < m) b[e] = std::pow(r, e);  // b_0 = y_i, b_k = z_ik r^k
      std::vector<Real> rhs(m, 0);
      if (e >= m) rhs[e - m] = factorial(e - m) * std::pow(r, e - m);  // the right end's derivative targets
      for (int k = 0; k < m; ++k)
        for (int j = 0; j < m; ++j) rhs[k] -= falling(j, k) * b[j];
      solveDense(Q, rhs, m);
      for (int j = 0; j < m; ++j) b[m + j] = rhs[j];
      for (int k = 0; k < w; ++k) B[k * w + e] = b[k];
    }
  }
}

// Rows by knot: knot 0's natural conditions, each interior knot's continuity, knot n-1's natural
// conditions; derivative order d = m..2m-2 each, scaled by H^d / d!.
void NaturalSplineBasis::buildSystem() {
  const int m = m_, w = 2 * m, n = static_cast<int>(x_.size()), u = m - 1;
  size_ = n * u;
  kl_ = ku_ = std::max(0, 2 * m - 3);
  band_.assign(static_cast<size_t>(size_) * (2 * kl_ + ku_ + 1), 0);
  rhsOfY_.assign(static_cast<size_t>(size_) * 3, 0);
  pivot_.assign(size_, 0);
  for (int i = 0; i < n; ++i)
    for (int d = m; d <= 2 * m - 2; ++d) {
      const int row = i * u + (d - m);
      // Left interval i-1 at s = 1 (plus sign), right interval i at s = 0 (minus sign).
      auto addInterval = [&](int interval, bool atEnd, Real sign) {
        const Real r = (x_[interval + 1] - x_[interval]) / H_;
        const Real* B = &local_[static_cast<size_t>(interval) * w * w];
        for (int e = 0; e < w; ++e) {
          Real c = 0;
          if (atEnd)
            for (int k = 0; k < w; ++k) c += falling(k, d) * B[k * w + e];
          else c = factorial(d) * B[d * w + e];
          c *= sign / (factorial(d) * std::pow(r, d));
          const int knot = interval + (e < m ? 0 : 1), k = e % m;
          if (k == 0) rhsOfY_[row * 3 + (knot - i + 1)] -= c;
          else at(row, knot * u + k - 1) += c;
        }
      };
      if (i > 0) addInterval(i - 1, true, 1);
      if (i < n - 1) addInterval(i, false, -1);
    }
}

void NaturalSplineBasis::factor() {
  const int N = size_;
  for (int k = 0; k < N; ++k) {
    const int last = std::min(N - 1, k + kl_), lastCol = std::min(N - 1, k + kl_ + ku_);
    int p = k;
    for (int i = k + 1; i <= last; ++i)
      if (std::abs(at(i, k)) > std::abs(at(p, k))) p = i;
    pivot_[k] = p;
    if (at(p, k) == 0) throw Error("natural spline: singular system (knots too close?)");
    if (p != k)
      for (int j = k; j <= lastCol; ++j) std::swap(at(k, j), at(p, j));
    for (int i = k + 1; i <= last; ++i) {
      const Real l = at(i, k) / at(k, k);
      at(i, k) = l;
      for (int j = k + 1; j <= lastCol; ++j) at(i, j) -= l * at(k, j);
    }
  }
}

void NaturalSplineBasis::solve(std::vector<Real>& b) const {
  const int N = size_;
  for (int k = 0; k < N; ++k) {
    if (pivot_[k] != k) std::swap(b[k], b[pivot_[k]]);
    for (int i = k + 1; i <= std::min(N - 1, k + kl_); ++i) b[i] -= at(i, k) * b[k];
  }
  for (int k = N - 1; k >= 0; --k) {
    for (int j = k + 1; j <= std::min(N - 1, k + kl_ + ku_); ++j) b[k] -= at(k, j) * b[j];
    b[k] /= at(k, k);
  }
}

NaturalSpline NaturalSplineBasis::fit(std::span<const Real> y) const {
  const int m = m_, w = 2 * m, n = static_cast<int>(x_.size()), u = m - 1;
  if (static_cast<int>(y.size()) != n)
    throw Error("natural spline: " + std::to_string(y.size()) + " values for " + std::to_string(n) + " knots");
  std::vector<Real> z(size_, 0);
  for (int row = 0; row < size_; ++row) {
    const int i = row / u;
    for (int o = -1; o <= 1; ++o)
      if (i + o >= 0 && i + o < n) z[row] += rhsOfY_[row * 3 + o + 1] * y[i + o];
  }
  if (size_ > 0) solve(z);
  NaturalSpline s;
  s.halfOrder_ = m;
  s.x_ = x_;
  s.coef_.assign(static_cast<size_t>(n - 1) * w, 0);
  std::vector<Real> v(w);
  for (int i = 0; i + 1 < n; ++i) {
    for (int e = 0; e < w; ++e) {
      const int knot = i + (e < m ? 0 : 1), k = e % m;
      v[e] = k == 0 ? y[knot] : z[knot * u + k - 1];
    }
    const Real* B = &local_[static_cast<size_t>(i) * w * w];
    const Real* hPow = &hPow_[static_cast<size_t>(i) * w];
    for (int k = 0; k < w; ++k) {
      Real b = 0;
      for (int e = 0; e < w; ++e) b += B[k * w + e] * v[e];
      s.coef_[static_cast<size_t>(i) * w + k] = b / hPow[k];
    }
  }
  return s;
}

int NaturalSpline::interval(Real x) const {
  const auto it = std::upper_bound(x_.begin(), x_.end(), x);
  const int i = static_cast<int>(it - x_.begin()) - 1;
  return std::clamp(i, 0, static_cast<int>(x_.size()) - 2);
}

// interval(x), trying the cursor's interval and the next one before searching: i is interval(x)
// exactly when x_[i] <= x < x_[i+1], with the clamps at both ends.
int NaturalSpline::interval(Real x, Cursor& cursor) const {
  const int last = static_cast<int>(x_.size()) - 2;
  auto holds = [&](int i) { return i >= 0 && i <= last && (i == 0 || x_[i] <= x) && (i == last || x < x_[i + 1]); };
  int i = cursor.interval;
  if (!holds(i) && !holds(++i)) i = interval(x);
  return cursor.interval = i;
}

Real NaturalSpline::derivative(int order, Real x) const {
  Cursor cursor;
  return derivative(order, x, cursor);
}

Real NaturalSpline::derivative(int order, Real x, Cursor& cursor) const {
  if (x_.size() < 2) return 0;
  return derivativeIn(order, x, interval(x, cursor));
}

Real NaturalSpline::derivativeIn(int order, Real x, int i) const {
  const int w = 2 * halfOrder_;
  if (order < 0 || order >= w) return 0;
  int top = w - 1;  // the highest power used
  const Real t = x - x_[i];
  if (x > x_.back()) {  // the Taylor polynomial of degree m-1 at the end knot
    Real v[4];
    for (int d = 0; d < halfOrder_; ++d) v[d] = derivativeIn(d, x_.back(), i);
    Real sum = 0, dt = x - x_.back(), p = 1;
    for (int d = order; d < halfOrder_; ++d) {
      sum += v[d] * p;
      p *= dt / (d - order + 1);
    }
    return sum;
  }
  if (x < x_.front()) top = halfOrder_ - 1;  // coefficients below m are the Taylor terms at x0
  const Real* a = &coef_[static_cast<size_t>(i) * w];
  Real sum = 0;
  for (int k = top; k >= order; --k) sum = sum * t + a[k] * falling(k, order);
  return sum;
}

void NaturalSpline::evaluate(Real x, Real& value, Real& first, Real& second) const {
  Cursor cursor;
  evaluate(x, value, first, second, cursor);
}

void NaturalSpline::evaluate(Real x, Real& value, Real& first, Real& second, Cursor& cursor) const {
  if (x_.size() < 2) {
    value = first = second = 0;
    return;
  }
  const int i = interval(x, cursor);
  const int w = 2 * halfOrder_;
  if (x < x_.front() || x > x_.back() || w < 3) {
    value = derivativeIn(0, x, i);
    first = derivativeIn(1, x, i);
    second = derivativeIn(2, x, i);
    return;
  }
  const Real t = x - x_[i];
  const Real* a = &coef_[static_cast<size_t>(i) * w];
  Real v = 0, d1 = 0, d2 = 0;
  for (int k = w - 1; k >= 0; --k) {
    d2 = d2 * t + 2 * d1;
    d1 = d1 * t + v;
    v = v * t + a[k];
  }
  value = v;
  first = d1;
  second = d2;
}

namespace {

class NaturalSplineFunction final : public Function {
 public:
  explicit NaturalSplineFunction(NaturalSpline s) : s_(std::move(s)) {}
  int argumentSize() const override { return 1; }
  Real calcValue(std::span<const Real> x) const override { return s_.value(x[0]); }
  Real calcDerivative(std::span<const int> c, std::span<const Real> x) const override {
    return s_.derivative(static_cast<int>(c.size()), x[0]);
  }

 private:
  NaturalSpline s_;
};

}  // namespace

FunctionPtr naturalSplineFunction(std::vector<Real> x, std::vector<Real> y, int degree) {
  if (x.size() != y.size())
    throw Error("natural spline: " + std::to_string(x.size()) + " knots and " + std::to_string(y.size()) + " values");
  const NaturalSplineBasis basis(std::move(x), degree);
  return std::make_shared<NaturalSplineFunction>(basis.fit(y));
}

}  // namespace articula
