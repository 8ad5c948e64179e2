// OpenSim's storage files, .sto and .mot (StorageTable.h).
#include "articula/files/StorageTable.h"

#include <algorithm>
#include <charconv>

#include "TextFields.h"
#include "articula/files/AtomicFile.h"
#include "articula/files/FileInput.h"

namespace articula::files {

namespace {

using namespace text;

// A count the header states ("nRows=73", "datacolumns 19"), checked against the data.
struct StatedCount {
  std::string key;
  long value = 0;
  int line = 0;
  std::string text() const { return key + (key.starts_with("data") ? " " : "=") + std::to_string(value); }
};

class StorageParser {
 public:
  StorageParser(std::string_view text, const std::string& path) : lines_(text), size_(text.size()), path_(path) {}

  StorageTable parse() {
    readHeader();
    readLabels();
    readRows();
    for (const StatedCount& c : rowCounts_)
      if (static_cast<size_t>(c.value) != table_.rows())
        fail(c.line, c.text() + ", but the file has " + std::to_string(table_.rows()) + " data rows");
    return std::move(table_);
  }

 private:
  [[noreturn]] void fail(int line, const std::string& problem) const { throw DataFileError(path_, line, problem); }

  void readHeader() {
    std::string_view line;
    if (!lines_.next(line)) fail(0, "the file is empty (a storage file starts with its name, then a header)");
    std::string_view name = trim(line);
    if (name.starts_with("name ") || name.starts_with("name\t")) name = trim(name.substr(5));  // SIMM's header
    table_.name = name;
    while (lines_.next(line)) {
      const std::string_view t = trim(line);
      if (t == "endheader") return;
      if (!headerKey(t)) table_.header.emplace_back(trimEnd(line));
    }
    fail(lines_.number(), "the header has no 'endheader' line");
  }

  static std::string_view trimEnd(std::string_view s) {
    while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
    return s;
  }

  long count(std::string_view key, std::string_view value) const {
    long n = 0;
    if (!parseCount(value, n))
      fail(lines_.number(), std::string(key) + " = " + inQuotes(value) + " is not a count (a whole number ≥ 0)");
    return n;
  }

  // Reads a header line that is a key this reader knows; false for free text and other keys.
  bool headerKey(std::string_view t) {
    const int line = lines_.number();
    const size_t eq = t.find('=');
    if (eq != std::string_view::npos) {
      const std::string_view key = trim(t.substr(0, eq)), value = trim(t.substr(eq + 1));
      if (key == "version") {
        count(key, value);
      } else if (key == "nRows" || key == "nColumns") {
        (key == "nRows" ? rowCounts_ : columnCounts_).push_back({std::string(key), count(key, value), line});
      } else if (key == "inDegrees") {
        if (value != "yes" && value != "no") fail(line, "inDegrees = " + inQuotes(value) + ": expected yes or no");
        table_.inDegrees = value == "yes";
      } else if (key == "DataType") {
        if (value != "double")
          fail(line, "DataType = " + inQuotes(value) + ": only tables of numbers (double) are read");
      } else {
        return false;
      }
      return true;
    }
    const auto words = splitWords(t);
    if (words.size() != 2 || (words[0] != "datarows" && words[0] != "datacolumns")) return false;
    (words[0] == "datarows" ? rowCounts_ : columnCounts_)
        .push_back({std::string(words[0]), count(words[0], words[1]), line});
    return true;
  }

  void readLabels() {
    std::string_view line;
    do {
      if (!lines_.next(line)) fail(lines_.number(), "no row of column labels after 'endheader'");
    } while (trim(line).empty());
    labelLine_ = lines_.number();
    if (line.find('\t') == std::string_view::npos) {
      for (std::string_view w : splitWords(line)) table_.labels.emplace_back(w);
    } else {
      auto fields = splitTabs(line);
      while (trim(fields.back()).empty()) fields.pop_back();  // trailing tabs
      for (size_t k = 0; k < fields.size(); ++k) {
        const std::string_view label = trim(fields[k]);
        if (label.empty()) fail(labelLine_, "column " + std::to_string(k + 1) + " has no label (two tabs in a row)");
        table_.labels.emplace_back(label);
      }
    }
    for (const StatedCount& c : columnCounts_)
      if (static_cast<size_t>(c.value) != table_.columns())
        fail(c.line, c.text() + ", but the label row (line " + std::to_string(labelLine_) + ") has " +
                         std::to_string(table_.columns()) + " labels");
  }

