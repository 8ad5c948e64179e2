// Integrator steps allocate nothing after warm-up (DESIGN.md §3): stepTo with error control,
// rejected trials, report-time interpolation and fixed steps must not touch the heap.
//
// Counting: support/AllocationCounter.h.
#include <gtest/gtest.h>

#include "IntegratorModels.h"
#include "support/AllocationCounter.h"

namespace articula {
namespace {

TEST(IntegratorAllocation, CounterWorks) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  EXPECT_GT(testing::allocationsDuring([] { Vector v(100); v.setZero(); }), 0);
}

TEST(IntegratorAllocation, SteppingAndReportingAllocateNothingAfterWarmUp) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  for (const char* method : {"ExplicitEuler", "RungeKutta2", "RungeKutta3", "RungeKuttaMerson", "RungeKuttaFeldberg",
                             "DormandPrince54", "SemiExplicitEuler2", "VelocityVerlet"}) {
    for (bool quaternions : {false, true}) {
      testing::PendulumModel pendulum(3, 1.2);
      testing::TumblerModel tumbler;
      const System& system = quaternions ? static_cast<const System&>(tumbler.system) : pendulum.system;
      auto integ = makeIntegrator(method, system);
      integ->setAccuracy(1e-5);
      integ->initialize(quaternions ? tumbler.state : pendulum.state);
      Real t = 0;
      auto run = [&](int reports) {
        for (int k = 0; k < reports; ++k) {
          t += 0.013;  // report times fall inside steps: interpolation every time
          while (integ->stepTo(t) != StepOutcome::ReachedReportTime) {
          }
        }
      };
      run(20);  // warm-up: first steps, first rejection, first interpolation
      const auto failuresBefore = integ->getStatistics().errorTestFailures;
      const long n = testing::allocationsDuring([&] { run(100); });
      EXPECT_EQ(n, 0) << method << (quaternions ? " (tumbler)" : " (triple pendulum)");
      if (!quaternions && std::string(method) == "RungeKuttaMerson") {
        EXPECT_GT(integ->getStatistics().errorTestFailures, failuresBefore);  // rejections were exercised
      }
    }
  }
}

TEST(IntegratorAllocation, FixedStepsAllocateNothing) {
  SKIP_IF_NOT_COUNTING_ALLOCATIONS();
  testing::PendulumModel m(3, 1.2);
  SemiExplicitEulerIntegrator integ(m.system);
  integ.setFixedStepSize(1e-3);
  integ.initialize(m.state);
  integ.stepTo(0.01);
  integ.stepTo(0.01);
  EXPECT_EQ(testing::allocationsDuring([&] {
              for (int k = 2; k <= 100; ++k) integ.stepTo(0.01 * k);
            }),
            0);
}

}  // namespace
}  // namespace articula
