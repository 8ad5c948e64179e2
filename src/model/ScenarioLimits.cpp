#include "articula/model/ScenarioLimits.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace articula::model {

namespace {

// A problem involving `fields` (in order of preference), reported on the first one the user gave.
ScenarioProblem blame(const ScenarioSpec& s, std::vector<std::string> fields, const std::vector<std::string>& given,
                      std::string problem) {
  auto isGiven = [&](const std::string& f) { return std::find(given.begin(), given.end(), f) != given.end(); };
  const auto it = std::find_if(fields.begin(), fields.end(), isGiven);
  const std::string field = it != fields.end() ? *it : fields.front();
  const Real value = field == "duration"          ? s.duration
                     : field == "fixed_step"      ? s.fixedStep
                     : field == "report_interval" ? s.reportInterval
                                                  : static_cast<Real>(s.maxSteps);
  return {field, value, std::move(problem)};
}

std::string fmt(Real v) { return formatScenarioValue(v); }

}  // namespace

std::string formatScenarioValue(Real value) {
  char b[32];
  const auto end = std::to_chars(b, b + sizeof b, value).ptr;
  return std::string(b, end);
}

std::string checkScenarioValue(const std::string& field, Real v) {
  if (!std::isfinite(v)) return "must be a finite number";
  if (field == "accuracy") {
    if (v < kMinAccuracy || v >= 1)
      return "accuracy is relative: must be at least " + fmt(kMinAccuracy) + " and below 1 (e.g. 1e-3)";
    return "";
  }
  if (field == "max_steps") {
    if (v < 1 || v > kMaxStepLimit || v != std::floor(v))
      return "must be a whole number from 1 to " + fmt(kMaxStepLimit);
    return "";
  }
  return v > 0 ? "" : "must be positive";
}

std::optional<ScenarioProblem> checkScenario(const ScenarioSpec& s, const std::vector<std::string>& given) {
  if (s.reportInterval > s.duration)
    return blame(s, {"report_interval", "duration"}, given,
                 "report_interval " + fmt(s.reportInterval) + " s exceeds the duration " + fmt(s.duration) + " s");
  if (s.duration / s.reportInterval > kMaxReportTimes)
    return blame(s, {"report_interval", "duration"}, given,
                 "more than 10 million report times (duration " + fmt(s.duration) + " s / report_interval " +
                     fmt(s.reportInterval) + " s): raise the report interval");
  if (s.fixedStep <= 0) return std::nullopt;
  if (s.fixedStep < kMinStepFraction * s.duration)
    return blame(s, {"fixed_step", "duration"}, given,
                 "fixed step " + fmt(s.fixedStep) + " s is below the time's resolution over the duration " +
                     fmt(s.duration) + " s (it must be at least 1e-12 of the duration)");
  const Real steps = s.duration / s.fixedStep;
  if (steps > static_cast<Real>(s.maxSteps))
    return blame(s, {"fixed_step", "duration", "max_steps"}, given,
                 "the duration " + fmt(s.duration) + " s needs " +
                     std::to_string(static_cast<int64_t>(std::ceil(steps))) + " fixed steps of " + fmt(s.fixedStep) +
                     " s, more than the step limit " + std::to_string(s.maxSteps) +
                     " (scenario.max_steps, --max-steps)");
  return std::nullopt;
}

}  // namespace articula::model
