// Event handlers and the events that call them.
//
//   TriggeredEvent = EventWitness + EventHandler: fires when the witness crosses zero in its
//                    direction; the handler sees the state at the isolated event time.
//   ScheduledEvent = times + EventHandler: fires exactly at the given times (the stepper passes
//                    them to the integrator as advance limits, so a step ends on each).
//   PeriodicEvent  = a ScheduledEvent every `interval` from `start`.
//
// A handler may change anything in the State except its time (q, u, z, discrete variables such
// as DiscreteForces); the stepper then projects the state onto the constraints and restarts the
// integrator from it. Handlers of events that fire at the same time (witnesses whose crossings
// lie within one localization window, and scheduled events at that time) are called one after
// the other on the same State, in the order the events were added (triggered events first);
// projection and restart happen once, after the last. A handler may ask to end the run.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "articula/study/EventSchedule.h"
#include "articula/study/EventWitness.h"

namespace articula {

// One witness crossing that caused the current event.
struct EventTrigger {
  const EventWitness* witness = nullptr;
  EventDirection crossing = EventDirection::Rising;  // Rising or Falling: how it actually crossed
  Real windowStart = 0;  // the crossing lies in (windowStart, windowEnd]; windowEnd is the event time
  Real windowEnd = 0;
  Real valueBefore = 0;  // witness value at windowStart (old side or zero) and at windowEnd (new side)
  Real valueAfter = 0;
};

// What a handler is told, and how it answers.
class EventContext {
 public:
  EventContext(Real time, Real accuracy, const std::vector<EventTrigger>* triggers)
      : time_(time), accuracy_(accuracy), triggers_(triggers) {}

  Real getTime() const { return time_; }
  Real getAccuracy() const { return accuracy_; }
  // The crossing of this handler's own witness (nullptr for scheduled events).
  const EventTrigger* getTrigger() const { return current_; }
  // Every witness crossing handled at this time (empty when only scheduled events fire).
  const std::vector<EventTrigger>& getTriggers() const;

  // Ends the run after this event: TimeStepper::stepTo returns EndOfSimulation.
  void requestTermination(const std::string& reason = "");
  bool isTerminationRequested() const { return terminate_; }
  const std::string& getTerminationReason() const { return reason_; }

  // Used by the stepper before each handler call.
  void setCurrentTrigger(const EventTrigger* trigger) { current_ = trigger; }

 private:
  Real time_, accuracy_;
  const std::vector<EventTrigger>* triggers_;
  const EventTrigger* current_ = nullptr;
  bool terminate_ = false;
  std::string reason_;
};

class EventHandler {
 public:
  using Function = std::function<void(State&, EventContext&)>;
  // `name` identifies the handler in errors and statistics.
  EventHandler(std::string name, Function function);
  virtual ~EventHandler() = default;
  const std::string& getName() const { return name_; }
  // Called with the State at the event time, realized through Acceleration. Subclasses may
  // override instead of passing a function.
  virtual void handle(State& state, EventContext& context);

 private:
  std::string name_;
  Function function_;
};

struct TriggeredEvent {
  TriggeredEvent(std::shared_ptr<const EventWitness> witness, std::shared_ptr<EventHandler> handler);
  std::shared_ptr<const EventWitness> witness;
  std::shared_ptr<EventHandler> handler;
};

class ScheduledEvent {
 public:
  // Fires at each of `times` (they may be unsorted; duplicates fire once).
  ScheduledEvent(std::vector<Real> times, std::shared_ptr<EventHandler> handler);
  const EventSchedule& getSchedule() const { return schedule_; }
  const std::shared_ptr<EventHandler>& getHandler() const { return handler_; }

 protected:
  ScheduledEvent(EventSchedule schedule, std::shared_ptr<EventHandler> handler);

 private:
  EventSchedule schedule_;
  std::shared_ptr<EventHandler> handler_;
};

class PeriodicEvent : public ScheduledEvent {
 public:
  // Fires at start, start + interval, start + 2 interval, ...
  PeriodicEvent(Real interval, std::shared_ptr<EventHandler> handler, Real start = 0);
};

}  // namespace articula
