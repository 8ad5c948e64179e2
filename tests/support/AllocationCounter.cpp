// The replacements behind AllocationCounter.h (see there for how and why).
#include "support/AllocationCounter.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace {
// Constant-initialized, so reading them inside malloc never itself allocates.
thread_local bool t_counting = false;
std::atomic<long> g_newCalls{0}, g_mallocCalls{0};
}  // namespace

#if ARTICULA_COUNT_ALLOCATIONS
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

void* malloc(std::size_t n) {
  if (t_counting) ++g_mallocCalls;
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t size) {
  if (t_counting) ++g_mallocCalls;
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t n) {
  if (t_counting) ++g_mallocCalls;
  return __libc_realloc(p, n);
}
void* memalign(std::size_t alignment, std::size_t n) {
  if (t_counting) ++g_mallocCalls;
  return __libc_memalign(alignment, n);
}
void* aligned_alloc(std::size_t alignment, std::size_t n) {
  if (t_counting) ++g_mallocCalls;
  return __libc_memalign(alignment, n);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t n) {
  if (t_counting) ++g_mallocCalls;
  void* p = __libc_memalign(alignment, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
void free(void* p) { __libc_free(p); }
}  // extern "C"

namespace {
void* countedNew(std::size_t n, std::size_t alignment = 0) {
  if (t_counting) ++g_newCalls;
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
  try {
    return countedNew(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return countedNew(n);
  } catch (...) {
    return nullptr;
  }
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

namespace articula::testing {

AllocationCounter::AllocationCounter() {
  g_newCalls = 0;
  g_mallocCalls = 0;
  t_counting = true;
}
AllocationCounter::~AllocationCounter() { t_counting = false; }
void AllocationCounter::stop() { t_counting = false; }
long AllocationCounter::newCalls() const { return g_newCalls; }
long AllocationCounter::mallocCalls() const { return g_mallocCalls; }

long allocationsDuring(const std::function<void()>& work) {
  AllocationCounter counter;
  work();
  counter.stop();
  return counter.total();
}

}  // namespace articula::testing
