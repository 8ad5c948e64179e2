// The scenario's events (docs/model-format.md, "Events"): a trigger (a time, or a body's point
// falling below a height) and what happens then (the run ends, a force element is switched off or
// on). Part of ScenarioSpec; run::runSimulation hands them to study::TimeStepper.
#pragma once
#include <optional>
#include <string>

#include "articula/math/Types.h"
#include "articula/model/KindNames.h"

namespace articula::model {

// What fires an event. In the file, the key of "when" that carries the value names the kind.
enum class EventTriggerKind {
  Time,        // {"time": t}: at t (a scheduled event)
  HeightBelow  // {"body": b, "height_below": h, "station": [..]}: the station falls below h along up
};

// What an event does. In the file: "end_run", or {"disable_force": name} / {"enable_force": name}.
enum class EventActionKind { EndRun, DisableForce, EnableForce };

template <>
const std::vector<KindName<EventTriggerKind>>& kindTable<EventTriggerKind>();  // src/model/EventFields.cpp
template <>
const std::vector<KindName<EventActionKind>>& kindTable<EventActionKind>();  // src/model/EventFields.cpp

struct EventSpec {
  std::string name;  // unique among the scenario's events
  EventTriggerKind trigger = EventTriggerKind::Time;
  Real time = 0;                // Time: s, >= 0
  std::string body;             // HeightBelow: a body of the model
  std::optional<Vec3> station;  // HeightBelow: in the body's frame; absent: the body's mass centre
  Real height = 0;              // HeightBelow: m along up (opposite gravity) from Ground's origin
  EventActionKind action = EventActionKind::EndRun;
  std::string force;   // DisableForce / EnableForce: the name of a force element of the model
  std::string source;  // where the file states it ("/scenario/events/2"), for messages
};

}  // namespace articula::model
