#include "timing.h"

#include <algorithm>
#include <ctime>
#include <vector>

namespace articula::bench {

// CPU time of this thread, not wall time: on a shared machine a preempted batch would otherwise
// count other processes' work. Every engine here is single-threaded.
double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

namespace {

double secondsFor(const std::function<void()>& body, long calls) {
  const double t0 = threadCpuSeconds();
  for (long i = 0; i < calls; ++i) body();
  return threadCpuSeconds() - t0;
}
}  // namespace

double medianNanoseconds(const std::function<void()>& body, const TimingOptions& options) {
  // Warm-up: first calls fill caches and may size workspaces.
  secondsFor(body, 2);
  long calls = 1;
  for (double t = secondsFor(body, calls); t < options.batchSeconds; t = secondsFor(body, calls)) {
    // Grow towards the target in one or two steps without overshooting wildly.
    const double factor = t > 0 ? std::min(10.0, 1.2 * options.batchSeconds / t) : 10.0;
    calls = std::max(calls + 1, static_cast<long>(calls * factor));
  }
  std::vector<double> perCall;
  for (int b = 0; b < options.batches; ++b) perCall.push_back(secondsFor(body, calls) / calls * 1e9);
  std::nth_element(perCall.begin(), perCall.begin() + perCall.size() / 2, perCall.end());
  return perCall[perCall.size() / 2];
}

}  // namespace articula::bench
