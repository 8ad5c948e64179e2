#include "JsonParse.h"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "articula/files/FileInput.h"
#include "articula/model/ModelError.h"

namespace articula::model {

namespace {

using json = nlohmann::json;

// RFC 6901 escaping of one key.
std::string pointerToken(const std::string& key) {
  std::string out;
  for (char c : key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  return out;
}

std::string lineAndColumn(const std::string& text, size_t byte) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// One open object or array while parsing.
struct Level {
  bool object = false;
  std::unordered_set<std::string> keys;  // objects: the keys seen
  std::string key;                       // objects: the current member
  size_t elements = 0;                   // arrays: elements started
};

// nlohmann's DOM builder with the checks above; on a refusal it records the problem and stops.
class StrictSax {
 public:
  explicit StrictSax(json& root) : dom_(root, true) {}

  bool null() { return value() && dom_.null(); }
  bool boolean(bool v) { return value() && dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return value() && dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return value() && dom_.number_unsigned(v); }
  bool number_float(json::number_float_t v, const std::string& s) { return value() && dom_.number_float(v, s); }
  bool string(std::string& v) { return noNul(v, "a string") && value() && dom_.string(v); }
  bool binary(json::binary_t& v) { return value() && dom_.binary(v); }
  bool start_object(size_t n) { return open(true) && dom_.start_object(n); }
  bool end_object() { return close() && dom_.end_object(); }
  bool start_array(size_t n) { return open(false) && dom_.start_array(n); }
  bool end_array() { return close() && dom_.end_array(); }
  bool key(std::string& k) {
    if (!noNul(k, "a key")) return false;  // before it becomes part of the path in the message
    Level& top = levels_.back();
    top.key = k;
    if (!top.keys.insert(k).second)
      return refuse("duplicate key \"" + k + "\" (a later value would silently replace the first)");
    return dom_.key(k);
  }
  template <class Exception>
  bool parse_error(size_t byte, const std::string& token, const Exception& e) {
    byte_ = byte;
    const std::string what = e.what();
    const size_t dash = what.find(" - ");  // nlohmann's reason follows its own location
    if (e.id == 406) problem_ = "number " + token + " is out of range";
    else problem_ = dash == std::string::npos ? "syntax error" : what.substr(dash + 3);
    syntax_ = true;
    return false;
  }

  bool failed() const { return !problem_.empty(); }
  bool syntaxError() const { return syntax_; }
  size_t byte() const { return byte_; }
  const std::string& problem() const { return problem_; }
  // The JSON pointer of the value being read when parsing stopped.
  std::string path() const {
    std::string p;
    for (size_t i = 0; i < levels_.size(); ++i) {
      const Level& l = levels_[i];
      if (l.object) p += "/" + pointerToken(l.key);
      else if (l.elements > 0 || i + 1 == levels_.size())
        p += "/" + std::to_string(l.elements - (i + 1 < levels_.size()));
    }
    return p;
  }

 private:
  bool value() {
    if (!levels_.empty() && !levels_.back().object) ++levels_.back().elements;
    return true;
  }
  // Refusals come before value() counts the element, so the path names it.
  bool open(bool object) {
    if (levels_.size() >= kMaxJsonDepth)
      return refuse("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels (the limit of model files)");
    value();
    levels_.push_back(Level{object, {}, {}, 0});
    return true;
  }
  bool close() {
    levels_.pop_back();
    return true;
  }
  bool noNul(const std::string& s, const char* what) {
    return s.find('\0') == std::string::npos || refuse(std::string(what) + " must not hold a NUL character (\\u0000)");
  }
  bool refuse(std::string problem) {
    problem_ = std::move(problem);
    return false;
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  std::vector<Level> levels_;
  std::string problem_;
  size_t byte_ = 0;
  bool syntax_ = false;
};

// A path of a deeply nested value is shortened to its start and end.
// Cut between whole tokens where the ends hold a '/', else between UTF-8 characters (a long key).
std::string shortPath(const std::string& p) {
  if (p.size() <= 120) return p;
  const auto isContinuation = [&](size_t i) { return (static_cast<unsigned char>(p[i]) & 0xC0) == 0x80; };
  size_t head = p.rfind('/', 60), tail = p.find('/', p.size() - 40);
  if (head == std::string::npos || head == 0)
    for (head = 60; isContinuation(head); --head) {
    }
  if (tail == std::string::npos)
    for (tail = p.size() - 40; isContinuation(tail); ++tail) {
    }
  return p.substr(0, head) + "/..." + p.substr(tail);
}

}  // namespace

json parseJsonText(const std::string& text, const std::string& file) {
  if (const size_t nul = text.find('\0'); nul != std::string::npos)
    throw ModelError(file, "", "", "not valid JSON at " + lineAndColumn(text, nul + 1) + ": a NUL byte in the file");
  json root;
  StrictSax sax(root);
  json::sax_parse(text, &sax, json::input_format_t::json, true, false);
  if (!sax.failed()) return root;
  if (sax.syntaxError())
    throw ModelError(file, shortPath(sax.path()), "",
                     "not valid JSON at " + lineAndColumn(text, sax.byte()) + ": " + sax.problem());
  throw ModelError(file, shortPath(sax.path()), "", sax.problem());
}

json readJsonFile(const std::string& file) { return parseJsonText(readJsonFileText(file), file); }

std::string readJsonFileText(const std::string& file) {
  try {
    return files::readInputFile(file);
  } catch (const files::InputFileError& e) {
    throw ModelError(file, "", "", e.problem());
  } catch (const Error& e) {  // a bad ARTICULA_MAX_FILE_MB
    throw ModelError(file, "", "", e.what());
  }
}

}  // namespace articula::model
