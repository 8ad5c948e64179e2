// Timing of one operation: repeated batches of thread CPU time, median per-call time, so that a
// noisy shared machine (other processes waking up) shifts the result as little as possible.
#pragma once
#include <functional>

namespace articula::bench {

struct TimingOptions {
  int batches = 21;             // odd, so the median is one sample
  double batchSeconds = 0.004;  // calls per batch are chosen to fill this
};

// CPU time of the calling thread, s (every engine here is single-threaded).
double threadCpuSeconds();

// Median over batches of (batch CPU time / calls per batch), in nanoseconds.
double medianNanoseconds(const std::function<void()>& body, const TimingOptions& options);

}  // namespace articula::bench
