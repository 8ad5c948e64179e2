// Singular and plural in messages (Counted.h).
#include "articula/files/Counted.h"

namespace articula::files {

std::string counted(long long n, std::string_view one, std::string_view many) {
  return std::to_string(n) + ' ' + std::string(n == 1 || n == -1 ? one : many);
}

}  // namespace articula::files
