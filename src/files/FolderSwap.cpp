// swapIntoPlace through the raw renameat2 system call: glibc's wrapper is recent, and the kernel
// (3.15+) and file system decide whether RENAME_EXCHANGE works anyway.
#include "articula/files/FolderSwap.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "articula/files/TemporaryName.h"
#include "articula/files/TextOutput.h"

namespace articula::files {

namespace fs = std::filesystem;

namespace {

OutputError renameError(const fs::path& from, const fs::path& to, int error) {
  return OutputError("cannot rename '" + from.string() + "' to '" + to.string() + "': " + std::strerror(error));
}

// 0, or the errno of the exchange.
int exchangePaths(const fs::path& a, const fs::path& b) {
#ifdef SYS_renameat2
  if (::syscall(SYS_renameat2, AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0) return 0;
  return errno;
#else
  return ENOSYS;
#endif
}

fs::path renameAsideThenIntoPlace(const fs::path& fresh, const fs::path& target) {
  const fs::path aside = target.parent_path() / temporaryName(target.filename().string(), "old");
  if (::rename(target.c_str(), aside.c_str()) != 0) throw renameError(target, aside, errno);
  if (::rename(fresh.c_str(), target.c_str()) != 0) {
    const int error = errno;
    ::rename(aside.c_str(), target.c_str());  // put the old folder back
    throw renameError(fresh, target, error);
  }
  return aside;
}

}  // namespace

fs::path swapIntoPlace(const fs::path& fresh, const fs::path& target, bool exchange) {
  struct stat st;
  if (::lstat(target.c_str(), &st) != 0) {
    if (errno != ENOENT) throw renameError(fresh, target, errno);
    if (::rename(fresh.c_str(), target.c_str()) != 0) throw renameError(fresh, target, errno);
    return {};
  }
  if (!S_ISDIR(st.st_mode)) throw OutputError("'" + target.string() + "' exists and is not a folder: not replacing it");
  const int error = exchange ? exchangePaths(fresh, target) : ENOSYS;
  if (error == 0) return fresh;
  if (error != EINVAL && error != ENOSYS) throw renameError(fresh, target, error);
  return renameAsideThenIntoPlace(fresh, target);
}

void cleanStaleSwaps(const fs::path& target, const std::function<void(const fs::path&)>& remove) {
  for (const char* kind : {"old", "tmp"}) {
    for (const fs::path& stale : staleTemporaries(target.parent_path(), target.filename().string(), kind)) {
      struct stat st;
      if (::lstat(stale.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
      const bool putBack = std::string_view(kind) == "old" && ::lstat(target.c_str(), &st) != 0 && errno == ENOENT &&
                           ::rename(stale.c_str(), target.c_str()) == 0;
      if (!putBack) remove(stale);
    }
  }
}

}  // namespace articula::files
