#include "JsonExcerpt.h"

#include <vector>

#include "JsonText.h"

namespace articula::model {

namespace {

using json = nlohmann::json;

// An open object or array and the next member to write.
struct Open {
  const json* container;
  json::const_iterator next;
  bool first;
};

// Scalars as dump() writes them; invalid UTF-8 in a string (only from a caller's own JSON,
// never from a parsed file) is replaced rather than thrown on.
void appendScalar(std::string& out, const json& v) { out += v.dump(-1, ' ', false, json::error_handler_t::replace); }

// Opens a container (pushed on `stack`) or writes a scalar.
void begin(std::string& out, std::vector<Open>& stack, const json& v) {
  if (!v.is_structured()) return appendScalar(out, v);
  out += v.is_object() ? '{' : '[';
  stack.push_back({&v, v.cbegin(), true});
}

// Cuts at most `maxBytes` bytes, backing off to the start of a UTF-8 character.
void cutAtCharacter(std::string& s, size_t maxBytes) {
  size_t end = maxBytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  s.resize(end);
}

}  // namespace

std::string jsonExcerpt(const json& value, size_t maxBytes) {
  std::string out;
  std::vector<Open> stack;
  begin(out, stack, value);
  while (!stack.empty() && out.size() <= maxBytes) {
    Open& top = stack.back();
    if (top.next == top.container->cend()) {
      out += top.container->is_object() ? '}' : ']';
      stack.pop_back();
      continue;
    }
    if (!top.first) out += ',';
    top.first = false;
    const auto member = top.next++;  // advanced before begin() may grow the stack
    if (top.container->is_object()) {
      appendJsonString(out, member.key());
      out += ':';
    }
    begin(out, stack, *member);
  }
  if (out.size() <= maxBytes) return out;
  cutAtCharacter(out, maxBytes - 3);
  return out + "...";
}

}  // namespace articula::model
