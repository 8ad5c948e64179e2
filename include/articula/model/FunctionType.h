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
  SineProduct
};

// Whether the function is given by knots (x, y) rather than coefficients.
inline bool hasKnots(FunctionType t) {
  return t == FunctionType::Spline || t == FunctionType::FmmSpline || t == FunctionType::PiecewiseLinear ||
         t == FunctionType::PiecewiseConstant;
}

template <>
const std::vector<KindName<FunctionType>>& kindTable<FunctionType>();  // src/model/FunctionFields.cpp

}  // namespace articula::model
