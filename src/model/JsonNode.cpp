#include "JsonNode.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>

#include "JsonExcerpt.h"

namespace articula::model {

namespace {
// JSON pointer escaping (RFC 6901) of one key.
std::string escapeKey(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

const char* typeName(const nlohmann::json& v) { return v.type_name(); }
}  // namespace

void JsonNode::fail(const std::string& problem) const { throw ModelError(file_, path_, text(), problem); }

std::string JsonNode::text() const { return jsonExcerpt(*v_, 60); }

void JsonNode::requireObject() const {
  if (!v_->is_object()) fail(std::string("expected an object, got ") + typeName(*v_));
}

JsonNode JsonNode::at(const std::string& key) const {
  requireObject();
  const auto it = v_->find(key);
  if (it == v_->end()) throw ModelError(file_, path_, "", "missing required field \"" + key + "\"");
  return JsonNode(*it, file_, path_ + "/" + escapeKey(key));
}

std::optional<JsonNode> JsonNode::get(const std::string& key) const {
  requireObject();
  const auto it = v_->find(key);
  if (it == v_->end() || it->is_null()) return std::nullopt;
  return JsonNode(*it, file_, path_ + "/" + escapeKey(key));
}

JsonNode JsonNode::operator[](size_t i) const { return JsonNode((*v_)[i], file_, path_ + "/" + std::to_string(i)); }

size_t JsonNode::size() const {
  if (!v_->is_array()) fail(std::string("expected an array, got ") + typeName(*v_));
  return v_->size();
}

std::vector<std::string> JsonNode::keys() const {
  requireObject();
  std::vector<std::string> k;
  for (auto it = v_->begin(); it != v_->end(); ++it) k.push_back(it.key());
  return k;
}

void JsonNode::allowOnly(std::initializer_list<const char*> allowed) const {
  requireObject();
  for (auto it = v_->begin(); it != v_->end(); ++it) {
    const bool ok = std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return it.key() == a; });
    if (!ok) {
      std::string list;
      for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      JsonNode(*it, file_, path_ + "/" + escapeKey(it.key()))
          .fail("unknown field \"" + it.key() + "\" (allowed: " + list + ")");
    }
  }
}

Real JsonNode::number() const {
  if (!v_->is_number()) fail(std::string("expected a number, got ") + typeName(*v_));
  const Real x = v_->get<Real>();
  if (!std::isfinite(x)) fail("must be finite");
  return x;
}

Real JsonNode::positive() const {
  const Real x = number();
  if (!(x > 0)) fail("must be positive");
  return x;
}

Real JsonNode::nonNegative() const {
  const Real x = number();
  if (x < 0) fail("must not be negative");
  return x;
}

int JsonNode::integer() const {
  if (!v_->is_number_integer()) fail(std::string("expected an integer, got ") + typeName(*v_));
  // Read in the widest type first: get<int>() would wrap 4294967297 to 1.
  const bool fits = v_->is_number_unsigned() ? v_->get<std::uint64_t>() <= std::uint64_t{INT_MAX}
                                             : v_->get<std::int64_t>() >= INT_MIN && v_->get<std::int64_t>() <= INT_MAX;
  if (!fits) fail("integer out of range (" + std::to_string(INT_MIN) + " to " + std::to_string(INT_MAX) + ")");
  return v_->get<int>();
}

bool JsonNode::boolean() const {
  if (!v_->is_boolean()) fail(std::string("expected true or false, got ") + typeName(*v_));
  return v_->get<bool>();
}

std::string JsonNode::string() const {
  if (!v_->is_string()) fail(std::string("expected a string, got ") + typeName(*v_));
  std::string s = v_->get<std::string>();
  if (s.empty()) fail("must not be empty");
  return s;
}

std::vector<Real> JsonNode::numbers(size_t minSize) const {
  const size_t n = size();
  if (n < minSize) fail("expected at least " + std::to_string(minSize) + " numbers, got " + std::to_string(n));
  std::vector<Real> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = (*this)[i].number();
  return out;
}

Vec3 JsonNode::vec3() const {
  const size_t n = size();
  if (n != 3) fail("expected 3 numbers, got " + std::to_string(n));
  return Vec3((*this)[0].number(), (*this)[1].number(), (*this)[2].number());
}

Mat33 JsonNode::mat33() const {
  if (size() != 3) fail("expected a 3x3 matrix (3 rows of 3 numbers)");
  Mat33 m;
  for (int r = 0; r < 3; ++r) m.row(r) = (*this)[r].vec3().transpose();
  return m;
}

}  // namespace articula::model
