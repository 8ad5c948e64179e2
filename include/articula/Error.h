// The one exception type of Articula. Messages name the object, the field and the value.
#pragma once
#include <stdexcept>
#include <string>

namespace articula {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace articula
