// A count with its noun in the right number, for messages: counted(1, "body", "bodies") is
// "1 body", counted(3, ...) "3 bodies", counted(0, ...) "0 bodies". Header-only and outside the
// layers (like Error.h), so that every layer's messages can use it.
#pragma once
#include <string>
#include <string_view>

namespace articula {

inline std::string counted(long long n, std::string_view one, std::string_view many) {
  return std::to_string(n) + ' ' + std::string(n == 1 || n == -1 ? one : many);
}

}  // namespace articula
