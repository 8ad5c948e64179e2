// ScenarioOverrides: values given for one run (the command line's `run` options) that replace the
// model file's scenario fields.
#pragma once
#include <optional>
#include <string>

#include "articula/model/ModelSpec.h"

namespace articula::run {

struct ScenarioOverrides {
  std::optional<double> duration, accuracy, fixedStep, reportInterval, maxSteps;
  std::optional<std::string> integrator;  // a name of the integrators' registry (IntegratorMethod.h)
};

// Replaces the fields of `s` that `o` gives; a shorter duration also shortens a report interval
// that would exceed it. The values are checked like the file's fields, with the same limits
// (ScenarioLimits.h); a problem throws RunError (BadInput) naming the option as the command line
// spells it ("--duration = 0: ...", "--integrator = RK45: unknown integrator (known: ...)"), or the
// file's field ("FILE: scenario.FIELD = ...") when no option was involved.
void applyScenarioOverrides(const ScenarioOverrides& o, const std::string& file, model::ScenarioSpec& s);

}  // namespace articula::run
