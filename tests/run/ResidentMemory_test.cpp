// residentSetBytes / peakResidentSetBytes: the process's RSS, checked against memory this test
// touches itself.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "articula/run/ResidentMemory.h"

using namespace articula::run;

TEST(ResidentMemory, GrowsByTheMemoryTouchedAndThePeakKeepsIt) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine change the resident set (make sanitize)";
#endif
  const int64_t before = residentSetBytes();
  ASSERT_GT(before, 0);
  constexpr size_t kSize = 64 << 20;
  {
    std::unique_ptr<char[]> block(new char[kSize]);
    std::memset(block.get(), 1, kSize);  // touched: every page is resident
    const int64_t during = residentSetBytes();
    EXPECT_GE(during - before, static_cast<int64_t>(kSize) * 9 / 10);
    EXPECT_LT(during - before, static_cast<int64_t>(kSize) * 3 / 2);
    volatile char keep = block[kSize / 2];
    (void)keep;
  }
  // Freed (a block this large is unmapped): the resident set shrinks, the peak does not (the kernel
  // updates the peak lazily, so it is read only now).
  EXPECT_LT(residentSetBytes(), before + static_cast<int64_t>(kSize) / 2);
  EXPECT_GE(peakResidentSetBytes(), before + static_cast<int64_t>(kSize) * 9 / 10);
}
