#include "articula/files/FileInput.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>


namespace articula::files {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& problem) { throw InputFileError(path, problem); }

const char* kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a pipe (FIFO)";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Closes the descriptor on every way out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::uint64_t maxInputFileBytes() {
  const char* v = std::getenv("ARTICULA_MAX_FILE_MB");
  if (!v || !*v) return kDefaultMaxFileBytes;
  char* end = nullptr;
  errno = 0;
  const unsigned long long mb = std::strtoull(v, &end, 10);
  // A bad value must not silently lift or drop the limit.
  if (*end != '\0' || errno != 0 || mb == 0 || mb > (std::uint64_t{1} << 40) || v[0] == '-')
    throw Error("ARTICULA_MAX_FILE_MB = \"" + std::string(v) + "\": expected a positive whole number of MiB");
  return static_cast<std::uint64_t>(mb) << 20;
}

std::string readInputFile(const std::string& path, std::uint64_t maxBytes) {
  if (path.find('\0') != std::string::npos) fail(path, "the file name holds a NUL character");
  // O_NONBLOCK: opening a FIFO without a writer must not wait; the type is checked on the open file.
  Descriptor d{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (d.fd < 0) fail(path, std::string("cannot open the file: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(d.fd, &st) != 0) fail(path, std::string("cannot read the file: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) fail(path, std::string("is ") + kindOf(st.st_mode) + ", not a regular file");
  const auto tooLarge = [&](std::uint64_t size) {
    fail(path, "the file is larger than the limit of " + std::to_string(maxBytes >> 20) + " MiB (" +
                   std::to_string(size) + " bytes; raise it with ARTICULA_MAX_FILE_MB)");
  };
  if (static_cast<std::uint64_t>(st.st_size) > maxBytes) tooLarge(static_cast<std::uint64_t>(st.st_size));
  std::string bytes;
  bytes.resize(static_cast<size_t>(st.st_size));
  size_t have = 0;
  for (;;) {  // the file may grow or shrink while it is read: read to its end, within the limit
    if (have == bytes.size()) bytes.resize(std::min<std::uint64_t>(maxBytes + 1, std::max<size_t>(4096, 2 * have)));
    const ssize_t n = ::read(d.fd, bytes.data() + have, bytes.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(path, std::string("cannot read the file: ") + std::strerror(errno));
    if (n == 0) break;
    have += static_cast<size_t>(n);
    if (have > maxBytes) tooLarge(have);
  }
  bytes.resize(have);
  return bytes;
}

}  // namespace articula::files
