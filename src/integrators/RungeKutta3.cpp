// Third-order Runge-Kutta: the Bogacki-Shampine 3(2) pair. Its fourth stage is f(y1) (FSAL), so
// it costs three evaluations per step, and the embedded second-order solution gives the estimate.
#include "articula/integrators/integrators.h"

namespace articula {

RungeKutta3Integrator::RungeKutta3Integrator(const System& system)
    : ExplicitRungeKuttaIntegrator(system,
                                   ButcherTableau{"RungeKutta3",
                                                  3,
                                                  2,
                                                  /*c*/ {0, 0.5, 0.75, 1},
                                                  /*a*/ {{}, {0.5}, {0, 0.75}, {2.0 / 9, 1.0 / 3, 4.0 / 9}},
                                                  /*b*/ {2.0 / 9, 1.0 / 3, 4.0 / 9, 0},
                                                  /*e = b - b̂*/
                                                  {2.0 / 9 - 7.0 / 24, 1.0 / 3 - 0.25, 4.0 / 9 - 1.0 / 3, -0.125}}) {}

}  // namespace articula
