// Text fields of the CSV files (names from the model file), safe for CSV readers and spreadsheets:
// RFC 4180 quoting (a field with a comma, a double quote or a line break is quoted, its quotes
// doubled) and OWASP's defence against CSV injection: a field a spreadsheet would take for a
// formula (starting with = + - @, a tab or a carriage return) is quoted with a single quote in
// front, which spreadsheets show as text. A field starting with ' gets one too, so a reader
// restores the name by dropping the first ' of every quoted field that starts with one
// (viewer/src/viewer/data.js).
#pragma once
#include <string>
#include <string_view>

namespace articula::run {

inline bool csvNeedsPrefix(std::string_view text) {
  return !text.empty() && std::string_view("=+-@\t\r'").find(text.front()) != std::string_view::npos;
}

inline bool csvNeedsQuotes(std::string_view text) {
  return csvNeedsPrefix(text) || text.find_first_of(",\"\n\r") != std::string_view::npos;
}

// Appends `text` as one field: quoted when it must be (or always, with `alwaysQuote`).
inline void appendCsvText(std::string& out, std::string_view text, bool alwaysQuote = false) {
  if (!alwaysQuote && !csvNeedsQuotes(text)) {
    out += text;
    return;
  }
  out += '"';
  if (csvNeedsPrefix(text)) out += '\'';
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

}  // namespace articula::run
