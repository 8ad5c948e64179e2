// OpenSim's storage files (.sto, version 1) of a run: coordinates.sto, speeds.sto and
// generalized_forces.sto (docs/output-format.md, "OpenSim storage files"), one column group of
// OutputColumns each, tab-separated after OpenSim's header ("inDegrees=yes" when the angles are
// in degrees). Column labels are the CSV names without their unit, and the generalized forces take
// OpenSim's inverse-dynamics suffixes: "<coordinate>_moment" / "_force" for the total applied,
// "<coordinate>_moment_<class>" for each class. The rows are gathered in a files::StorageTable,
// which writes the file (files/StorageTable.h): one storage format for what Articula reads and writes.
#pragma once
#include <string>
#include <vector>

#include "articula/files/StorageTable.h"
#include "articula/files/TextOutput.h"
#include "articula/run/OutputColumns.h"

namespace articula::run {

class StoWriter : public FrameSink {
 public:
  // `group` is Coordinates, Speeds or GeneralizedForces; `title` the header's first line.
  StoWriter(OutputColumns columns, model::ColumnGroup group, std::string title, files::TextOutput& out);
  void add(const Frame& f) override;
  void finish();  // writes the table: the header (it counts the rows) and the rows

  // The label of a CSV column name in a .sto file (exposed for the tests).
  static std::string label(const std::string& csvName, model::ColumnGroup group);

 private:
  OutputColumns columns_;
  ColumnSpan span_{};
  files::StorageTable table_;
  std::vector<Real> row_, stoRow_;
  files::TextOutput& out_;
};

}  // namespace articula::run
