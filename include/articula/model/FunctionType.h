// The function types of the model format (function-based joints, couplers, prescribed motion).
#pragma once
#include "articula/model/KindNames.h"

namespace articula::model {

enum class FunctionType { Constant, Linear, Polynomial, Sinusoid, SmoothStep, Spline, FmmSpline };

template <>
const std::vector<KindName<FunctionType>>& kindTable<FunctionType>();  // src/model/FunctionFields.cpp

}  // namespace articula::model
