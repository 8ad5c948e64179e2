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
                                                         {T::SineProduct, "sine_product"}};
  return table;
}

FunctionSpec readFunction(const JsonNode& node, const std::vector<std::string>& coordinates) {
  node.allowOnly({"type", "coefficients", "x", "y", "args"});
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
  } else {
    j["coefficients"] = f.coefficients;
  }
  return j;
}

}  // namespace articula::model
