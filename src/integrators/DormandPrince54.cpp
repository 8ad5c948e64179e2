// Dormand-Prince 5(4): seven stages, the last at (t1, y1) (FSAL), fifth-order solution, fourth-
// order estimate, and a free continuous extension of order 4 built from the same stages
// (Hairer, Nørsett & Wanner, Solving ODEs I, §II.6), used as dense output.
#include "articula/integrators/integrators.h"

namespace articula {

namespace {
ButcherTableau dormandPrince() {
  const std::vector<Real> b = {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0};
  return ButcherTableau{"DormandPrince54",
                        5,
                        4,
                        {0, 0.2, 0.3, 0.8, 8.0 / 9, 1, 1},
                        {{},
                         {0.2},
                         {3.0 / 40, 9.0 / 40},
                         {44.0 / 45, -56.0 / 15, 32.0 / 9},
                         {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
                         {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
                         {b[0], b[1], b[2], b[3], b[4], b[5]}},
                        b,
                        {71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40}};
}

// Weights of the continuous extension's last coefficient (Hairer's d_i).
constexpr Real d1 = -12715105075.0 / 11282082432.0, d3 = 87487479700.0 / 32700410799.0,
               d4 = -10690763975.0 / 1880347072.0, d5 = 701980252875.0 / 199316789632.0,
               d6 = -1453857185.0 / 822651844.0, d7 = 69997945.0 / 29380423.0;
}  // namespace

DormandPrince54Integrator::DormandPrince54Integrator(const System& system)
    : ExplicitRungeKuttaIntegrator(system, dormandPrince()) {}

void DormandPrince54Integrator::onStepAccepted(Real t0, Real h) {
  // The coefficients join the (projected) start y0 to the unprojected trial end; the difference
  // at the end is the projection's correction, far below the accuracy.
  const std::vector<Vector>& k = stageDerivatives();
  r1_ = getPreviousState().getY();
  r2_.setZero(r1_.size());  // y1 - y0
  for (int j : {0, 2, 3, 4, 5}) r2_ += (h * getTableau().b[j]) * k[j];
  r3_ = h * k[0] - r2_;  // h k1 - (y1 - y0)
  r4_ = r2_ - h * k[6] - r3_;
  r5_ = h * (d1 * k[0] + d3 * k[2] + d4 * k[3] + d5 * k[4] + d6 * k[5] + d7 * k[6]);
  t0_ = t0;
  h_ = h;
}

void DormandPrince54Integrator::interpolateY(Real t, Vector& y) const {
  const Real th = (t - t0_) / h_, th1 = 1 - th;
  y = r1_ + th * (r2_ + th1 * (r3_ + th * (r4_ + th1 * r5_)));
}

}  // namespace articula
