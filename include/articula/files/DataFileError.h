// The error of the data-file readers (.sto / .mot, .trc): "'PATH', line N: problem", the problem
// quoting the value that was refused. Line 0 means the file as a whole.
#pragma once
#include <string>

#include "articula/Error.h"

namespace articula::files {

class DataFileError : public Error {
 public:
  DataFileError(const std::string& path, int line, const std::string& problem)
      : Error("'" + path + "'" + (line > 0 ? ", line " + std::to_string(line) : std::string()) + ": " + problem),
        line_(line) {}
  int line() const { return line_; }

 private:
  int line_;
};

}  // namespace articula::files
