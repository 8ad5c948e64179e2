// scanJsonSource: one pass over text already known to be valid JSON.
#include "JsonSource.h"

#include <nlohmann/json.hpp>

#include "articula/Error.h"

namespace articula::model {

namespace {

class Scanner {
 public:
  explicit Scanner(std::string_view t) : t_(t) {}

  JsonSpan value() {
    skipSpace();
    JsonSpan s;
    s.begin = i_;
    if (peek() == '{') object(s);
    else if (peek() == '[') array(s);
    else if (peek() == '"') stringEnd();
    else
      while (i_ < t_.size() && std::string_view(",]} \t\r\n").find(t_[i_]) == std::string_view::npos) ++i_;
    s.end = i_;
    return s;
  }

  void finish() {
    skipSpace();
    if (i_ != t_.size()) throw Error("JSON source: text after the document");
  }

 private:
  char peek() const {
    if (i_ >= t_.size()) throw Error("JSON source: unexpected end");
    return t_[i_];
  }
  void skipSpace() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
  }
  void expect(char c) {
    skipSpace();
    if (peek() != c) throw Error(std::string("JSON source: expected '") + c + "'");
    ++i_;
  }
  void stringEnd() {
    ++i_;  // the opening quote
    while (peek() != '"') i_ += t_[i_] == '\\' ? 2 : 1;
    ++i_;
  }
  // The members or elements up to `close`, each read by `item`.
  template <class Item>
  void items(char close, Item item) {
    ++i_;
    skipSpace();
    if (peek() == close) {
      ++i_;
      return;
    }
    for (;;) {
      item();
      skipSpace();
      if (peek() == close) break;
      expect(',');
    }
    ++i_;
  }
  void object(JsonSpan& s) {
    s.kind = JsonSpan::Kind::Object;
    items('}', [&] {
      skipSpace();
      const size_t b = i_;
      stringEnd();
      s.keyBegin.push_back(b);
      s.keyEnd.push_back(i_);
      s.keys.push_back(nlohmann::json::parse(t_.substr(b, i_ - b)).get<std::string>());
      expect(':');
      s.children.push_back(value());
    });
  }
  void array(JsonSpan& s) {
    s.kind = JsonSpan::Kind::Array;
    items(']', [&] { s.children.push_back(value()); });
  }

  std::string_view t_;
  size_t i_ = 0;
};

}  // namespace

const JsonSpan* JsonSpan::member(const std::string& key) const {
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) return &children[i];
  return nullptr;
}

JsonSpan scanJsonSource(std::string_view text) {
  Scanner s(text);
  JsonSpan root = s.value();
  s.finish();
  return root;
}

}  // namespace articula::model
