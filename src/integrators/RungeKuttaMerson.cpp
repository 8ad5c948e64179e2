// Merson's 4(3) method, the default (as in Simbody): five stages, fourth-order solution
// y0 + h/6 (k1 + 4 k4 + k5). The argument of the fifth stage is a third-order solution; Merson's
// estimate is one fifth of the difference, e = h/30 (2 k1 - 9 k3 + 8 k4 - k5) up to sign, which
// is exact for linear problems and conservative enough elsewhere. Controller exponent 1/4 (the
// third-order estimate). Not FSAL: four new stages plus the end-of-step evaluation.
#include "articula/integrators/integrators.h"

namespace articula {

RungeKuttaMersonIntegrator::RungeKuttaMersonIntegrator(const System& system)
    : ExplicitRungeKuttaIntegrator(
          system, ButcherTableau{"RungeKuttaMerson",
                                 4,
                                 3,
                                 /*c*/ {0, 1.0 / 3, 1.0 / 3, 0.5, 1},
                                 /*a*/
                                 {{}, {1.0 / 3}, {1.0 / 6, 1.0 / 6}, {0.125, 0, 0.375}, {0.5, 0, -1.5, 2}},
                                 /*b*/ {1.0 / 6, 0, 0, 2.0 / 3, 1.0 / 6},
                                 /*e = (b - b̂)/5*/
                                 {-1.0 / 15, 0, 0.3, -4.0 / 15, 1.0 / 30}}) {}

}  // namespace articula
