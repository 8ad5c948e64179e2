// Event handlers, their context, and the triggered / scheduled / periodic event records.
#include "articula/study/EventHandler.h"

#include <utility>

#include "articula/Error.h"

namespace articula {

namespace {
const std::vector<EventTrigger> kNoTriggers;

const std::shared_ptr<EventHandler>& requireHandler(const std::shared_ptr<EventHandler>& h, const char* what) {
  if (!h) throw Error(std::string(what) + ": the handler is null");
  return h;
}
}  // namespace

const std::vector<EventTrigger>& EventContext::getTriggers() const { return triggers_ ? *triggers_ : kNoTriggers; }

void EventContext::requestTermination(const std::string& reason) {
  terminate_ = true;
  if (!reason.empty()) reason_ = reason;
}

EventHandler::EventHandler(std::string name, Function function)
    : name_(std::move(name)), function_(std::move(function)) {}

void EventHandler::handle(State& state, EventContext& context) {
  if (!function_) throw Error("EventHandler '" + name_ + "': no handler function (pass one or override handle)");
  function_(state, context);
}

TriggeredEvent::TriggeredEvent(std::shared_ptr<const EventWitness> w, std::shared_ptr<EventHandler> h)
    : witness(std::move(w)), handler(std::move(h)) {
  if (!witness) throw Error("TriggeredEvent: the witness is null");
  requireHandler(handler, ("TriggeredEvent '" + witness->getName() + "'").c_str());
}

ScheduledEvent::ScheduledEvent(std::vector<Real> times, std::shared_ptr<EventHandler> handler)
    : ScheduledEvent(EventSchedule::at(std::move(times), handler ? handler->getName() : "ScheduledEvent"), handler) {
}  // a copy: the name above may be read after this argument is made

ScheduledEvent::ScheduledEvent(EventSchedule schedule, std::shared_ptr<EventHandler> handler)
    : schedule_(std::move(schedule)), handler_(std::move(handler)) {
  requireHandler(handler_, "ScheduledEvent");
}

PeriodicEvent::PeriodicEvent(Real interval, std::shared_ptr<EventHandler> handler, Real start)
    : ScheduledEvent(EventSchedule::every(interval, start, handler ? handler->getName() : "PeriodicEvent"), handler) {}

}  // namespace articula
