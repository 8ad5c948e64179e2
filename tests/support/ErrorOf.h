// errorOf(f): the message of the E that f throws, "" when it throws nothing (other exceptions
// pass through, so a test sees them as failures).
#pragma once
#include <exception>
#include <functional>
#include <string>

namespace articula::testing {

template <class E = std::exception>
std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

}  // namespace articula::testing
