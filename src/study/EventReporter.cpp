// Reporters: named callbacks on a schedule.
#include "articula/study/EventReporter.h"

#include <utility>

#include "articula/Error.h"

namespace articula {

EventReporter::EventReporter(std::string name, std::vector<Real> times, Function function, Stage stage)
    : EventReporter(name, EventSchedule::at(std::move(times), name), std::move(function), stage) {}

EventReporter::EventReporter(std::string name, EventSchedule schedule, Function function, Stage stage)
    : name_(std::move(name)), schedule_(std::move(schedule)), function_(std::move(function)), stage_(stage) {
  if (stage_ < Stage::Time || stage_ > Stage::Report)
    throw Error("EventReporter '" + name_ + "': stage must be Time .. Report, got " + stageName(stage_));
}

void EventReporter::report(const State& state) const {
  if (!function_) throw Error("EventReporter '" + name_ + "': no report function (pass one or override report)");
  function_(state);
}

PeriodicReporter::PeriodicReporter(std::string name, Real interval, Function function, Real start, Stage stage)
    : EventReporter(name, EventSchedule::every(interval, start, name), std::move(function), stage) {}

}  // namespace articula
