// One case of a parameter sweep (model/SweepSpec.h, docs/sweeps.md): the model document with the
// case's edits, read, scaled, built and run as `articula run` would, its outputs picked from the
// summary and the last frame. A case that cannot be read, built or run, or gives a non-finite
// output, is a failed row with the reason; only a kept run folder that cannot be written throws.
// Each call builds its own System and shares no mutable state, so cases run concurrently on
// threads, and a case gives the same numbers, bit for bit, whichever thread or process runs it.
#pragma once
#include <string>
#include <vector>

#include "articula/model/SweepSpec.h"
#include "articula/run/RunModelFile.h"

namespace articula::run {

enum class SweepStatus { Ok, Failed };

struct SweepRow {
  int64_t id = 0;
  SweepStatus status = SweepStatus::Ok;
  std::vector<model::SweepValue> parameters;  // the case's values, per parameter
  std::vector<model::SweepValue> outputs;     // per output (empty strings when the case failed)
  std::string reason;                         // why it failed ("" when ok)
};

// caseFolder: "" for none, else the run folder to write (the spec keeps this case's trajectory).
// Throws RunError (Output) only when that folder cannot be written.
SweepRow runSweepCase(const model::SweepSpec& spec, const model::SweepCase& sweepCase, const std::string& caseFolder,
                      const ViewerPageWriter& page);

}  // namespace articula::run