  void readRows() {
    const size_t columns = table_.columns();
    if (!rowCounts_.empty())  // never more than the text could hold, whatever the header says
      table_.values.reserve(std::min(static_cast<size_t>(rowCounts_.front().value) * columns, size_ / 2));
    std::string_view line;
    while (lines_.next(line)) {
      const auto words = splitWords(line);
      if (words.empty()) continue;
      if (words.size() != columns)
        fail(lines_.number(), "the row has " + std::to_string(words.size()) + " values, but the labels (line " +
                                  std::to_string(labelLine_) + ") name " + std::to_string(columns) + " columns");
      for (size_t k = 0; k < columns; ++k) {
        double v = 0;
        if (!parseNumber(words[k], v))
          fail(lines_.number(), "value " + inQuotes(words[k]) + " in column " + std::to_string(k + 1) + " (" +
                                    inQuotes(table_.labels[k]) + ") is not a number");
        table_.values.push_back(v);
      }
    }
  }

  Lines lines_;
  size_t size_;
  const std::string& path_;
  StorageTable table_;
  std::vector<StatedCount> rowCounts_, columnCounts_;
  int labelLine_ = 0;
};

char* formatNumber(char* p, double x, int digits) {
  if (digits >= 17) return std::to_chars(p, p + 32, x).ptr;
  return std::to_chars(p, p + 32, x, std::chars_format::general, digits).ptr;
}

bool oneLine(std::string_view s) { return s.find_first_of("\r\n") == std::string_view::npos; }

// What the writer's text could not carry back: the reader would see other lines or other columns.
void checkWritable(const StorageTable& t) {
  if (!oneLine(t.name)) throw Error("storage table '" + t.name + "': the name holds a line break");
  for (const std::string& h : t.header)
    if (!oneLine(h) || trim(h) == "endheader")
      throw Error("storage table '" + t.name + "': header line " + inQuotes(h) + " would not read back");
  for (const std::string& l : t.labels)
    if (trim(l).empty() || l != trim(l) || l.find_first_of("\t\r\n") != std::string::npos)
      throw Error("storage table '" + t.name + "': column label " + inQuotes(l) +
                  " is empty, has a tab or line break, or starts or ends with a space");
  if (t.labels.empty() || t.values.size() % t.labels.size() != 0)
    throw Error("storage table '" + t.name + "': " + std::to_string(t.values.size()) + " values do not fill rows of " +
                std::to_string(t.labels.size()) + " columns");
}

}  // namespace

std::optional<size_t> StorageTable::column(std::string_view label) const {
  const auto it = std::find(labels.begin(), labels.end(), label);
  if (it == labels.end()) return std::nullopt;
  return static_cast<size_t>(it - labels.begin());
}

void StorageTable::addRow(std::span<const double> row) {
  if (row.size() != columns())
    throw Error("storage table '" + name + "': a row of " + std::to_string(row.size()) + " values, but " +
                std::to_string(columns()) + " columns");
  values.insert(values.end(), row.begin(), row.end());
}

std::string storageText(std::string_view text) {
  std::string s(trim(text));
  std::replace_if(
      s.begin(), s.end(), [](char c) { return c == '\t' || c == '\r' || c == '\n'; }, ' ');
  return std::string(trim(s));
}

StorageTable parseStorage(std::string_view text, const std::string& path) { return StorageParser(text, path).parse(); }

StorageTable readStorage(const std::string& path) { return parseStorage(readInputFile(path), path); }

void writeStorage(const StorageTable& t, TextOutput& out, int digits) {
  checkWritable(t);
  std::string& s = out.text();
  s += t.name + "\nversion=1\nnRows=" + std::to_string(t.rows()) + "\nnColumns=" + std::to_string(t.columns()) +
       "\ninDegrees=" + (t.inDegrees ? "yes" : "no") + "\n";
  for (const std::string& h : t.header) s += h + '\n';
  s += "endheader\n";
  for (size_t k = 0; k < t.columns(); ++k) (s += t.labels[k]) += k + 1 < t.columns() ? '\t' : '\n';
  char b[32];
  for (size_t i = 0; i < t.values.size(); ++i) {
    s.append(b, formatNumber(b, t.values[i], digits));
    s += (i + 1) % t.columns() ? '\t' : '\n';
    if (s.size() >= TextOutput::kChunk) out.maybeFlush();
  }
  out.maybeFlush();
}

void writeStorageFile(const std::string& path, const StorageTable& table, int digits) {
  StringOutput text;
  writeStorage(table, text, digits);
  writeFileAtomically(path, text.text());
}

}  // namespace articula::files
