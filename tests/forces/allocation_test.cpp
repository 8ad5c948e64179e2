// The force elements are on the hot path (every Dynamics realization), so after a warm-up they
// must not touch the heap (DESIGN.md §3): realizing Acceleration with every built-in element, and
// the subsystem's energy and power sums, allocate nothing.
//
// Counting works as in tests/matter/allocation_test.cpp: this program replaces operator new and
// interposes glibc's malloc family (Eigen's heap matrices use malloc), counting only while a
// thread_local flag is set. Under AddressSanitizer, which owns the allocator, the test is skipped.
#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <new>

#include "ForceTestModels.h"
#include "articula/forces/CustomForce.h"
#include "articula/forces/DiscreteForces.h"
#include "articula/forces/GlobalDamper.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/LinearBushing.h"
#include "articula/forces/MobilityLinearDamper.h"
#include "articula/forces/MobilityLinearSpring.h"
#include "articula/forces/MobilityLinearStop.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/forces/RangeOfMotionLimit.h"
#include "articula/forces/TorquePulse.h"
#include "articula/forces/TwoPointConstantForce.h"
#include "articula/forces/TwoPointLinearDamper.h"
#include "articula/forces/TwoPointLinearSpring.h"

#if defined(__SANITIZE_ADDRESS__)
#define ARTICULA_COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARTICULA_COUNT_ALLOCATIONS 0
#endif
#endif
#if !defined(ARTICULA_COUNT_ALLOCATIONS) && defined(__GLIBC__)
#define ARTICULA_COUNT_ALLOCATIONS 1
#endif
#ifndef ARTICULA_COUNT_ALLOCATIONS
#define ARTICULA_COUNT_ALLOCATIONS 0
#endif

namespace {
thread_local bool t_counting = false;  // constant-initialized: safe to read inside malloc
std::atomic<long> g_allocations{0};
}  // namespace

#if ARTICULA_COUNT_ALLOCATIONS
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

