// The process's resident set size (RSS), for the run summary's memory figures and the soak that
// checks a long run's memory stays flat (make soak). Linux: /proc/self/statm and getrusage.
#pragma once
#include <cstdint>

namespace articula::run {

// Bytes of the process now in RAM; 0 where it cannot be read.
int64_t residentSetBytes();
// The largest resident set size the process has had so far; 0 where unknown.
int64_t peakResidentSetBytes();

}  // namespace articula::run
