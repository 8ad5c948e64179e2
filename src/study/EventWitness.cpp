// EventWitness: validation, the localization window and the direction test.
#include "articula/study/EventWitness.h"

#include <cmath>
#include <sstream>
#include <utility>

#include "articula/Error.h"

namespace articula {

const char* eventDirectionName(EventDirection direction) {
  switch (direction) {
    case EventDirection::Rising: return "Rising";
    case EventDirection::Falling: return "Falling";
    case EventDirection::Both: return "Both";
  }
  return "unknown";
}

EventWitness::EventWitness(std::string name, Stage stage, EventDirection direction, Function function)
    : name_(std::move(name)), stage_(stage), direction_(direction), function_(std::move(function)) {
  // Witnesses are evaluated on states the stepper realizes; below Time there is nothing that
  // changes during a run, and a stage past Report does not exist.
  if (stage_ < Stage::Time || stage_ > Stage::Report)
    throw Error("EventWitness '" + name_ + "': stage must be Time .. Report, got " + stageName(stage_));
}

Real EventWitness::calcValue(const State& s) const {
  if (!function_) throw Error("EventWitness '" + name_ + "': no witness function (pass one or override calcValue)");
  return function_(s);
}

EventWitness& EventWitness::setCharacteristicTime(Real seconds) {
  if (!(seconds > 0) || !std::isfinite(seconds))
    throw Error("EventWitness '" + name_ + "': characteristic time must be finite and > 0 s, got " +
                formatValue(seconds));
  characteristicTime_ = seconds;
  return *this;
}

EventWitness& EventWitness::setLocalizationWindow(Real seconds) {
  if (!(seconds >= 0) || !std::isfinite(seconds))
    throw Error("EventWitness '" + name_ + "': localization window must be finite and >= 0 s, got " +
                formatValue(seconds));
  window_ = seconds;
  return *this;
}

Real EventWitness::calcLocalizationWindow(Real accuracy) const {
  return window_ > 0 ? window_ : accuracy * characteristicTime_;
}

bool EventWitness::isTriggeredBy(int before, int after) const {
  // Zero is no side: leaving or reaching zero is not a crossing (grazing never triggers).
  if (before == 0 || after == 0 || before == after) return false;
  switch (direction_) {
    case EventDirection::Rising: return before < 0;
    case EventDirection::Falling: return before > 0;
    case EventDirection::Both: return true;
  }
  return false;
}

}  // namespace articula
