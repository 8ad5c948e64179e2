// A motion-capture trial's marker trajectories, read from a .trc file (docs/opensim-files.md):
//   line 1  "PathFileType <n> (X/Y/Z) <file name>"
//   line 2  the header's names: DataRate, CameraRate, NumFrames, NumMarkers, Units, OrigDataRate, …
//   line 3  their values, in the same order
//   line 4  "Frame#", "Time", then each marker's name over its three columns (the name, two empty)
//   line 5  the coordinate names (X1 Y1 Z1 X2 …), then the data: one row a frame, tab-separated.
// A marker not seen in a frame has empty cells (or NaN); a row that ends early has its last markers
// missing. Positions are kept in the file's units (`units`); convertToMetres() scales them.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "articula/files/DataFileError.h"

namespace articula::files {

// A point (x, y, z). files/ is below the math layer (docs/design.md), hence no Point3.
using Point3 = std::array<double, 3>;

enum class LengthUnit { Millimetres, Centimetres, Metres };
const char* nameOf(LengthUnit unit);  // "mm", "cm", "m"
double metresPer(LengthUnit unit);    // 0.001, 0.01, 1

struct MarkerTrajectories {
  std::string fileName;                                     // as line 1 names it
  double dataRate = 0, cameraRate = 0;                      // Hz (cameraRate 0 when absent)
  LengthUnit units = LengthUnit::Millimetres;               // of `positions`
  std::vector<std::pair<std::string, std::string>> header;  // lines 2-3's other names and values
  std::vector<std::string> markers;
  std::vector<long> frameNumbers;   // the Frame# column
  std::vector<double> time;         // s
  std::vector<Point3> positions;    // frame by frame, markers.size() a frame; NaN where not seen
  std::vector<unsigned char> seen;  // 1 where the marker was seen, as positions

  size_t frames() const { return time.size(); }
  const Point3& position(size_t frame, size_t marker) const { return positions[frame * markers.size() + marker]; }
  bool wasSeen(size_t frame, size_t marker) const { return seen[frame * markers.size() + marker] != 0; }
  std::optional<size_t> marker(std::string_view name) const;  // the index of the marker of that name
  void convertToMetres();                                     // scales positions; units becomes Metres
};

// The trajectories of a .trc file's text; `path` names the file in errors. Throws DataFileError
// ("'PATH', line N: problem" quoting the value) when line 1 is not "PathFileType", a header value
// is missing or not a number (DataRate > 0; NumFrames, NumMarkers counts), the units are not
// mm, cm or m, line 4 is not "Frame#", "Time" and NumMarkers names spanning three columns each,
// a value is not a number, a marker has some but not all of its coordinates, a row has more
// values than the markers, or the rows are not NumFrames.
MarkerTrajectories parseTrc(std::string_view text, const std::string& path);
// The file at `path` (read through readInputFile: InputFileError when it cannot be).
MarkerTrajectories readTrc(const std::string& path);

}  // namespace articula::files
