// The one exception type of Articula. Messages name the object, the field and the value.
#pragma once
#include <sstream>
#include <stdexcept>
#include <string>

namespace articula {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// A number as error messages show it: `precision` significant digits, shortest form.
inline std::string formatValue(double value, int precision = 6) {
  std::ostringstream out;
  out.precision(precision);
  out << value;
  return out.str();
}

}  // namespace articula
