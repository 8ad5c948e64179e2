// The integration methods by value, and the one registry of their names ("RungeKuttaMerson",
// "CvodeBDF", ...): the names model files, the command line and run summaries use, each the
// method's Integrator::getMethodName(). makeIntegrator (integrators.h) makes a method from its value.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace articula {

enum class IntegratorMethod {
  ExplicitEuler,
  RungeKutta2,
  RungeKutta3,
  RungeKuttaMerson,
  RungeKuttaFeldberg,
  DormandPrince54,
  SemiExplicitEuler,
  SemiExplicitEuler2,
  VelocityVerlet,
  RosenbrockW2,
  RosenbrockW3,
  CvodeBDF,
  CvodeAdams
};

// Every method, in the registry's (documentation) order.
const std::vector<IntegratorMethod>& integratorMethods();
const std::string& integratorName(IntegratorMethod method);
// The method of a name (exact, case-sensitive); none for an unknown name.
std::optional<IntegratorMethod> integratorNamed(std::string_view name);

}  // namespace articula
