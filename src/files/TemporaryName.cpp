// Temporary names with the owner's pid: a process that is gone (kill(pid, 0) fails with ESRCH)
// cannot finish what it started, so its temporaries are stale. A live pid (even another user's,
// EPERM) keeps them.
#include "articula/files/TemporaryName.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <random>

namespace articula::files {

namespace {

constexpr size_t kRandomDigits = 16;

bool processGone(long pid) { return pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH; }

bool isHex(std::string_view s) { return s.find_first_not_of("0123456789abcdef") == std::string_view::npos; }

}  // namespace

std::string temporaryName(const std::string& name, const char* kind) {
  std::random_device rd;
  const unsigned long long r = (static_cast<unsigned long long>(rd()) << 32) ^ rd();
  char random[kRandomDigits + 1];
  std::snprintf(random, sizeof random, "%016llx", r);
  return "." + name + "." + kind + "-" + std::to_string(::getpid()) + "-" + random;
}

bool isStaleTemporary(const std::string& entry, const std::string& name, const char* kind) {
  const std::string prefix = "." + name + "." + kind + "-";
  if (entry.size() <= prefix.size() || entry.compare(0, prefix.size(), prefix) != 0) return false;
  const std::string_view rest = std::string_view(entry).substr(prefix.size());  // <pid>-<random>
  const size_t dash = rest.find('-');
  if (dash == std::string_view::npos || rest.size() - dash - 1 != kRandomDigits || !isHex(rest.substr(dash + 1)))
    return false;
  long pid = 0;
  const auto [end, error] = std::from_chars(rest.data(), rest.data() + dash, pid);
  return error == std::errc() && end == rest.data() + dash && processGone(pid);
}

std::vector<std::filesystem::path> staleTemporaries(const std::filesystem::path& folder, const std::string& name,
                                                    const char* kind) {
  std::vector<std::filesystem::path> stale;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (isStaleTemporary(it->path().filename().string(), name, kind)) stale.push_back(it->path());
  return stale;
}

}  // namespace articula::files
