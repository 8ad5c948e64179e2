// clearUpperVectorState leaves the AVX upper state unused: XINUSE (xgetbv with ecx = 1, bit 2)
// reports it, where the processor supports that query (elsewhere the function does nothing).
#include "articula/math/UpperVectorState.h"

#include <gtest/gtest.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif

namespace articula {
namespace {

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX__)
// CPUID.(EAX=0DH, ECX=1):EAX bit 2: xgetbv accepts ecx = 1.
bool canQueryInUse() {
  unsigned a, b, c, d;
  if (!__builtin_cpu_supports("avx") || !__get_cpuid_count(0xd, 1, &a, &b, &c, &d)) return false;
  return (a & 4) != 0;
}

bool upperStateInUse() {
  unsigned lo, hi;
  asm volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
  return (lo & 4) != 0;  // bit 2: the AVX (upper halves) state component
}

TEST(UpperVectorState, ClearsWhatAnAvxInstructionLeftInUse) {
  if (!canQueryInUse()) GTEST_SKIP() << "this processor cannot report the AVX state in use";
  asm volatile("vpcmpeqd %%ymm15, %%ymm15, %%ymm15" ::: "xmm15");  // all ones in ymm15: in use
  ASSERT_TRUE(upperStateInUse());
  clearUpperVectorState();
  EXPECT_FALSE(upperStateInUse());
}
#endif

}  // namespace
}  // namespace articula
