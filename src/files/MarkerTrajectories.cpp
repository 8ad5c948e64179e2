// Marker trajectories of a .trc file (MarkerTrajectories.h).
#include "articula/files/MarkerTrajectories.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "TextFields.h"
#include "articula/files/FileInput.h"

namespace articula::files {

namespace {

using namespace text;

constexpr int kNamesLine = 2, kValuesLine = 3, kMarkersLine = 4;

// A header row's fields: tab-separated, or space-separated when it has no tab; trailing empty
// fields (tabs at the line's end) dropped.
std::vector<std::string_view> headerFields(std::string_view line) {
  auto fields = line.find('\t') == std::string_view::npos ? splitWords(line) : splitTabs(line);
  for (auto& f : fields) f = trim(f);
  while (!fields.empty() && fields.back().empty()) fields.pop_back();
  return fields;
}

class TrcParser {
 public:
  TrcParser(std::string_view text, const std::string& path) : lines_(text), size_(text.size()), path_(path) {}

  MarkerTrajectories parse() {
    readFirstLine();
    readHeader();
    readMarkerNames();
    readRows();
    if (static_cast<size_t>(numFrames_) != t_.frames())
      fail(kValuesLine, "NumFrames = " + std::to_string(numFrames_) + ", but the file has " +
                            std::to_string(t_.frames()) + " rows of data");
    return std::move(t_);
  }

 private:
  [[noreturn]] void fail(int line, const std::string& problem) const { throw DataFileError(path_, line, problem); }

  std::string_view nextLine(const char* what) {
    std::string_view line;
    if (!lines_.next(line)) fail(lines_.number(), std::string("the file ends before ") + what);
    return line;
  }

  void readFirstLine() {
    const auto fields = headerFields(nextLine("its first line"));
    if (fields.empty() || fields[0] != "PathFileType")
      fail(1, "the first line starts with " + inQuotes(fields.empty() ? "" : fields[0]) +
                  ", not PathFileType (a .trc file's first word)");
    if (fields.size() >= 4) t_.fileName = fields[3];
  }

  void readHeader() {
    const auto names = headerFields(nextLine("the header's names (line 2)"));
    const auto values = headerFields(nextLine("the header's values (line 3)"));
    if (names.size() != values.size())
      fail(kValuesLine, std::to_string(values.size()) + " header values for the " + std::to_string(names.size()) +
                            " names of line 2");
    bool have[4] = {};
    for (size_t k = 0; k < names.size(); ++k) {
      const std::string_view name = names[k], value = values[k];
      if (name == "DataRate") {
        t_.dataRate = rate(name, value);
        have[0] = true;
      } else if (name == "CameraRate") {
        t_.cameraRate = rate(name, value);
      } else if (name == "NumFrames" || name == "NumMarkers") {
        if (!parseCount(value, name == "NumFrames" ? numFrames_ : numMarkers_))
          fail(kValuesLine, std::string(name) + " = " + inQuotes(value) + " is not a count (a whole number ≥ 0)");
        have[name == "NumFrames" ? 1 : 2] = true;
      } else if (name == "Units") {
        t_.units = unit(value);
        have[3] = true;
      } else {
        t_.header.emplace_back(name, value);
      }
    }
    const char* required[4] = {"DataRate", "NumFrames", "NumMarkers", "Units"};
    for (int i = 0; i < 4; ++i)
      if (!have[i]) fail(kNamesLine, std::string("the header has no ") + required[i]);
  }

  double rate(std::string_view name, std::string_view value) const {
    double r = 0;
    if (!parseNumber(value, r) || !(r > 0) || !std::isfinite(r))
      fail(kValuesLine, std::string(name) + " = " + inQuotes(value) + " is not a positive number (Hz)");
    return r;
  }

  LengthUnit unit(std::string_view value) const {
    if (value == "mm" || value == "millimeters") return LengthUnit::Millimetres;
    if (value == "cm" || value == "centimeters") return LengthUnit::Centimetres;
    if (value == "m" || value == "meters") return LengthUnit::Metres;
    fail(kValuesLine, "Units = " + inQuotes(value) + ": expected mm, cm or m");
  }

  // Line 4: "Frame#", "Time", then a name every third column (tab-separated), or the names in a row.
  void readMarkerNames() {
    const std::string_view line = nextLine("the marker names (line 4)");
    const bool tabs = line.find('\t') != std::string_view::npos;
    const auto fields = headerFields(line);
    if (fields.size() < 2 || fields[0] != "Frame#" || fields[1] != "Time")
      fail(kMarkersLine,
           "expected 'Frame#' and 'Time', then the marker names; found " + inQuotes(fields.empty() ? "" : fields[0]));
    const size_t step = tabs ? 3 : 1;
    for (size_t k = 2; k < fields.size(); ++k) {
      const bool nameColumn = (k - 2) % step == 0;
      if (nameColumn && fields[k].empty())
        fail(kMarkersLine,
             "column " + std::to_string(k + 1) + " (marker " + std::to_string(t_.markers.size() + 1) + ") has no name");
      if (!nameColumn && !fields[k].empty())
        fail(kMarkersLine, inQuotes(fields[k]) + " in column " + std::to_string(k + 1) + ", among marker " +
                               inQuotes(t_.markers.back()) + "'s X, Y, Z columns (a name spans three columns)");
      if (nameColumn) t_.markers.emplace_back(fields[k]);
    }
    if (t_.markers.size() != static_cast<size_t>(numMarkers_))
      fail(kMarkersLine, "the row names " + std::to_string(t_.markers.size()) +
                             " markers, but NumMarkers = " + std::to_string(numMarkers_) + " (line 3)");
  }

