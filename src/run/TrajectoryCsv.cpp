// trajectory.csv: the OutputColumns table as CSV (docs/output-format.md, "trajectory.csv").
#include "CsvNumbers.h"
#include "CsvText.h"
#include "articula/run/RunOutputs.h"

namespace articula::run {

TrajectoryCsvWriter::TrajectoryCsvWriter(OutputColumns columns, files::TextOutput& out)
    : columns_(std::move(columns)), out_(out) {
  std::string& t = out_.text();
  for (size_t k = 0; k < columns_.names().size(); ++k) {
    if (k) t += ',';
    appendCsvText(t, columns_.names()[k]);  // names come from the model file (CsvText.h)
  }
  t += '\n';
  out_.maybeFlush();
}

void TrajectoryCsvWriter::add(const Frame& f) {
  columns_.values(f, row_);
  std::string& out = out_.text();
  const int digits = columns_.digits();
  char b[33];
  for (size_t k = 0; k < row_.size(); ++k) {
    b[0] = ',';
    char* const start = k ? b : b + 1;
    out.append(start, formatNumber(b + 1, row_[k], digits));
  }
  out += '\n';
  out_.maybeFlush();
}

std::string makeTrajectoryCsv(const model::ModelSpec& m, const model::BuiltModel& built, const RunResult& run) {
  files::StringOutput out;
  TrajectoryCsvWriter writer(OutputColumns(m, built), out);
  for (const Frame& f : run.frames) writer.add(f);
  return std::move(out.text());
}

}  // namespace articula::run
