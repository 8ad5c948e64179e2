// Lines, fields and numbers of the tab-separated data files (StorageTable.cpp, MarkerTrajectories.cpp).
#pragma once
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

namespace articula::files::text {

// The lines of a text, numbered from 1; "\n" or "\r\n" ends a line.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    line = text_.substr(pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  int number() const { return number_; }  // of the line last returned

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int number_ = 0;
};

inline bool isBlank(char c) { return c == ' ' || c == '\t'; }

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && isBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
  return s;
}

// Every tab-separated field, empty ones kept (an empty cell is a missing value in a .trc file).
inline std::vector<std::string_view> splitTabs(std::string_view s) {
  std::vector<std::string_view> fields;
  for (size_t start = 0;;) {
    const size_t tab = s.find('\t', start);
    fields.push_back(s.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return fields;
    start = tab + 1;
  }
}

// The words between runs of spaces and tabs.
inline std::vector<std::string_view> splitWords(std::string_view s) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && isBlank(s[i])) ++i;
    const size_t start = i;
    while (i < s.size() && !isBlank(s[i])) ++i;
    if (i > start) words.push_back(s.substr(start, i - start));
  }
  return words;
}

// The whole of `s` as a number ("1.5", "-2e-3", "+4", "nan", "inf"); false when it is not one.
inline bool parseNumber(std::string_view s, double& value) {
  if (s.size() > 1 && s[0] == '+' && s[1] != '-') s.remove_prefix(1);
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && end == s.data() + s.size();
}

// The whole of `s` as a count (digits only, below 2^31).
inline bool parseCount(std::string_view s, long& value) {
  if (s.empty() || s.size() > 10) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && end == s.data() + s.size() && value >= 0 && value < (1L << 31);
}

// `s` quoted for an error message, cut to 60 characters.
inline std::string inQuotes(std::string_view s) {
  std::string q(1, '\'');  // built by appends: GCC 12's -Wrestrict misfires on "'" + std::string
  q.append(s.substr(0, 60));
  q.append(s.size() > 60 ? "…'" : "'");
  return q;
}

}  // namespace articula::files::text
