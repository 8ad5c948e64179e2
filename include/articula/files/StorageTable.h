// OpenSim's storage files, .sto and .mot (docs/opensim-files.md): a header of lines ending with
// "endheader", a row of column labels, then one row of numbers per time. Read: OpenSim's version-1
// header (the name on the first line; "version=", "nRows=", "nColumns=", "inDegrees=yes|no"; any
// other lines kept as free text) and the SIMM / OpenSim 3 motion header ("name X",
// "datacolumns N", "datarows N", "range a b"); labels and numbers separated by tabs or spaces.
// Written: OpenSim's version-1 header and tab-separated rows, which OpenSim 3 and 4 read.
// Articula's runs write their coordinates.sto, speeds.sto and generalized_forces.sto through here
// (run/StoWriter.h).
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "articula/files/DataFileError.h"
#include "articula/files/TextOutput.h"

namespace articula::files {

struct StorageTable {
  std::string name;                 // the header's first line
  bool inDegrees = false;           // whether the angles are in degrees (OpenSim's "inDegrees")
  std::vector<std::string> header;  // the header's other lines, in order: free text, other keys
  std::vector<std::string> labels;  // every column's label; the first column is the time's ("time")
  std::vector<double> values;       // row by row, labels.size() numbers a row

  size_t columns() const { return labels.size(); }
  size_t rows() const { return labels.empty() ? 0 : values.size() / labels.size(); }
  double at(size_t row, size_t column) const { return values[row * columns() + column]; }
  double time(size_t row) const { return at(row, 0); }
  std::optional<size_t> column(std::string_view label) const;  // the first column of that label
  void addRow(std::span<const double> row);                    // Error unless it has columns() numbers
};

// The table of a storage file's text; `path` names the file in errors. Throws DataFileError
// ("'PATH', line N: problem" quoting the value) when the header has no "endheader", a header
// count is not a count or disagrees with the data ("nRows", "nColumns", "datarows",
// "datacolumns"), "inDegrees" is neither yes nor no, a "DataType" other than double, the labels
// are missing, a row has another number of values than there are labels, or a value is not a
// number ("nan" and "inf" are numbers).
StorageTable parseStorage(std::string_view text, const std::string& path);
// The file at `path` (read through readInputFile: InputFileError when it cannot be).
StorageTable readStorage(const std::string& path);

// `text` as a label or header line that reads back as written: tabs and line breaks become spaces,
// spaces at the ends are dropped (for names that come from elsewhere, e.g. a model's joints).
std::string storageText(std::string_view text);

// Appends the file's text to `out` (its maybeFlush between rows): numbers with `digits`
// significant digits, 17 giving the shortest text that reads back as the same double.
void writeStorage(const StorageTable& table, TextOutput& out, int digits = 17);
// Writes the file atomically (AtomicFile.h); OutputError when it cannot be written.
void writeStorageFile(const std::string& path, const StorageTable& table, int digits = 17);

}  // namespace articula::files
