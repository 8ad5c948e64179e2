// Explicit Euler, y1 = y0 + h f0, with the trapezoid rule as error estimate (Theory Manual §10.4):
// its second stage f(y1) is the derivative the next step starts from, so a step costs one
// evaluation with or without error control.
#include "articula/integrators/integrators.h"

namespace articula {

ExplicitEulerIntegrator::ExplicitEulerIntegrator(const System& system)
    : ExplicitRungeKuttaIntegrator(system, ButcherTableau{"ExplicitEuler", 1, 1,
                                                          /*c*/ {0, 1},
                                                          /*a*/ {{}, {1}},
                                                          /*b*/ {1, 0},
                                                          /*e = b - trapezoid*/ {0.5, -0.5}}) {}

}  // namespace articula
