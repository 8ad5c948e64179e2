// The function types of the model format (function-based joints, couplers, prescribed motion).
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class FunctionType {
  Constant,
  Linear,
  Polynomial,
  Sinusoid,
  SmoothStep,
  Spline,
  FmmSpline,
  PiecewiseLinear,
  PiecewiseConstant,
  SineProduct,
  NaturalSpline  // interpolating natural spline of odd degree (OpenSim's GCVSpline at error variance 0)
};

// Whether the function is given by knots (x, y) rather than coefficients.
inline bool hasKnots(FunctionType t) {
  return t == FunctionType::Spline || t == FunctionType::FmmSpline || t == FunctionType::PiecewiseLinear ||
         t == FunctionType::PiecewiseConstant || t == FunctionType::NaturalSpline;
}

template <>
const std::vector<KindName<FunctionType>>& kindTable<FunctionType>();  // src/model/FunctionFields.cpp

}  // namespace articula::model
