#include "articula/run/ResidentMemory.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>

namespace articula::run {

int64_t residentSetBytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  long long size = 0, resident = 0;  // in pages
  const bool ok = std::fscanf(f, "%lld %lld", &size, &resident) == 2;
  std::fclose(f);
  return ok ? resident * static_cast<int64_t>(sysconf(_SC_PAGESIZE)) : 0;
}

int64_t peakResidentSetBytes() {
  rusage u{};
  if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
  return static_cast<int64_t>(u.ru_maxrss) * 1024;  // Linux reports kilobytes
}

}  // namespace articula::run
