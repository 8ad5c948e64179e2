// AtomicFile: O_CREAT|O_EXCL|O_NOFOLLOW on a random name, so a file or symlink planted by someone
// else is never opened, and rename(2), which replaces the target's directory entry (a symlink
// there is replaced, not followed).
#include "articula/files/AtomicFile.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "articula/files/TemporaryName.h"

namespace articula::files {

namespace fs = std::filesystem;

namespace {

std::string reason(int error) { return std::strerror(error); }

// The test hook of writeAll: how many bytes may still be written before the "disk" is full.
std::atomic<long long>* spaceLeft() {
  static std::atomic<long long> left = [] {
    const char* v = std::getenv("ARTICULA_TEST_ENOSPC_AFTER");
    return v && *v ? std::atoll(v) : -1LL;  // -1: no limit
  }();
  return &left;
}

// Bytes of `wanted` that fit before the simulated full disk (all of them without the hook).
size_t allowedBytes(size_t wanted) {
  std::atomic<long long>& left = *spaceLeft();
  long long now = left.load();
  if (now < 0) return wanted;
  long long take;
  do take = std::min<long long>(now, static_cast<long long>(wanted));
  while (!left.compare_exchange_weak(now, now - take));
  return static_cast<size_t>(take);
}

// Temporary files of `target` left by killed writers (only regular files: ours never are anything else).
void removeStaleTemporaries(const fs::path& target) {
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  for (const fs::path& stale : staleTemporaries(folder, target.filename().string())) {
    std::error_code ec;
    if (fs::symlink_status(stale, ec).type() == fs::file_type::regular) fs::remove(stale, ec);
  }
}

}  // namespace

void writeAll(int fd, std::string_view text, const std::string& name) {
  while (!text.empty()) {
    const size_t allowed = allowedBytes(text.size());
    const ssize_t n = allowed == 0 ? (errno = ENOSPC, -1) : ::write(fd, text.data(), allowed);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw OutputError("cannot write '" + name + "': " + reason(n < 0 ? errno : ENOSPC));
    text.remove_prefix(static_cast<size_t>(n));
  }
}

AtomicFile::AtomicFile(fs::path target) : target_(std::move(target)) {
  if (!target_.has_filename()) throw OutputError("cannot write '" + target_.string() + "': not a file name");
  removeStaleTemporaries(target_);
  const fs::path folder = target_.parent_path();
  for (int attempt = 0; fd_ < 0; ++attempt) {
    temp_ = folder / temporaryName(target_.filename().string());
    fd_ = ::open(temp_.c_str(), O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0666);
    if (fd_ < 0 && (errno != EEXIST || attempt == 100))
      throw OutputError("cannot write '" + target_.string() + "': cannot create a temporary file in '" +
                        (folder.empty() ? std::string(".") : folder.string()) + "': " + reason(errno));
  }
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(temp_.c_str());
}

void AtomicFile::write(std::string_view text) { writeAll(fd_, text, target_.string()); }

void AtomicFile::commit() {
  if (::fsync(fd_) != 0) throw OutputError("cannot write '" + target_.string() + "': " + reason(errno));
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) throw OutputError("cannot write '" + target_.string() + "': " + reason(errno));
  if (::rename(temp_.c_str(), target_.c_str()) != 0)
    throw OutputError("cannot write '" + target_.string() + "': " + reason(errno));
  committed_ = true;
  syncFolder(target_.parent_path().empty() ? fs::path(".") : target_.parent_path());
}

void syncFolder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // what was renamed is in place; only its durability is not forced
  ::fsync(fd);
  ::close(fd);
}

void writeFileAtomically(const fs::path& target, std::string_view text) {
  AtomicFile file(target);
  file.write(text);
  file.commit();
}

}  // namespace articula::files
