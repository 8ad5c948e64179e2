// Contact detection runs on the hot path (every Dynamics realization of a contact model), so
// after a warm-up ContactGeometry::findContacts must not touch the heap (DESIGN.md section 3).
//
// Counting works as in tests/matter/allocation_test.cpp: this program replaces operator new and
// interposes glibc's malloc family, counting only while a thread_local flag is set. This file is
// the only one in test_contact that may replace them: add further contact allocation tests here.
// Under AddressSanitizer, which owns the allocator, the test is skipped.
#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <new>
#include <random>

#include "articula/contact/ContactGeometry.h"

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

TEST(ContactAllocation, CounterSeesAllocations) {
  if (!ARTICULA_COUNT_ALLOCATIONS) GTEST_SKIP() << "allocation counting needs glibc and no AddressSanitizer";
  Counting counting;
  Vector v(100);
  v.setZero();
  EXPECT_GT(counting.stop(), 0);
}

TEST(ContactAllocation, FindContactsAllocatesNothingAfterWarmUp) {
  if (!ARTICULA_COUNT_ALLOCATIONS) GTEST_SKIP() << "allocation counting needs glibc and no AddressSanitizer";
  ContactGeometry geo;
  const int nb = 40;
  std::vector<int> parents(nb);
  for (int b = 0; b < nb; ++b) parents[b] = b - 1;
  geo.setBodyParents(parents);
  geo.addShape(0, Transform(), ContactShape::halfSpace(), "floor");
  geo.addShape(0, Transform(Vec3(0.5, 0.5, 0)), ContactShape::sphere(0.3), "boulder");
  for (int b = 1; b < nb; ++b) {
    geo.addShape(b, Transform(), ContactShape::ellipsoid(Vec3(0.1, 0.15, 0.3)));
    geo.addShape(b, Transform(Vec3(0, 0, 0.3)), ContactShape::sphere(0.08));
  }
  geo.addClique({1, 3});
  geo.excludePair(2, 5);
  std::mt19937 rng(1);
  std::uniform_real_distribution<Real> u(-1, 1);
  std::vector<Transform> X_GB(nb);
  auto shake = [&] {
    for (int b = 1; b < nb; ++b)
      X_GB[b] = Transform(Quaternion(Vec4(u(rng), u(rng), u(rng), u(rng) + 2)).toRotation(), Vec3(u(rng), u(rng), 0.3 * u(rng)));
  };
  for (int warm = 0; warm < 20; ++warm) {  // grow the buffers to the largest contact count seen
    shake();
    geo.findContacts(X_GB);
  }
  std::vector<std::vector<Transform>> poses;
  for (int k = 0; k < 5; ++k) {
    shake();
    poses.push_back(X_GB);
    geo.findContacts(X_GB);  // warm this exact pose
  }
  Counting counting;
  size_t total = 0;
  for (const auto& X : poses) total += geo.findContacts(X).size();
  EXPECT_EQ(counting.stop(), 0);
  EXPECT_GT(total, 0u);
}

}  // namespace
}  // namespace articula
