// FileOutput: a reused chunk buffer drained with write(2) (writeAll); read() pages the file back with pread.
#include "articula/files/TextOutput.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "articula/files/AtomicFile.h"

namespace articula::files {

FileOutput::FileOutput(int fd, std::string name) : fd_(fd), name_(std::move(name)) { buffer_.reserve(2 * kChunk); }

FileOutput::~FileOutput() {
  if (fd_ >= 0) ::close(fd_);
}

void FileOutput::drain() {
  writeAll(fd_, buffer_, name_);
  written_ += buffer_.size();
  buffer_.clear();  // keeps the capacity: the same pages carry every chunk
}

void FileOutput::read(const std::function<void(std::string_view)>& piece) {
  std::string chunk(kChunk, '\0');
  for (size_t at = 0; at < written_;) {
    const ssize_t n = ::pread(fd_, chunk.data(), std::min(chunk.size(), written_ - at), static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw OutputError("cannot read back '" + name_ + "': " + std::strerror(n < 0 ? errno : EIO));
    piece(std::string_view(chunk.data(), static_cast<size_t>(n)));
    at += static_cast<size_t>(n);
  }
  if (!buffer_.empty()) piece(buffer_);
}

}  // namespace articula::files
