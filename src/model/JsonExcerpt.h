// The start of a JSON value's text for error messages, at most about `maxBytes` long. Written
// without recursion (nlohmann's dump() recurses once per level, so a value nested 10^5 deep would
// overflow the stack) and cut only between UTF-8 characters, so the message stays valid text.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace articula::model {

std::string jsonExcerpt(const nlohmann::json& value, size_t maxBytes);

}  // namespace articula::model
