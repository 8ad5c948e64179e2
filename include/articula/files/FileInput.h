// Reading a whole input file safely: only regular files (a FIFO would block, a device such as
// /dev/zero would never end), never more than a size limit, and never blocking on open.
#pragma once
#include <cstdint>
#include <string>

#include "articula/Error.h"

namespace articula::files {

// "'PATH': problem"; problem() is the part after the path, for messages that name the file themselves.
class InputFileError : public Error {
 public:
  InputFileError(const std::string& path, const std::string& problem)
      : Error("'" + path + "': " + problem), problem_(problem) {}
  const std::string& problem() const { return problem_; }

 private:
  std::string problem_;
};

// Default limit on one input file: 256 MiB. The environment variable ARTICULA_MAX_FILE_MB
// replaces it (a positive whole number of MiB); docs/cli.md, "Limits".
constexpr std::uint64_t kDefaultMaxFileBytes = std::uint64_t{256} << 20;
std::uint64_t maxInputFileBytes();

// The file's bytes. Throws InputFileError naming the file when it is missing, not a regular file
// (directory, FIFO, device, socket), larger than `maxBytes`, or cannot be read.
std::string readInputFile(const std::string& path, std::uint64_t maxBytes = maxInputFileBytes());

}  // namespace articula::files