void* malloc(std::size_t n) {
  if (t_counting) ++g_allocations;
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t size) {
  if (t_counting) ++g_allocations;
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t n) {
  if (t_counting) ++g_allocations;
  return __libc_realloc(p, n);
}
void* memalign(std::size_t alignment, std::size_t n) {
  if (t_counting) ++g_allocations;
  return __libc_memalign(alignment, n);
}
void* aligned_alloc(std::size_t alignment, std::size_t n) {
  if (t_counting) ++g_allocations;
  return __libc_memalign(alignment, n);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t n) {
  if (t_counting) ++g_allocations;
  void* p = __libc_memalign(alignment, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
void free(void* p) { __libc_free(p); }
}  // extern "C"

namespace {
void* countedNew(std::size_t n, std::size_t alignment = 0) {
  if (t_counting) ++g_allocations;
  if (n == 0) n = 1;
  void* p = alignment > alignof(std::max_align_t) ? __libc_memalign(alignment, n) : __libc_malloc(n);
  if (!p) throw std::bad_alloc();
  return p;
}
}  // namespace

void* operator new(std::size_t n) { return countedNew(n); }
void* operator new[](std::size_t n) { return countedNew(n); }
void* operator new(std::size_t n, std::align_val_t a) { return countedNew(n, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return countedNew(n, static_cast<std::size_t>(a)); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try { return countedNew(n); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try { return countedNew(n); } catch (...) { return nullptr; }
}
void operator delete(void* p) noexcept { __libc_free(p); }
void operator delete[](void* p) noexcept { __libc_free(p); }
void operator delete(void* p, std::size_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::size_t) noexcept { __libc_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { __libc_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { __libc_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { __libc_free(p); }
#endif  // ARTICULA_COUNT_ALLOCATIONS

namespace articula {
namespace {

struct Counting {
  Counting() {
    g_allocations = 0;
    t_counting = true;
  }
  ~Counting() { t_counting = false; }
  long stop() {
    t_counting = false;
    return g_allocations;
  }
};

TEST(ForceAllocation, CounterSeesAllocations) {
  if (!ARTICULA_COUNT_ALLOCATIONS) GTEST_SKIP() << "allocation counting needs glibc and no AddressSanitizer";
  Counting counting;
  Vector v(100);
  v.setZero();
  EXPECT_GT(counting.stop(), 0);
}

TEST(ForceAllocation, EveryElementIsAllocationFreeAfterWarmUp) {
  if (!ARTICULA_COUNT_ALLOCATIONS) GTEST_SKIP() << "allocation counting needs glibc and no AddressSanitizer";
  testing::OrientationModel model;
  GeneralForceSubsystem& f = *model.forces;
  using Axis = RangeOfMotionLimit::Axis;
  SmallVector pair(3), mob(3);
  pair << 0.5, -0.3, 0.2;
  mob << 0.1, 0.2, 0.3;
  f.addForce(std::make_unique<Gravity>(Vec3(0, -9.81, 0)));
  f.addForce(std::make_unique<TwoPointLinearSpring>(0, Vec3(0.3, 0.2, 0), 4, Vec3(0, 0.1, 0), 30, 0.2));
  f.addForce(std::make_unique<TwoPointLinearDamper>(1, Vec3(0.1, 0, 0), 5, Vec3(0, 0.1, 0), 2));
  f.addForce(std::make_unique<TwoPointConstantForce>(2, Vec3::Zero(), 3, Vec3(0.1, 0, 0), 3));
  f.addForce(std::make_unique<MobilityLinearSpring>(2, 1, 3, 0.1));
  f.addForce(std::make_unique<MobilityLinearDamper>(3, 2, 0.2));
  f.addForce(std::make_unique<MobilityLinearStop>(5, 4, -0.01, 0.01, 200, 0.5));
  f.addForce(std::make_unique<LinearBushing>(1, Transform(), 3, Transform(Vec3(0.1, 0, 0)), Vec6::Constant(5),
                                             Vec6::Constant(0.1)));
  f.addForce(std::make_unique<GlobalDamper>(0.01));
  f.addForce(std::make_unique<PassiveJointDamping>(0.05));
  f.addForce(std::make_unique<RangeOfMotionLimit>(
      1, CoordinateAxis::Z, std::array<Axis, 3>{Axis{-0.01, 0.01, 40, 0.5}, Axis{-0.01, 0.01, 40, 0.5}, Axis{-0.01, 0.01, 40, 0.5}}));
  f.addForce(std::make_unique<RangeOfMotionLimit>(3, 0, Axis{-0.01, 0.01, 40, 0.5}, "gimbal x"));
  f.addForce(std::make_unique<TorquePulse>(TorquePulse::Mode::BodyTorquePair, 3, pair, 0.0, 1.0, "pair"));
  f.addForce(std::make_unique<TorquePulse>(TorquePulse::Mode::Mobility, 1, mob, 0.0, 1.0, "mobility"));
  auto& discrete = f.addForce(std::make_unique<DiscreteForces>());
  f.addForce(std::make_unique<CustomForce>(
                 [](const State& s, const MatterSubsystem& m, std::vector<SpatialVec>&, Vector& g) { g[0] -= m.getQ(s)[5]; }))
      .setPower([](const State&, const MatterSubsystem&) { return 0.0; });
  State s = model.system.realizeTopology();
  discrete.addTorqueToBody(s, 2, Vec3(0.1, 0.2, 0.3));
  testing::setSomeMotion(model.system, s, 0.2, 0.5);
  model.system.realize(s, Stage::Acceleration);  // warm-up
  Real sink = f.calcPower(s) + f.calcNonConservativePower(s) + f.calcPotentialEnergy(s);

  Counting counting;
  for (int n = 0; n < 3; ++n) {
    s.setTime(0.3 + 0.1 * n);
    s.updQ()[5] += 0.01;
    s.updU()[2] -= 0.02;
    model.system.realize(s, Stage::Acceleration);
    sink += f.calcPower(s) + f.calcNonConservativePower(s) + f.calcPotentialEnergy(s);
  }
  const long allocations = counting.stop();
  EXPECT_EQ(allocations, 0);
  EXPECT_TRUE(std::isfinite(sink));
}

}  // namespace
}  // namespace articula
