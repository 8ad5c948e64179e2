// Dense output: inside each accepted step the interpolated state is as accurate as the step
// itself (Hermite cubic for most methods, Dormand-Prince's own extension for DOPRI).
#include <gtest/gtest.h>

#include <cmath>

#include "IntegratorModels.h"

namespace articula {
namespace {

// Error in the integrator's own measure for pins: q absolute, u relative above 1 rad/s.
Real weightedError(const Vector& y, const Vector& ref, int nq) {
  Real worst = 0;
  for (int i = 0; i < y.size(); ++i)
    worst = std::max(worst, std::abs(y[i] - ref[i]) / (i < nq ? 1 : std::max<Real>(1, std::abs(ref[i]))));
  return worst;
}

// Over 40 steps at accuracy a: the worst interpolation error at interior points and the worst
// error at the steps' ends, both against a reference run from the step's own start (so global
// error does not count), in units of a.
struct DenseErrors {
  Real interior = 0, end = 0;
};
DenseErrors denseErrors(const char* method, Real a) {
  testing::PendulumModel m(2, 1.0);
  auto integ = makeIntegrator(method, m.system);
  integ->setAccuracy(a);
  integ->setReturnEveryInternalStep(true);
  integ->initialize(m.state);
  integ->stepTo(10);
  DenseErrors worst;
  State s = m.state;
  for (int k = 0; k < 40; ++k) {
    integ->stepTo(10);
    const State& start = integ->getPreviousState();
    const Real t0 = integ->getPreviousTime(), t1 = integ->getAdvancedTime();
    const int nq = s.getNQ();
    worst.end = std::max(
        worst.end, weightedError(integ->getAdvancedState().getY(), testing::reference(m.system, start, t1), nq) / a);
    for (Real theta : {0.25, 0.5, 0.75}) {
      const Real t = t0 + theta * (t1 - t0);
      integ->interpolate(t, s);
      worst.interior = std::max(worst.interior,
                                weightedError(s.getY(), testing::reference(m.system, start, t), nq) / a);
    }
  }
  return worst;
}

TEST(DenseOutput, InterpolationErrorWithinTheStepsTolerance) {
  // The interpolant is as accurate as the step: interior errors stay within the larger of the
  // accuracy and the steps' own (end-point) errors. (At loose accuracy the fifth-order pairs'
  // estimates undershoot on this whipping double pendulum, so their end errors exceed α.)
  for (const char* method :
       {"ExplicitEuler", "RungeKutta2", "RungeKutta3", "RungeKuttaMerson", "RungeKuttaFeldberg", "DormandPrince54",
        "SemiExplicitEuler2", "VelocityVerlet", "RosenbrockW2", "RosenbrockW3"}) {
    for (Real a : {1e-3, 1e-6}) {
      const DenseErrors e = denseErrors(method, a);
      std::printf(
          "[ dense ] %-20s accuracy %.0e: worst weighted error / accuracy inside steps %.2f, at step ends %.2f\n",
          method, a, e.interior, e.end);
      EXPECT_LE(e.interior, 2 * std::max<Real>(1, e.end)) << method << " at " << a;
    }
  }
}

}  // namespace
}  // namespace articula
