// JsonNode: a read-only view of one value in a parsed JSON document that knows its JSON pointer
// and file, so every check can throw a ModelError naming file, path, value and problem.
#pragma once
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "articula/math/Types.h"
#include "articula/model/ModelError.h"

namespace articula::model {

class JsonNode {
 public:
  JsonNode(const nlohmann::json& value, std::string file, std::string path = "")
      : v_(&value), file_(std::move(file)), path_(std::move(path)) {}

  const nlohmann::json& json() const { return *v_; }
  const std::string& path() const { return path_; }
  const std::string& file() const { return file_; }
  [[noreturn]] void fail(const std::string& problem) const;

  bool isObject() const { return v_->is_object(); }
  bool isArray() const { return v_->is_array(); }
  bool isString() const { return v_->is_string(); }
  bool isNumber() const { return v_->is_number(); }
  bool has(const std::string& key) const { return v_->is_object() && v_->contains(key); }
  // Object member (required / optional) and array element.
  JsonNode at(const std::string& key) const;
  std::optional<JsonNode> get(const std::string& key) const;
  JsonNode operator[](size_t i) const;
  size_t size() const;                    // of an array (fails otherwise)
  std::vector<std::string> keys() const;  // of an object, in document order
  // Fails on any member not listed (typos are errors, not silently ignored).
  void allowOnly(std::initializer_list<const char*> keys) const;
  void requireObject() const;

  Real number() const;       // finite
  Real positive() const;     // > 0
  Real nonNegative() const;  // >= 0
  int integer() const;
  bool boolean() const;
  std::string string() const;                           // non-empty
  std::vector<Real> numbers(size_t minSize = 0) const;  // array of finite numbers
  Vec3 vec3() const;
  Mat33 mat33() const;       // 3 rows of 3
  std::string text() const;  // the value as JSON, shortened for messages (JsonExcerpt.h)

 private:
  const nlohmann::json* v_;
  std::string file_, path_;
};

}  // namespace articula::model
