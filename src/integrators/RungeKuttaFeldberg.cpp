// The Runge-Kutta-Fehlberg 4(5) pair, propagating the fifth-order solution (local
// extrapolation); the fourth-order embedded solution gives the estimate. Six stages, not FSAL.
#include "articula/integrators/integrators.h"

namespace articula {

namespace {
ButcherTableau fehlberg() {
  const std::vector<Real> b5 = {16.0 / 135, 0, 6656.0 / 12825, 28561.0 / 56430, -9.0 / 50, 2.0 / 55};
  const std::vector<Real> b4 = {25.0 / 216, 0, 1408.0 / 2565, 2197.0 / 4104, -1.0 / 5, 0};
  std::vector<Real> e(6);
  for (int i = 0; i < 6; ++i) e[i] = b5[i] - b4[i];
  return ButcherTableau{"RungeKuttaFeldberg",
                        5,
                        4,
                        {0, 0.25, 0.375, 12.0 / 13, 1, 0.5},
                        {{},
                         {0.25},
                         {3.0 / 32, 9.0 / 32},
                         {1932.0 / 2197, -7200.0 / 2197, 7296.0 / 2197},
                         {439.0 / 216, -8, 3680.0 / 513, -845.0 / 4104},
                         {-8.0 / 27, 2, -3544.0 / 2565, 1859.0 / 4104, -11.0 / 40}},
                        b5,
                        e};
}
}  // namespace

RungeKuttaFeldbergIntegrator::RungeKuttaFeldbergIntegrator(const System& system)
    : ExplicitRungeKuttaIntegrator(system, fehlberg()) {}

}  // namespace articula
