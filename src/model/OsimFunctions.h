// OpenSim's functions (a CustomJoint's TransformAxis, a coupler, a prescribed coordinate) as
// Articula FunctionSpecs of one argument: Constant, LinearFunction (slope, intercept),
// PolynomialFunction (highest power first in the file), SimmSpline and NaturalCubicSpline
// (both fmm_spline: OpenSim computes them alike), PiecewiseLinearFunction, PiecewiseConstantFunction,
// StepFunction (smooth_step: SimTK's quintic step), Sine, and MultiplierFunction around any of
// these (the scale folded into the coefficients or the knots' y, which is exact).
#pragma once
#include <string>

#include "OsimContext.h"

namespace articula::model::osim {

// The function element `fn` (e.g. <LinearFunction name="function">) as a function of `arg`.
FunctionSpec readFunction(const Context& c, const XMLElement* fn, const std::string& arg);
// The function element among `owner`'s children (the one whose tag names a function), or nullptr.
const XMLElement* functionElement(const XMLElement* owner);
// A constant 0: the spatial value is left out of a function_based joint.
bool isZero(const FunctionSpec& f);

}  // namespace articula::model::osim
