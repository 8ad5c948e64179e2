// Scalar functions of one or more real arguments with analytic first and second derivatives.
// Used by function-based mobilizers, coordinate couplers and prescribed motion.
#pragma once
#include <memory>
#include <span>
#include <vector>

#include "articula/math/Types.h"

namespace articula {

class Function {
 public:
  virtual ~Function() = default;
  virtual int argumentSize() const = 0;
  virtual Real calcValue(std::span<const Real> x) const = 0;
  // derivComponents lists the argument indices to differentiate by, in order: {i} gives df/dx_i,
  // {i, j} gives d2f/dx_i dx_j. Orders above 2 return 0 except where a subclass says otherwise.
  virtual Real calcDerivative(std::span<const int> derivComponents, std::span<const Real> x) const = 0;
  // True when the function is affine (constant slopes, every second derivative zero everywhere):
  // callers that evaluate it often may then take its value at 0 and its slopes once.
  virtual bool isAffine() const { return false; }

  // One-argument conveniences.
  Real value(Real x) const { return calcValue(std::span<const Real>(&x, 1)); }
  Real derivative(Real x) const {
    const int c[1] = {0};
    return calcDerivative(c, std::span<const Real>(&x, 1));
  }
  Real secondDerivative(Real x) const {
    const int c[2] = {0, 0};
    return calcDerivative(c, std::span<const Real>(&x, 1));
  }
};

using FunctionPtr = std::shared_ptr<const Function>;

namespace functions {

// f(x) = value, for any number of arguments.
FunctionPtr constant(Real value, int argumentSize = 1);
// f(x) = sum_i slopes[i] * x_i + intercept; the argument size is slopes.size().
FunctionPtr linear(std::vector<Real> slopes, Real intercept);
// f(x) = c[0] + c[1] x + c[2] x^2 + ...  (one argument, lowest degree first).
FunctionPtr polynomial(std::vector<Real> coefficients);
// f(x) = amplitude * sin(frequency * x + phase) + offset  (frequency in rad per unit of x).
FunctionPtr sinusoid(Real amplitude, Real frequency, Real phase, Real offset = 0);
// y0 for x <= x0, y1 for x >= x1, and a quintic between them whose first and second derivatives
// vanish at both ends (C2-smooth). Requires x0 != x1 (x1 < x0 makes a step down in x).
FunctionPtr smoothStep(Real x0, Real x1, Real y0, Real y1);
// Natural cubic spline through (x[i], y[i]); x strictly increasing, at least 2 points (2 points
// give a line). Outside [x.front(), x.back()] it extrapolates linearly with the end slope.
FunctionPtr naturalCubicSpline(std::vector<Real> x, std::vector<Real> y);
// Cubic spline through (x[i], y[i]) with Forsythe-Malcolm-Moler end conditions: the third
// derivative at each end equals that of the cubic through the four end knots (3 knots give the
// parabola, 2 a line). OpenSim's SimmSpline and NaturalCubicSpline. Linear extrapolation, as above.
FunctionPtr fmmCubicSpline(std::vector<Real> x, std::vector<Real> y);
// Straight segments between the knots (x strictly increasing, at least 2), extended beyond the
// ends with the end segments' slopes (OpenSim's PiecewiseLinearFunction). At a knot the value is
// continuous; the derivative is that of the segment starting there (at the last knot: ending there).
FunctionPtr piecewiseLinear(std::vector<Real> x, std::vector<Real> y);
// y[k] for x[k] <= x < x[k+1], y[0] before x[0], y.back() from x.back() on (at least 1 knot;
// OpenSim's PiecewiseConstantFunction). Derivatives are 0 (the jumps at the knots are not impulses).
FunctionPtr piecewiseConstant(std::vector<Real> x, std::vector<Real> y);
// f(x0, x1) = amplitude * sin(omega0 x0 + phase0) * sin(omega1 x1 + phase1): two arguments
// (an OpenSim EllipsoidJoint's translations, e.g. a_z cos q0 cos q1 with phases pi/2).
FunctionPtr sineProduct(Real amplitude, Real omega0, Real phase0, Real omega1, Real phase1);

}  // namespace functions
}  // namespace articula
