// Scenario overrides, checked like the model file's fields (see ScenarioOverrides.h).
#include "articula/run/ScenarioOverrides.h"

#include <vector>

#include "articula/model/ScenarioLimits.h"
#include "articula/run/RunError.h"

namespace articula::run {

namespace {

// A numeric override and the scenario field it replaces.
struct NumericOption {
  const char* name;
  const char* field;
  std::optional<double> value;
};

std::vector<NumericOption> numericOptions(const ScenarioOverrides& o) {
  std::vector<NumericOption> options{{"--duration", "duration", o.duration},
                                     {"--accuracy", "accuracy", o.accuracy},
                                     {"--dt", "fixed_step", o.fixedStep},
                                     {"--report-interval", "report_interval", o.reportInterval},
                                     {"--max-steps", "max_steps", o.maxSteps}};
  if (o.names == OverrideNames::Fields)
    for (NumericOption& opt : options) opt.name = opt.field;
  return options;
}

[[noreturn]] void refuse(const std::string& name, double value, const std::string& problem) {
  throw RunError(RunFailure::BadInput, name + " = " + model::formatScenarioValue(value) + ": " + problem);
}

}  // namespace

void applyScenarioOverrides(const ScenarioOverrides& o, const std::string& file, model::ScenarioSpec& s) {
  const std::vector<NumericOption> options = numericOptions(o);
  std::vector<std::string> given;
  for (const NumericOption& opt : options) {
    if (!opt.value) continue;
    const std::string problem = model::checkScenarioValue(opt.field, *opt.value);
    if (!problem.empty()) refuse(opt.name, *opt.value, problem);
    given.push_back(opt.field);
  }
  if (o.duration) s.duration = *o.duration;
  if (o.integrator) {
    const auto method = model::kindNamed<IntegratorMethod>(*o.integrator);
    if (!method)
      throw RunError(RunFailure::BadInput,
                     std::string(o.names == OverrideNames::Fields ? "integrator" : "--integrator") + " = " +
                         *o.integrator + ": unknown integrator (known: " + model::kindList<IntegratorMethod>() + ")");
    s.integrator = *method;
  }
  if (o.accuracy) s.accuracy = *o.accuracy;
  if (o.fixedStep) s.fixedStep = *o.fixedStep;
  if (o.maxSteps) s.maxSteps = static_cast<int64_t>(*o.maxSteps);
  if (o.reportInterval) s.reportInterval = *o.reportInterval;
  else if (o.duration && s.reportInterval > s.duration) s.reportInterval = s.duration;
  const auto p = model::checkScenario(s, given);
  if (!p) return;
  for (const NumericOption& opt : options)
    if (opt.value && p->field == opt.field) refuse(opt.name, p->value, p->problem);
  // No option involved: the file's own scenario (an OpenMBD file's, or --openmbd-compat's).
  refuse(file + ": scenario." + p->field, p->value, p->problem);
}

}  // namespace articula::run
