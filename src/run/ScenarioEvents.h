// The scenario's events (model::EventSpec, docs/model-format.md "Events") on the run's
// study::TimeStepper: a time is a ScheduledEvent, a height a TriggeredEvent whose witness is the
// station's height minus the threshold, falling. The handlers end the run or switch a force
// element, and log what fired for the summary.
#pragma once
#include <vector>

#include "articula/model/ModelBuilder.h"
#include "articula/run/SimulationRun.h"
#include "articula/study/TimeStepper.h"

namespace articula::run {

class ScenarioEvents {
 public:
  // `model`, `built` and `events` must outlive this object and the stepper it is added to.
  ScenarioEvents(const model::ModelSpec& model, const model::BuiltModel& built,
                 const std::vector<model::EventSpec>& events);
  void addTo(TimeStepper& stepper);

  const std::vector<FiredEvent>& fired() const { return fired_; }
  int endEvent() const { return end_; }  // the end_run event that ended the run, -1: none

 private:
  void handle(int event, State& state, EventContext& context);
  void switchForce(State& state, int force, bool on) const;

  const model::ModelSpec& m_;
  const model::BuiltModel& built_;
  const std::vector<model::EventSpec>& events_;
  std::vector<int> force_;  // per event: the switched element's index in built.forces, -1: none
  std::vector<FiredEvent> fired_;
  int end_ = -1;
};

}  // namespace articula::run
