// The results table of a sweep, DIR/results.csv (docs/sweeps.md): a header
//   case,status,<parameter names>,<output names>,reason
// then one line per case as it finishes (in any order; finalizeResults sorts them). Numbers have
// 17 significant digits (they read back to the same double), strings are quoted as RFC 4180 asks;
// no timing columns, so two runs of a sweep give byte-identical tables. DIR/sweep.json holds the
// totals and timings.
#pragma once
#include <cstdint>
#include <set>
#include <string>

#include "articula/model/SweepSpec.h"
#include "articula/run/SweepRun.h"

namespace articula::run {

std::string sweepHeader(const model::SweepSpec& spec);  // with its '\n'
std::string sweepRowText(const SweepRow& row);          // a complete line, with its '\n'
std::string csvCell(const model::SweepValue& value);    // 17 significant digits, or a quoted string when needed

// The case ids already in `file` (none when it does not exist). A last record without its '\n'
// (torn by a kill) is not counted. Throws Error "results.csv belongs to a different sweep" when the
// header is not the sweep's, and when a complete line is not a row.
std::set<int64_t> readFinished(const std::string& file, const model::SweepSpec& spec);
// Cuts a torn last record (without '\n') off `file`, so that rows can be appended. OutputError.
void dropTornRecord(const std::string& file);
// Rewrites `file` atomically: the header, then the rows sorted by case id, each id once (the first
// written), a torn last record left out. OutputError when it cannot be written.
void finalizeResults(const std::string& file);

struct SweepTotals {
  int64_t cases = 0, ok = 0, failed = 0;
  int64_t ranNow = 0;  // cases run by this invocation (the rest were in results.csv already)
  double wallSeconds = 0;
  int jobs = 1;
};
// The ok / failed counts of a finalized results.csv.
SweepTotals countResults(const std::string& file);
// DIR/sweep.json, atomically.
void writeSweepTotals(const std::string& file, const SweepTotals& totals);

}  // namespace articula::run
