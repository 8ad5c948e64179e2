// Second-order Runge-Kutta (Heun's explicit trapezoid rule). The error estimate is the difference
// from the Euler predictor, an O(h²) estimate for an O(h³) local error: conservative, as the
// Theory Manual's explicit trapezoid step (§10.4). FSAL: two evaluations per step.
#include "articula/integrators/integrators.h"

namespace articula {

RungeKutta2Integrator::RungeKutta2Integrator(const System& system)
    : ExplicitRungeKuttaIntegrator(system, ButcherTableau{"RungeKutta2", 2, 1,
                                                          /*c*/ {0, 1, 1},
                                                          /*a*/ {{}, {1}, {0.5, 0.5}},
                                                          /*b*/ {0.5, 0.5, 0},
                                                          /*e = b - Euler*/ {-0.5, 0.5, 0}}) {}

}  // namespace articula
