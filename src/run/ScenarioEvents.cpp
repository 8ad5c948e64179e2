// The scenario's events on the run's TimeStepper (see ScenarioEvents.h).
#include "ScenarioEvents.h"

#include "articula/model/ModelEvents.h"

namespace articula::run {

using model::EventActionKind;
using model::EventSpec;

ScenarioEvents::ScenarioEvents(const model::ModelSpec& m, const model::BuiltModel& built,
                               const std::vector<EventSpec>& events)
    : m_(m), built_(built), events_(events) {
  for (const EventSpec& e : events_) {
    const int f = e.action == EventActionKind::EndRun ? -1 : built_.forces->findForceByName(e.force);
    if (e.action != EventActionKind::EndRun && f < 0)
      throw Error("event \"" + e.name + "\": no force element \"" + e.force + "\"");
    force_.push_back(f);
  }
}

void ScenarioEvents::addTo(TimeStepper& stepper) {
  for (size_t i = 0; i < events_.size(); ++i) {
    const EventSpec& e = events_[i];
    const int index = static_cast<int>(i);
    auto handler = std::make_shared<EventHandler>(e.name,
                                                  [this, index](State& s, EventContext& c) { handle(index, s, c); });
    if (e.trigger == model::EventTriggerKind::Time) {
      stepper.addEvent(ScheduledEvent({e.time}, handler));
      continue;
    }
    const model::EventStation point = model::eventStation(m_, built_, e);
    const Vec3 up = model::upDirection(m_);
    const Real height = e.height;
    const model::BuiltModel& built = built_;
    // Positive while the station is above its height: falling through zero is the event.
    auto witness = std::make_shared<EventWitness>(
        e.name, Stage::Position, EventDirection::Falling,
        [&built, point, up, height](const State& s) { return model::stationHeight(built, point, up, s) - height; });
    stepper.addEvent(witness, handler);
  }
}

void ScenarioEvents::handle(int event, State& s, EventContext& context) {
  fired_.push_back({event, context.getTime()});
  const EventSpec& e = events_[event];
  switch (e.action) {
    case EventActionKind::EndRun:
      if (end_ < 0) end_ = event;  // two at once: the first in the file's order
      context.requestTermination("event \"" + e.name + "\"");
      break;
    case EventActionKind::DisableForce: switchForce(s, force_[event], false); break;
    case EventActionKind::EnableForce: switchForce(s, force_[event], true); break;
  }
}

// The element's stored potential energy leaves (or enters) the system with the switch. It is
// booked as work done by the switch, so that KE + PE - W_nc, the summary's energy balance, stays
// constant across it.
void ScenarioEvents::switchForce(State& s, int force, bool on) const {
  const GeneralForceSubsystem& forces = *built_.forces;
  if (forces.isForceEnabled(s, force) == on) return;
  const Real stored = forces.getForce(force).calcPotentialEnergy(s, built_.system->getMatter());
  forces.setForceEnabled(s, force, on);
  forces.setNonConservativeWork(s, forces.getNonConservativeWork(s) + (on ? stored : -stored));
}

}  // namespace articula::run
