// Reporters: user code called at exact times with the State at that time, for output (CSV rows,
// animation frames, energy checks). A reporter never changes the run: it gets a const State
// interpolated from the integrator's dense output inside the step that covers its time, so
// report times never shorten error-controlled steps and adding a reporter leaves the trajectory
// bit-for-bit unchanged (fixed steps land on report times, as Integrator::stepTo's do). At a time where an event also fires, the reporter sees the state
// before the event's handlers (the trajectory's left limit).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "articula/study/EventSchedule.h"
#include "articula/system/Stage.h"
#include "articula/system/State.h"

namespace articula {

class EventReporter {
 public:
  using Function = std::function<void(const State&)>;
  // Reports at each of `times`; the State is realized to `stage` (Time .. Report).
  EventReporter(std::string name, std::vector<Real> times, Function function, Stage stage = Stage::Acceleration);
  virtual ~EventReporter() = default;
  const std::string& getName() const { return name_; }
  const EventSchedule& getSchedule() const { return schedule_; }
  Stage getStage() const { return stage_; }
  // Subclasses may override instead of passing a function.
  virtual void report(const State& state) const;

 protected:
  EventReporter(std::string name, EventSchedule schedule, Function function, Stage stage);

 private:
  std::string name_;
  EventSchedule schedule_;
  Function function_;
  Stage stage_;
};

class PeriodicReporter : public EventReporter {
 public:
  // Reports at start, start + interval, start + 2 interval, ...
  PeriodicReporter(std::string name, Real interval, Function function, Real start = 0,
                   Stage stage = Stage::Acceleration);
};

}  // namespace articula
