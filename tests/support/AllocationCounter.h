// Counting heap allocations in tests of hot paths (DESIGN.md §3: no allocation after warm-up).
//
// AllocationCounter.cpp replaces the global operator new/delete family and interposes glibc's
// malloc family (Eigen's dynamic matrices call malloc directly); both forward to __libc_malloc and
// friends and count only while a thread_local flag is set, so other tests in the same program are
// unaffected. A test program gets the replacements by using AllocationCounter (that pulls the
// object file out of the support library). Under AddressSanitizer or ThreadSanitizer, which own
// the allocator (TSan's start-up called the replaced malloc before it was ready, and crashed), or
// without glibc, nothing is replaced and kAllocationCountingAvailable is false: skip the test.
#pragma once
#include <functional>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ARTICULA_COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ARTICULA_COUNT_ALLOCATIONS 0
#endif
#endif
#if !defined(ARTICULA_COUNT_ALLOCATIONS) && defined(__GLIBC__)
#define ARTICULA_COUNT_ALLOCATIONS 1
#endif
#ifndef ARTICULA_COUNT_ALLOCATIONS
#define ARTICULA_COUNT_ALLOCATIONS 0
#endif

namespace articula::testing {

inline constexpr bool kAllocationCountingAvailable = ARTICULA_COUNT_ALLOCATIONS != 0;

// Counts this thread's allocations from construction until stop() or destruction.
class AllocationCounter {
 public:
  AllocationCounter();
  ~AllocationCounter();
  AllocationCounter(const AllocationCounter&) = delete;
  AllocationCounter& operator=(const AllocationCounter&) = delete;
  void stop();
  long newCalls() const;     // operator new family
  long mallocCalls() const;  // malloc family (includes Eigen's heap matrices)
  long total() const { return newCalls() + mallocCalls(); }
};

// Allocations made by `work` on this thread.
long allocationsDuring(const std::function<void()>& work);

}  // namespace articula::testing

#define SKIP_IF_NOT_COUNTING_ALLOCATIONS()                \
  if (!::articula::testing::kAllocationCountingAvailable) \
  GTEST_SKIP() << "allocation counting needs glibc and no AddressSanitizer"
