// A count with its noun in the right number, for messages: counted(1, "body", "bodies") is
// "1 body", counted(3, ...) "3 bodies", counted(0, ...) "0 bodies".
#pragma once
#include <string>
#include <string_view>

namespace articula::files {

std::string counted(long long n, std::string_view one, std::string_view many);

}  // namespace articula::files
