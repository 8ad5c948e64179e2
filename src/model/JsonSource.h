// The layout of JSON text: where each value, key and member starts and ends, so that a writer can
// copy the unchanged parts of a file byte for byte (FormPreservingWriter.h). The text must already
// be valid JSON (parseJsonText checked it); this only locates.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace articula::model {

struct JsonSpan {
  enum class Kind { Object, Array, Scalar };
  Kind kind = Kind::Scalar;
  size_t begin = 0, end = 0;  // the value's bytes [begin, end)
  // Objects: each member's decoded key and where its quoted key starts and ends; children are the
  // members' values (objects) or the elements (arrays), in document order.
  std::vector<std::string> keys;
  std::vector<size_t> keyBegin, keyEnd;
  std::vector<JsonSpan> children;

  // Where child i's text starts: its key for an object member, the value for an array element.
  size_t childStart(size_t i) const { return kind == Kind::Object ? keyBegin[i] : children[i].begin; }
  const JsonSpan* member(const std::string& key) const;  // nullptr when absent
};

JsonSpan scanJsonSource(std::string_view text);

}  // namespace articula::model
