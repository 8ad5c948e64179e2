// Integrator steps allocate nothing after warm-up (DESIGN.md §3): stepTo with error control,
// rejected trials, report-time interpolation and fixed steps must not touch the heap.
//
// Counting: this program defines the malloc family (glibc allows it; ours forwards to
// __libc_malloc and friends). libstdc++'s operator new and Eigen's heap matrices both end in
// malloc, so one counter sees everything. Counting is on only while a thread_local flag is set.
// Under AddressSanitizer (which owns the allocator) the interposition is compiled out.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>

#include "IntegratorModels.h"

#if defined(__SANITIZE_ADDRESS__)
#define ARTICULA_INTEG_COUNT 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARTICULA_INTEG_COUNT 0
#endif
#endif
#if !defined(ARTICULA_INTEG_COUNT) && defined(__GLIBC__)
#define ARTICULA_INTEG_COUNT 1
#endif
#ifndef ARTICULA_INTEG_COUNT
#define ARTICULA_INTEG_COUNT 0
#endif

namespace {
thread_local bool t_count = false;  // constant-initialized: safe to read inside malloc
long g_allocations = 0;             // only touched by the counting thread
}  // namespace

#if ARTICULA_INTEG_COUNT
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void* malloc(std::size_t n) {
  if (t_count) ++g_allocations;
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t size) {
  if (t_count) ++g_allocations;
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t n) {
  if (t_count) ++g_allocations;
  return __libc_realloc(p, n);
}
void* memalign(std::size_t a, std::size_t n) {
  if (t_count) ++g_allocations;
  return __libc_memalign(a, n);
}
void* aligned_alloc(std::size_t a, std::size_t n) {
  if (t_count) ++g_allocations;
  return __libc_memalign(a, n);
}
int posix_memalign(void** out, std::size_t a, std::size_t n) {
  if (t_count) ++g_allocations;
  void* p = __libc_memalign(a, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
}  // extern "C"
#endif

namespace articula {
namespace {

long allocationsDuring(const std::function<void()>& work) {
  g_allocations = 0;
  t_count = true;
  work();
  t_count = false;
  return g_allocations;
}

TEST(IntegratorAllocation, CounterWorks) {
  if (!ARTICULA_INTEG_COUNT) GTEST_SKIP() << "needs glibc without AddressSanitizer";
  EXPECT_GT(allocationsDuring([] { Vector v(100); v.setZero(); }), 0);
}

TEST(IntegratorAllocation, SteppingAndReportingAllocateNothingAfterWarmUp) {
  if (!ARTICULA_INTEG_COUNT) GTEST_SKIP() << "needs glibc without AddressSanitizer";
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
      const long n = allocationsDuring([&] { run(100); });
      EXPECT_EQ(n, 0) << method << (quaternions ? " (tumbler)" : " (triple pendulum)");
      if (!quaternions && std::string(method) == "RungeKuttaMerson") {
        EXPECT_GT(integ->getStatistics().errorTestFailures, failuresBefore);  // rejections were exercised
      }
    }
  }
}

TEST(IntegratorAllocation, FixedStepsAllocateNothing) {
  if (!ARTICULA_INTEG_COUNT) GTEST_SKIP() << "needs glibc without AddressSanitizer";
  testing::PendulumModel m(3, 1.2);
  SemiExplicitEulerIntegrator integ(m.system);
  integ.setFixedStepSize(1e-3);
  integ.initialize(m.state);
  integ.stepTo(0.01);
  integ.stepTo(0.01);
  EXPECT_EQ(allocationsDuring([&] {
              for (int k = 2; k <= 100; ++k) integ.stepTo(0.01 * k);
            }),
            0);
}

}  // namespace
}  // namespace articula
