// The registry of the integration methods (IntegratorMethod.h): each method's value, name and
// maker, for model files and the command line.
#include <functional>
#include <stdexcept>
#include <vector>

#include "articula/integrators/CvodeIntegrator.h"
#include "articula/integrators/RosenbrockW.h"
#include "articula/integrators/integrators.h"

namespace articula {

namespace {

using Make = std::function<std::unique_ptr<Integrator>(const System&)>;
using M = IntegratorMethod;

struct MethodEntry {
  IntegratorMethod method;
  std::string name;  // the method's getMethodName()
  Make make;
};

const std::vector<MethodEntry>& methods() {
  static const std::vector<MethodEntry> table = {
      {M::ExplicitEuler, "ExplicitEuler", [](const System& s) { return std::make_unique<ExplicitEulerIntegrator>(s); }},
      {M::RungeKutta2, "RungeKutta2", [](const System& s) { return std::make_unique<RungeKutta2Integrator>(s); }},
      {M::RungeKutta3, "RungeKutta3", [](const System& s) { return std::make_unique<RungeKutta3Integrator>(s); }},
      {M::RungeKuttaMerson, "RungeKuttaMerson",
       [](const System& s) { return std::make_unique<RungeKuttaMersonIntegrator>(s); }},
      {M::RungeKuttaFeldberg, "RungeKuttaFeldberg",
       [](const System& s) { return std::make_unique<RungeKuttaFeldbergIntegrator>(s); }},
      {M::DormandPrince54, "DormandPrince54",
       [](const System& s) { return std::make_unique<DormandPrince54Integrator>(s); }},
      {M::SemiExplicitEuler, "SemiExplicitEuler",
       [](const System& s) { return std::make_unique<SemiExplicitEulerIntegrator>(s); }},
      {M::SemiExplicitEuler2, "SemiExplicitEuler2",
       [](const System& s) { return std::make_unique<SemiExplicitEuler2Integrator>(s); }},
      {M::VelocityVerlet, "VelocityVerlet",
       [](const System& s) { return std::make_unique<VelocityVerletIntegrator>(s); }},
      {M::RosenbrockW2, "RosenbrockW2", [](const System& s) { return std::make_unique<RosenbrockW2Integrator>(s); }},
      {M::RosenbrockW3, "RosenbrockW3", [](const System& s) { return std::make_unique<RosenbrockW3Integrator>(s); }},
      {M::CvodeBDF, "CvodeBDF",
       [](const System& s) { return std::make_unique<CvodeIntegrator>(s, CvodeIntegrator::Method::BDF); }},
      {M::CvodeAdams, "CvodeAdams",
       [](const System& s) { return std::make_unique<CvodeIntegrator>(s, CvodeIntegrator::Method::Adams); }},
  };
  return table;
}

const MethodEntry& entry(IntegratorMethod method) {
  for (const MethodEntry& e : methods())
    if (e.method == method) return e;
  throw std::logic_error("an integration method without an entry in the registry");
}

}  // namespace

const std::vector<IntegratorMethod>& integratorMethods() {
  static const std::vector<IntegratorMethod> all = [] {
    std::vector<IntegratorMethod> v;
    for (const MethodEntry& e : methods()) v.push_back(e.method);
    return v;
  }();
  return all;
}

const std::string& integratorName(IntegratorMethod method) { return entry(method).name; }

std::optional<IntegratorMethod> integratorNamed(std::string_view name) {
  for (const MethodEntry& e : methods())
    if (e.name == name) return e.method;
  return std::nullopt;
}

std::unique_ptr<Integrator> makeIntegrator(IntegratorMethod method, const System& system) {
  return entry(method).make(system);
}

std::unique_ptr<Integrator> makeIntegrator(const std::string& method, const System& system) {
  if (const auto m = integratorNamed(method)) return makeIntegrator(*m, system);
  std::string names;
  for (const MethodEntry& e : methods()) names += (names.empty() ? "" : ", ") + e.name;
  throw Error("makeIntegrator: unknown method '" + method + "'; known methods: " + names);
}

}  // namespace articula
