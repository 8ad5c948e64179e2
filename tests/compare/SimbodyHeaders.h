// Includes Simbody 3.7 in a C++20 translation unit. Its index types (MobilizedBodyIndex, ...)
// compare through a member operator==(int) plus a conversion to int; C++20's reversed candidates
// make `index == index` ambiguous in a few inline functions of its headers. An exact-match
// comparison for those types, declared before the headers, is a better candidate than either and
// resolves them. Include this instead of <Simbody.h> everywhere in tests/compare.
#pragma once

namespace SimTK {
template <class T>
requires requires(const T& t) {
  t.isValidExtended();
  static_cast<int>(t);
}
bool operator==(const T& a, const T& b) { return static_cast<int>(a) == static_cast<int>(b); }
}  // namespace SimTK

#include <Simbody.h>
