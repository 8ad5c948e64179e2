// trajectory.h5: the trajectory.csv table as HDF5 (docs/output-format.md, "trajectory.h5"), for
// long runs of large models and for h5py, MATLAB (h5read) and pandas. One dataset per column
// group ("/time", "/bodies", "/q", "/forces", ...: model::ColumnGroup's names), frames × columns
// of doubles, chunked and deflate-compressed, each with a "columns" attribute holding the CSV's
// names (units included). The file is built in memory (HDF5's core driver) and written into the
// run folder as one piece, so it takes part in the folder's all-or-nothing commit.
#pragma once
#include <string>
#include <vector>

#include "articula/files/TextOutput.h"
#include "articula/run/OutputColumns.h"

namespace articula::run {

class Hdf5Writer : public FrameSink {
 public:
  Hdf5Writer(OutputColumns columns, std::string modelName, files::TextOutput& out);
  void add(const Frame& f) override;
  void finish();  // throws files::OutputError when HDF5 fails

 private:
  OutputColumns columns_;
  std::string modelName_;
  std::vector<Real> row_, values_;  // values_: every row, row-major
  size_t rows_ = 0;
  files::TextOutput& out_;
};

}  // namespace articula::run
