// Finite-difference checks for the function library: analytic derivatives against central
// differences of the function itself, so a wrong derivative formula cannot pass.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "articula/math/Function.h"

namespace articula::testing {

// First derivative against a central difference of value(), second against a central difference
// of derivative(), and (independently of derivative()) a second difference of value().
inline void expectDerivativesMatchDifferences(const Function& f, Real x, const std::string& label, Real scale = 1) {
  const Real h1 = 1e-5 * std::max(Real(1), std::abs(x));
  const Real fd1 = (f.value(x + h1) - f.value(x - h1)) / (2 * h1);
  EXPECT_NEAR(f.derivative(x), fd1, 1e-7 * scale) << label << " f' at x = " << x;
  const Real fd2 = (f.derivative(x + h1) - f.derivative(x - h1)) / (2 * h1);
  EXPECT_NEAR(f.secondDerivative(x), fd2, 1e-6 * scale) << label << " f'' at x = " << x;
  const Real h2 = 1e-4 * std::max(Real(1), std::abs(x));
  const Real fdd = (f.value(x + h2) - 2 * f.value(x) + f.value(x - h2)) / (h2 * h2);
  EXPECT_NEAR(f.secondDerivative(x), fdd, 1e-4 * scale) << label << " f'' (values) at x = " << x;
}

}  // namespace articula::testing