  void readRows() {
    const size_t n = t_.markers.size();
    const size_t cap = size_ / 4;  // never more than the text could hold, whatever the header says
    t_.time.reserve(std::min<size_t>(static_cast<size_t>(numFrames_), cap));
    t_.positions.reserve(std::min<size_t>(static_cast<size_t>(numFrames_) * n, cap));
    std::string_view line;
    bool first = true;
    while (lines_.next(line)) {
      const std::string_view t = trim(line);
      if (t.empty()) continue;
      double probe = 0;
      if (first && lines_.number() == 5 && !parseNumber(splitWords(t)[0], probe)) continue;  // X1 Y1 Z1 …
      first = false;
      readRow(line);
    }
  }

  void readRow(std::string_view line) {
    const int at = lines_.number();
    auto fields = line.find('\t') == std::string_view::npos ? splitWords(line) : splitTabs(line);
    for (auto& f : fields) f = trim(f);
    const size_t n = t_.markers.size();
    while (fields.size() > 2 + 3 * n && fields.back().empty()) fields.pop_back();
    if (fields.size() > 2 + 3 * n)
      fail(at, "the row has " + std::to_string(fields.size()) + " values, more than Frame#, Time and 3 for each of " +
                   std::to_string(n) + " markers");
    if (fields.size() < 2) fail(at, "the row has no Time (a row starts with Frame# and Time)");
    long frame = 0;
    if (!parseCount(fields[0], frame))
      fail(at, "Frame# " + inQuotes(fields[0]) + " is not a frame number (a whole number ≥ 0)");
    double time = 0;
    if (!parseNumber(fields[1], time) || !std::isfinite(time))
      fail(at, "Time " + inQuotes(fields[1]) + " is not a number");
    t_.frameNumbers.push_back(frame);
    t_.time.push_back(time);
    for (size_t m = 0; m < n; ++m) readMarker(fields, m, at);
  }

  void readMarker(const std::vector<std::string_view>& fields, size_t m, int at) {
    Point3 p{};
    int given = 0;
    bool seen = true;
    for (int c = 0; c < 3; ++c) {
      const size_t k = 2 + 3 * m + static_cast<size_t>(c);
      const std::string_view cell = k < fields.size() ? fields[k] : std::string_view();
      if (cell.empty()) {
        seen = false;
        continue;
      }
      ++given;
      if (!parseNumber(cell, p[static_cast<size_t>(c)]))
        fail(at, "value " + inQuotes(cell) + " in column " + std::to_string(k + 1) + " (" + "XYZ"[c] + " of marker " +
                     inQuotes(t_.markers[m]) + ") is not a number");
      seen = seen && std::isfinite(p[static_cast<size_t>(c)]);
    }
    if (given != 0 && given != 3)
      fail(at, "marker " + inQuotes(t_.markers[m]) + " has " + std::to_string(given) +
                   " of its 3 coordinates (a marker not seen has all three cells empty)");
    if (!seen) p.fill(std::numeric_limits<double>::quiet_NaN());
    t_.positions.push_back(p);
    t_.seen.push_back(seen ? 1 : 0);
  }

  Lines lines_;
  size_t size_;
  const std::string& path_;
  MarkerTrajectories t_;
  long numFrames_ = 0, numMarkers_ = 0;
};

}  // namespace

const char* nameOf(LengthUnit unit) {
  switch (unit) {
    case LengthUnit::Millimetres: return "mm";
    case LengthUnit::Centimetres: return "cm";
    case LengthUnit::Metres: return "m";
  }
  return "?";
}

double metresPer(LengthUnit unit) {
  switch (unit) {
    case LengthUnit::Millimetres: return 0.001;
    case LengthUnit::Centimetres: return 0.01;
    case LengthUnit::Metres: return 1;
  }
  return 1;
}

std::optional<size_t> MarkerTrajectories::marker(std::string_view name) const {
  const auto it = std::find(markers.begin(), markers.end(), name);
  if (it == markers.end()) return std::nullopt;
  return static_cast<size_t>(it - markers.begin());
}

void MarkerTrajectories::convertToMetres() {
  const double scale = metresPer(units);
  for (Point3& p : positions)
    for (double& x : p) x *= scale;
  units = LengthUnit::Metres;
}

MarkerTrajectories parseTrc(std::string_view text, const std::string& path) { return TrcParser(text, path).parse(); }

MarkerTrajectories readTrc(const std::string& path) { return parseTrc(readInputFile(path), path); }

}  // namespace articula::files
