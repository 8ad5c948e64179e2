// Argument checks shared by the function library (private to src/math).
#pragma once
#include <span>
#include <sstream>

#include "articula/Error.h"
#include "articula/math/Types.h"

namespace articula::detail {

// Cheap enough for hot paths: a size compare and a range compare per derivative component.
inline void checkFunctionArgs(const char* what, int argumentSize, std::span<const Real> x,
                              std::span<const int> derivComponents = {}) {
  if (static_cast<int>(x.size()) != argumentSize) {
    std::ostringstream msg;
    msg << what << ": expected " << argumentSize << " argument(s), got " << x.size();
    throw Error(msg.str());
  }
  for (int c : derivComponents) {
    if (c < 0 || c >= argumentSize) {
      std::ostringstream msg;
      msg << what << ": derivative component " << c << " out of range [0, " << argumentSize << ")";
      throw Error(msg.str());
    }
  }
}

}  // namespace articula::detail
