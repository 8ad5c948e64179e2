// Interpolating natural splines of odd degree 2m-1 (m = 1..4: linear, cubic, quintic, heptic):
// the spline through (x[i], y[i]) that minimizes the integral of (f^(m))^2, i.e. derivatives
// m..2m-2 vanish at both end knots. It is the limit of Woltring's GCV smoothing spline (GCVSPL,
// Adv. Eng. Software 8:104-113, 1986) at error variance 0, which is what OpenSim's GCVSpline and
// GCVSplineSet fit (SimTK::SplineFitter::fitFromErrorVariance(degree, x, y, 0)).
//
// Fitting factors one banded system per knot sequence; NaturalSplineBasis::fit then costs one
// back substitution per column, so many columns over the same times (a motion file) share it.
// Derivatives are exact (the piecewise polynomial's). Outside [x0, xn-1] the spline continues as
// the Taylor polynomial of degree m-1 at the end knot (the natural spline's extension).
#pragma once
#include <span>
#include <vector>

#include "articula/math/Function.h"
#include "articula/math/Types.h"

namespace articula {

class NaturalSpline {
 public:
  NaturalSpline() = default;
  int degree() const { return 2 * halfOrder_ - 1; }
  const std::vector<Real>& knots() const { return x_; }
  // The derivative of the given order (0 = the value) at x; orders above the degree give 0.
  Real derivative(int order, Real x) const;
  Real value(Real x) const { return derivative(0, x); }
  // Value, first and second derivatives at once.
  void evaluate(Real x, Real& value, Real& first, Real& second) const;

  // The interval found last, where the search for the next x starts: evaluations along a trial's
  // frames then cost O(1) instead of a binary search (ID on gait2354: 18 loads and 23
  // coordinates per frame). Splines fitted on the same knots may share one; results never depend
  // on it, since the interval is checked against this spline's knots before it is used.
  struct Cursor {
    int interval = 0;
  };
  Real derivative(int order, Real x, Cursor& cursor) const;
  Real value(Real x, Cursor& cursor) const { return derivative(0, x, cursor); }
  void evaluate(Real x, Real& value, Real& first, Real& second, Cursor& cursor) const;

 private:
  friend class NaturalSplineBasis;
  int interval(Real x) const;
  int interval(Real x, Cursor& cursor) const;
  Real derivativeIn(int order, Real x, int i) const;
  int halfOrder_ = 1;
  std::vector<Real> x_;
  std::vector<Real> coef_;  // per interval, 2m coefficients of (x - x[i])^k, lowest power first
};

class NaturalSplineBasis {
 public:
  // `x` strictly increasing, at least m values; degree 1, 3, 5 or 7. Throws Error otherwise.
  NaturalSplineBasis(std::vector<Real> x, int degree);
  // The spline through (x[i], y[i]); y.size() == x.size().
  NaturalSpline fit(std::span<const Real> y) const;
  int degree() const { return 2 * m_ - 1; }

 private:
  int m_ = 1;
  std::vector<Real> x_;
  Real H_ = 1;  // the mean knot spacing: unknowns are derivatives scaled by H^k / k!
  // Per interval: the map from [y_i, z_i(1..m-1), y_i+1, z_i+1(1..m-1)] to its 2m scaled coefficients.
  std::vector<Real> local_;
  // The banded LU factors of the continuity system (size n(m-1), lower band kl, upper kl + ku).
  int size_ = 0, kl_ = 0, ku_ = 0;
  std::vector<Real> band_;
  std::vector<int> pivot_;
  std::vector<Real> rhsOfY_;  // per equation, the weights of y in the right-hand side (3 knots)
  std::vector<Real> hPow_;    // per interval, h^k for k < 2m: fit() divides every column by them
  void buildLocalMaps();
  void buildSystem();
  Real& at(int row, int col) { return band_[static_cast<size_t>(row) * (2 * kl_ + ku_ + 1) + (col - row + kl_)]; }
  Real at(int row, int col) const { return band_[static_cast<size_t>(row) * (2 * kl_ + ku_ + 1) + (col - row + kl_)]; }
  void factor();
  void solve(std::vector<Real>& b) const;
};

// The natural spline of the given degree through (x[i], y[i]) as a Function of one argument.
FunctionPtr naturalSplineFunction(std::vector<Real> x, std::vector<Real> y, int degree);

}  // namespace articula
