// makeIntegrator: methods by name, for model files and the command line.
#include <functional>
#include <utility>
#include <vector>

#include "articula/integrators/CvodeIntegrator.h"
#include "articula/integrators/RosenbrockW.h"
#include "articula/integrators/integrators.h"

namespace articula {

namespace {

using Make = std::function<std::unique_ptr<Integrator>(const System&)>;

const std::vector<std::pair<std::string, Make>>& methods() {
  static const std::vector<std::pair<std::string, Make>> table = {
      {"ExplicitEuler", [](const System& s) { return std::make_unique<ExplicitEulerIntegrator>(s); }},
      {"RungeKutta2", [](const System& s) { return std::make_unique<RungeKutta2Integrator>(s); }},
      {"RungeKutta3", [](const System& s) { return std::make_unique<RungeKutta3Integrator>(s); }},
      {"RungeKuttaMerson", [](const System& s) { return std::make_unique<RungeKuttaMersonIntegrator>(s); }},
      {"RungeKuttaFeldberg", [](const System& s) { return std::make_unique<RungeKuttaFeldbergIntegrator>(s); }},
      {"DormandPrince54", [](const System& s) { return std::make_unique<DormandPrince54Integrator>(s); }},
      {"SemiExplicitEuler", [](const System& s) { return std::make_unique<SemiExplicitEulerIntegrator>(s); }},
      {"SemiExplicitEuler2", [](const System& s) { return std::make_unique<SemiExplicitEuler2Integrator>(s); }},
      {"VelocityVerlet", [](const System& s) { return std::make_unique<VelocityVerletIntegrator>(s); }},
      {"RosenbrockW2", [](const System& s) { return std::make_unique<RosenbrockW2Integrator>(s); }},
      {"RosenbrockW3", [](const System& s) { return std::make_unique<RosenbrockW3Integrator>(s); }},
      {"CvodeBDF", [](const System& s) { return std::make_unique<CvodeIntegrator>(s, CvodeIntegrator::Method::BDF); }},
      {"CvodeAdams",
       [](const System& s) { return std::make_unique<CvodeIntegrator>(s, CvodeIntegrator::Method::Adams); }},
  };
  return table;
}

}  // namespace

std::vector<std::string> integratorNames() {
  std::vector<std::string> names;
  for (const auto& entry : methods()) names.push_back(entry.first);
  return names;
}

std::unique_ptr<Integrator> makeIntegrator(const std::string& method, const System& system) {
  std::string names;
  for (const auto& [name, make] : methods()) {
    if (name == method) return make(system);
    names += (names.empty() ? "" : ", ") + name;
  }
  throw Error("makeIntegrator: unknown method '" + method + "'; known methods: " + names);
}

}  // namespace articula
