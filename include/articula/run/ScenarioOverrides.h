// ScenarioOverrides: values given for one run (the command line's `run` options) that replace the
// model file's scenario fields.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "articula/model/ModelSpec.h"

namespace articula::run {

// How errors name an override: as the command line spells it (--dt) or as the scenario field
// (fixed_step), which is also the Python module's keyword.
enum class OverrideNames { CommandLine, Fields };

struct ScenarioOverrides {
  std::optional<double> duration, accuracy, fixedStep, reportInterval, maxSteps;
  std::optional<std::string> integrator;  // a name of the integrators' registry (IntegratorMethod.h)
  // Output items (model::applyOutputItem), plus "files:NAME,..." for the files (OutputKind names);
  // each replaces what the file's scenario says for its kind (groups, bodies, digits, angles, files).
  std::vector<std::string> outputs;
  OverrideNames names = OverrideNames::CommandLine;
};

// Replaces the fields of `s` that `o` gives; a shorter duration also shortens a report interval
// that would exceed it. The values are checked like the file's fields, with the same limits
// (ScenarioLimits.h); a problem throws RunError (BadInput) naming the option as the command line
// spells it ("--duration = 0: ...", "--integrator = RK45: unknown integrator (known: ...)"; with
// OverrideNames::Fields "duration = 0: ..."), or the file's field ("FILE: scenario.FIELD = ...")
// when no option was involved.
void applyScenarioOverrides(const ScenarioOverrides& o, const std::string& file, model::ScenarioSpec& s);

}  // namespace articula::run
