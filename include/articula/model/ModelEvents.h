// The scenario's events against a built model (docs/model-format.md, "Events"): where a height
// event's point is, how high it is, and the checks that need the built model and its initial
// state. run::runSimulation turns the events into study::TimeStepper events with these.
#pragma once
#include <string>

#include "articula/model/ModelBuilder.h"

namespace articula::model {

// The unit up direction, opposite gravity. Throws Error when the model has no gravity.
Vec3 upDirection(const ModelSpec& model);

// A height event's point: its mobilized body and the station in the body's frame (the body's
// mass centre unless the event gives one).
struct EventStation {
  int mobod = 0;
  Vec3 station = Vec3::Zero();
};
EventStation eventStation(const ModelSpec& model, const BuiltModel& built, const EventSpec& event);

// The station's height along `up` from Ground's origin; `state` realized through Position.
Real stationHeight(const BuiltModel& built, const EventStation& point, const Vec3& up, const State& state);

// "at t = 0.3 s: disable_force \"tone\"", "body \"head\"'s mass centre below 0.12 m: end_run".
std::string describeEvent(const EventSpec& event);

// Throws ModelError naming the event when a force it switches is not an element of the built
// model, or when a height event's station starts at or below its height (it could never fall
// below it: the event would silently never fire).
void checkEvents(const ModelSpec& model, const BuiltModel& built, const std::string& file);

}  // namespace articula::model
