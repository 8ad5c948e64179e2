// The limits on a scenario's numbers (docs/cli.md, "Limits"), shared by the model reader (the
// file's `scenario` fields) and `articula run` (its options), so that both refuse the same
// settings before anything is simulated. Each problem names the field it is reported on.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "articula/model/ModelSpec.h"

namespace articula::model {

inline constexpr Real kMinAccuracy = 1e-14;  // below, the projection tolerance (accuracy / 10) is lost in rounding
inline constexpr Real kMaxReportTimes = 1e7;
// A fixed step shorter than this fraction of the duration is below the time's resolution: near
// the end time one step is under 10^4 units in the last place of t (2^-52 t), so t + dt is rounded
// by more than 10^-4 of a step, and at 2^-53 t it does not advance t at all.
inline constexpr Real kMinStepFraction = 1e-12;
inline constexpr Real kMaxStepLimit = 1e15;  // largest accepted max_steps (whole numbers stay exact in a double)

struct ScenarioProblem {
  std::string field;  // the model format's key: "duration", "fixed_step", "report_interval", "accuracy", "max_steps"
  Real value = 0;     // that field's value
  std::string problem;
};

// One field's value on its own: "" when acceptable, else the problem (NaN and infinities
// included). Fields: "duration", "fixed_step", "report_interval" (finite, > 0), "accuracy"
// ([kMinAccuracy, 1)), "max_steps" (a whole number in [1, kMaxStepLimit]).
std::string checkScenarioValue(const std::string& field, Real value);

// The fields together, each assumed to have passed checkScenarioValue: report_interval within the
// duration and at most kMaxReportTimes report times; a fixed step of at least kMinStepFraction of
// the duration and at most max_steps of them. A problem involving several fields is reported on
// the first of them that is in `given` (the fields the user set), else on the first involved.
std::optional<ScenarioProblem> checkScenario(const ScenarioSpec& scenario, const std::vector<std::string>& given = {});

// The shortest text that reads back as `value` (for messages: 1e-300, not 1.000000e-300).
std::string formatScenarioValue(Real value);

}  // namespace articula::model
