// OpenSim functions into FunctionSpecs (OsimFunctions.h).
#include "OsimFunctions.h"

#include <algorithm>
#include <set>

namespace articula::model::osim {
namespace {

const std::set<std::string>& functionTags() {
  static const std::set<std::string> tags{"Constant",
                                          "LinearFunction",
                                          "PolynomialFunction",
                                          "SimmSpline",
                                          "NaturalCubicSpline",
                                          "Sine",
                                          "MultiplierFunction",
                                          "GCVSpline",
                                          "PiecewiseLinearFunction",
                                          "PiecewiseConstantFunction",
                                          "StepFunction",
                                          "MultivariatePolynomialFunction"};
  return tags;
}

FunctionSpec knots(const Context& c, const XMLElement* fn, FunctionType type) {
  FunctionSpec f;
  f.type = type;
  const size_t least = type == FunctionType::PiecewiseConstant ? 1 : 2;
  f.x = numbers(c, fn, "x", least, SIZE_MAX, {});
  f.y = numbers(c, fn, "y", least, SIZE_MAX, {});
  if (f.x.size() != f.y.size()) failAt(c, fn, "y", "needs as many values as <x> (" + std::to_string(f.x.size()) + ")");
  for (size_t i = 1; i < f.x.size(); ++i)
    if (!(f.x[i] > f.x[i - 1])) failAt(c, fn, "x", "the values must increase strictly");
  return f;
}

// OpenSim's GCVSpline (half_order m, error_variance, x, y): at error variance 0 the interpolating
// natural spline of degree 2m − 1 (SimTK::SplineFitter::fitFromErrorVariance). A positive variance
// asks for Woltring's smoothing, which is not done here: refused rather than interpolated.
FunctionSpec gcvSpline(const Context& c, const XMLElement* fn) {
  FunctionSpec f = knots(c, fn, FunctionType::NaturalSpline);
  const Real m = scalar(c, fn, "half_order", 0);  // OpenSim's default, 0, is no spline
  if (m != 1 && m != 2 && m != 3 && m != 4) failAt(c, fn, "half_order", "expected 1, 2, 3 or 4");
  f.degree = static_cast<int>(2 * m - 1);
  if (f.x.size() < static_cast<size_t>(2 * m)) failAt(c, fn, "x", "needs at least 2 half_order values (OpenSim's)");
  if (scalar(c, fn, "error_variance", 0) != 0)  // negative: GCV smoothing; positive: smoothing to that variance
    failAt(c, fn, "error_variance", "a smoothing GCVSpline is not supported yet (0 interpolates)");
  return f;
}

FunctionSpec scaled(FunctionSpec f, Real s) {
  if (f.type == FunctionType::Sinusoid) {  // amplitude and offset; frequency and phase stay
    f.coefficients[0] *= s;
    f.coefficients[3] *= s;
    return f;
  }
  if (f.type == FunctionType::SmoothStep) {  // the values; the times stay
    f.coefficients[2] *= s;
    f.coefficients[3] *= s;
    return f;
  }
  for (Real& v : f.coefficients) v *= s;
  for (Real& v : f.y) v *= s;
  return f;
}

FunctionSpec multiplier(const Context& c, const XMLElement* fn, const std::string& arg) {
  const XMLElement* holder = child(fn, "function");
  const XMLElement* inner = holder ? holder->FirstChildElement() : nullptr;
  if (!inner) failAt(c, fn, "function", "a MultiplierFunction needs the function it scales");
  return scaled(readFunction(c, inner, arg), scalar(c, fn, "scale", 1));
}

FunctionSpec coefficients(FunctionType t, std::vector<Real> k) {
  FunctionSpec f;
  f.type = t;
  f.coefficients = std::move(k);
  return f;
}

}  // namespace

const XMLElement* functionElement(const XMLElement* owner) {
  for (const XMLElement* e = owner->FirstChildElement(); e; e = e->NextSiblingElement()) {
    if (functionTags().count(e->Name())) return e;
    if (std::string(e->Name()) == "function")  // OpenSim 3: <function><LinearFunction> ...
      if (const XMLElement* inner = functionElement(e)) return inner;
  }
  return nullptr;
}

FunctionSpec readFunction(const Context& c, const XMLElement* fn, const std::string& arg) {
  const std::string tag = fn->Name();
  FunctionSpec f;
  if (tag == "Constant") f = coefficients(FunctionType::Constant, {scalar(c, fn, "value", 0)});
  else if (tag == "LinearFunction")
    f = coefficients(FunctionType::Linear, numbers(c, fn, "coefficients", 2, 2, {1, 0}));
  else if (tag == "PolynomialFunction") {
    std::vector<Real> k = numbers(c, fn, "coefficients", 1, SIZE_MAX, {1});
    std::reverse(k.begin(), k.end());  // Articula's polynomial: lowest power first
    f = coefficients(FunctionType::Polynomial, k);
  } else if (tag == "SimmSpline" || tag == "NaturalCubicSpline") f = knots(c, fn, FunctionType::FmmSpline);
  else if (tag == "PiecewiseLinearFunction") f = knots(c, fn, FunctionType::PiecewiseLinear);
  else if (tag == "PiecewiseConstantFunction") f = knots(c, fn, FunctionType::PiecewiseConstant);
  else if (tag == "GCVSpline") f = gcvSpline(c, fn);
  else if (tag == "StepFunction")  // SimTK::Function::Step: the quintic smooth step
    f = coefficients(FunctionType::SmoothStep, {scalar(c, fn, "start_time", 0), scalar(c, fn, "end_time", 1),
                                                scalar(c, fn, "start_value", 0), scalar(c, fn, "end_value", 1)});
  else if (tag == "Sine")
    f = coefficients(FunctionType::Sinusoid, {scalar(c, fn, "amplitude", 1), scalar(c, fn, "omega", 1),
                                              scalar(c, fn, "phase", 0), scalar(c, fn, "offset", 0)});
  else if (tag == "MultiplierFunction") return multiplier(c, fn, arg);
  else
    c.xml.fail(fn, describe(fn), tag,
               "function not supported yet (Constant, LinearFunction, PolynomialFunction, SimmSpline, "
               "NaturalCubicSpline, GCVSpline, PiecewiseLinearFunction, PiecewiseConstantFunction, StepFunction, Sine, "
               "MultiplierFunction)");
  if (f.type == FunctionType::SmoothStep && f.coefficients[0] == f.coefficients[1])
    failAt(c, fn, "end_time", "must differ from start_time");
  f.args = {arg};
  return f;
}

bool isZero(const FunctionSpec& f) {
  return f.type == FunctionType::Constant && f.coefficients.size() == 1 && f.coefficients[0] == 0;
}

}  // namespace articula::model::osim
