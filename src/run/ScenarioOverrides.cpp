// Scenario overrides, checked like the model file's fields (see ScenarioOverrides.h).
#include "articula/run/ScenarioOverrides.h"

#include <algorithm>
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

std::string applyFiles(const std::string& list, model::ScenarioSpec& s) {
  s.outputs.clear();
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, comma - start);
    const auto kind = model::kindNamed<model::OutputKind>(name);
    if (!kind) return "unknown output file \"" + name + "\" (known: " + model::kindList<model::OutputKind>() + ")";
    s.outputs.push_back(*kind);
    start = comma + 1;
  }
  return "";
}

// The --outputs items: the first item of a kind replaces the file's (the groups the file chose
// are not added to), later ones add to it.
void applyOutputs(const ScenarioOverrides& o, model::ScenarioSpec& s) {
  bool groups = false, bodies = false;
  for (const std::string& item : o.outputs) {
    std::string problem;
    if (item.rfind("files:", 0) == 0) {
      problem = applyFiles(item.substr(6), s);
    } else {
      const bool isBodies = item.rfind("bodies:", 0) == 0, isGroups = item.find(':') == std::string::npos;
      if (isBodies && !bodies) s.columns.bodies.clear(), bodies = true;
      if (isGroups && !groups) s.columns.groups.clear(), groups = true;
      problem = model::applyOutputItem(item, s.columns);
    }
    if (!problem.empty())
      throw RunError(RunFailure::BadInput, std::string(o.names == OverrideNames::Fields ? "outputs" : "--outputs") +
                                               " = " + item + ": " + problem);
  }
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
  applyOutputs(o, s);
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
