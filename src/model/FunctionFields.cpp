// The function registry of the model format: the name of each FunctionType in the file, and the
// one reader and writer of a function's JSON (joints, couplers and prescribed motion share them).
// The functions themselves are made by makeFunction() (JointTypes.h).
#include "FunctionFields.h"

#include <algorithm>

namespace articula::model {

template <>
const std::vector<KindName<FunctionType>>& kindTable<FunctionType>() {
  using T = FunctionType;
  static const std::vector<KindName<FunctionType>> table{{T::Constant, "constant"},
                                                         {T::Linear, "linear"},
                                                         {T::Polynomial, "polynomial"},
                                                         {T::Sinusoid, "sinusoid"},
                                                         {T::SmoothStep, "smooth_step"},
                                                         {T::Spline, "spline"},
                                                         {T::FmmSpline, "fmm_spline"},
                                                         {T::PiecewiseLinear, "piecewise_linear"},
                                                         {T::PiecewiseConstant, "piecewise_constant"},
                                                         {T::SineProduct, "sine_product"},
                                                         {T::NaturalSpline, "natural_spline"}};
  return table;
}

namespace {

// A natural_spline's degree: 1, 3, 5 or 7, with at least (degree + 1) / 2 knots.
int readDegree(const JsonNode& d, size_t knots) {
  const int degree = d.integer();
  if (degree != 1 && degree != 3 && degree != 5 && degree != 7) d.fail("expected 1, 3, 5 or 7");
  if (knots < static_cast<size_t>(degree + 1) / 2)
    d.fail("a natural spline of degree " + std::to_string(degree) + " needs at least " +
           std::to_string((degree + 1) / 2) + " knots");
  return degree;
}

}  // namespace

FunctionSpec readFunction(const JsonNode& node, const std::vector<std::string>& coordinates) {
  node.allowOnly({"type", "coefficients", "x", "y", "degree", "args"});
  FunctionSpec f;
  const JsonNode type = node.at("type");
  const auto kind = kindNamed<FunctionType>(type.string());
  if (!kind) type.fail("unknown function type (" + kindList<FunctionType>() + ")");
  f.type = *kind;
  using T = FunctionType;
  if (hasKnots(f.type)) {
    const JsonNode x = node.at("x"), y = node.at("y");
    const size_t least = f.type == T::PiecewiseConstant ? 1 : 2;
    f.x = x.numbers(least);
    f.y = y.numbers(least);
    if (f.x.size() != f.y.size())
      y.fail("spline needs as many y values as x values (" + std::to_string(f.x.size()) + ")");
    for (size_t i = 1; i < f.x.size(); ++i)
      if (!(f.x[i] > f.x[i - 1])) x[i].fail("spline x values must increase strictly");
    if (f.type == T::NaturalSpline) f.degree = readDegree(node.at("degree"), f.x.size());
  } else {
    const JsonNode c = node.at("coefficients");
    f.coefficients = c.numbers(1);
    const size_t n = f.coefficients.size();
    if ((f.type == T::Sinusoid || f.type == T::SmoothStep) && n != 4) c.fail("expected 4 coefficients");
    if (f.type == T::SineProduct && n != 5) c.fail("expected 5 coefficients (amplitude, frequency and phase of each)");
    if (f.type == T::Constant && n != 1) c.fail("expected 1 coefficient");
    if (f.type == T::Linear && n < 2) c.fail("expected slopes then an intercept (at least 2 numbers)");
    if (f.type == T::SmoothStep && f.coefficients[0] == f.coefficients[1]) c.fail("smooth_step needs x0 != x1");
  }
  if (f.type != T::NaturalSpline)
    if (const auto d = node.get("degree")) d->fail("only a natural_spline has a degree");
  const JsonNode args = node.at("args");
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string a = args[i].string();
    if (std::find(coordinates.begin(), coordinates.end(), a) == coordinates.end())
      args[i].fail("not a coordinate of this joint");
    f.args.push_back(a);
  }
  const size_t want = f.type == T::Linear        ? f.coefficients.size() - 1
                      : f.type == T::Constant    ? f.args.size()
                      : f.type == T::SineProduct ? 2
                                                 : 1;
  if (f.args.size() != want || f.args.empty())
    args.fail("function '" + nameOf(f.type) + "' takes " + std::to_string(std::max<size_t>(1, want)) + " argument(s)");
  return f;
}

nlohmann::json writeFunction(const FunctionSpec& f) {
  nlohmann::json j{{"type", nameOf(f.type)}, {"args", f.args}};
  if (hasKnots(f.type)) {
    j["x"] = f.x;
    j["y"] = f.y;
    if (f.type == FunctionType::NaturalSpline) j["degree"] = f.degree;
  } else {
    j["coefficients"] = f.coefficients;
  }
  return j;
}

}  // namespace articula::model
