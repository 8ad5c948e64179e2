// TextOutput: where the run's writers put text. Writers append to text() and call maybeFlush();
// a FileOutput then hands full chunks to the kernel, so a 10 MB file never sits in memory and
// the buffer's pages are reused (growing whole-file strings cost more in page faults than the
// formatting did). StringOutput keeps everything, for tests and small in-memory uses.
#pragma once
#include <functional>
#include <string>
#include <string_view>

#include "articula/Error.h"

namespace articula::files {

// An output file could not be written (exit code 1), as opposed to a simulation failure.
class OutputError : public Error {
 public:
  using Error::Error;
};

// Visits a text in pieces, in order.
using TextSource = std::function<void(const std::function<void(std::string_view)>& piece)>;

class TextOutput {
 public:
  static constexpr size_t kChunk = 256 * 1024;
  virtual ~TextOutput() = default;
  std::string& text() { return buffer_; }
  void append(std::string_view s) {
    buffer_.append(s);
    maybeFlush();
  }
  void maybeFlush() {
    if (buffer_.size() >= kChunk) drain();
  }
  // Everything appended so far, in pieces (the written part first).
  virtual void read(const std::function<void(std::string_view)>& piece) = 0;
  virtual void finish() { drain(); }

 protected:
  virtual void drain() = 0;
  std::string buffer_;
};

class StringOutput : public TextOutput {
 public:
  void read(const std::function<void(std::string_view)>& piece) override { piece(buffer_); }

 protected:
  void drain() override {}
};

// Writes to an open file descriptor it owns (closed by the destructor); `name` is for errors.
class FileOutput : public TextOutput {
 public:
  FileOutput(int fd, std::string name);
  ~FileOutput() override;
  FileOutput(const FileOutput&) = delete;
  FileOutput& operator=(const FileOutput&) = delete;
  void read(const std::function<void(std::string_view)>& piece) override;
  int fd() const { return fd_; }
  const std::string& name() const { return name_; }

 protected:
  void drain() override;

 private:
  int fd_;
  std::string name_;
  size_t written_ = 0;
};

}  // namespace articula::files
