// EventWitness: a scalar function of the State whose sign change marks an event (Theory Manual
// §8.6.3; Simbody paper §3). The TimeStepper evaluates every witness at the end of each internal
// step and, when the sign changed in the witness's direction, isolates the crossing on the
// integrator's dense output to within the witness's localization window.
//
// Signs and sides. A witness value is on the positive side (> 0), the negative side (< 0) or
// exactly zero. A crossing is a change between the two strict sides; zero belongs to neither,
// so a witness that touches zero and returns (grazes) never triggers, and one that passes
// through an exact zero triggers once, when it reaches the other side. A witness that starts at
// exactly zero (or that a handler leaves at exactly zero) triggers only at its first crossing
// after it has left zero.
//
// Localization window. The crossing is isolated to a time interval no wider than
//     window = accuracy · characteristicTime        (default characteristicTime 0.1 s)
// unless an absolute window is set. The characteristic time is the Theory Manual's t_c (§9.3,
// default 0.1 s: biomechanics); α = 1e-3 thus gives 0.1 ms. The event is reported at the right
// end of the interval, where the witness is already on its new side, so the reported time is at
// most one window after the true crossing (of the integrated trajectory) and never before it.
//
// The characteristic time is also how often the stepper looks at the witness inside a long
// integrator step (on dense output, without shortening the step): crossings farther apart than
// it are never merged into one invisible double crossing. Shorten it for witnesses that can
// cross and cross back quickly.
#pragma once
#include <functional>
#include <string>

#include "articula/math/Types.h"
#include "articula/system/Stage.h"
#include "articula/system/State.h"

namespace articula {

// Which sign changes of a witness trigger its event.
enum class EventDirection {
  Rising,   // negative to positive
  Falling,  // positive to negative
  Both
};
const char* eventDirectionName(EventDirection direction);

// -1, 0 or +1: the side of a witness value (NaN has no side and is reported as an error).
inline int witnessSide(Real value) { return value > 0 ? 1 : (value < 0 ? -1 : 0); }

class EventWitness {
 public:
  using Function = std::function<Real(const State&)>;
  static constexpr Real kDefaultCharacteristicTime = 0.1;  // s (Theory Manual §9.3 t_c)

  // `stage` is the stage the State is realized to when `function` is called (Time .. Report).
  EventWitness(std::string name, Stage stage, EventDirection direction, Function function);
  virtual ~EventWitness() = default;

  const std::string& getName() const { return name_; }
  Stage getStage() const { return stage_; }
  EventDirection getDirection() const { return direction_; }

  // The witness value; s is realized to getStage(). Subclasses may override instead of passing
  // a function.
  virtual Real calcValue(const State& s) const;

  // The time scale on which this witness changes: the window is accuracy times this, and the
  // witness is sampled at least this often inside integrator steps.
  EventWitness& setCharacteristicTime(Real seconds);
  Real getCharacteristicTime() const { return characteristicTime_; }
  // An absolute window (s), independent of accuracy; 0 returns to accuracy · characteristic time.
  EventWitness& setLocalizationWindow(Real seconds);
  Real calcLocalizationWindow(Real accuracy) const;

  // True if a change from side `before` to side `after` (each -1, 0, +1) triggers this witness.
  bool isTriggeredBy(int before, int after) const;

 private:
  std::string name_;
  Stage stage_;
  EventDirection direction_;
  Function function_;
  Real characteristicTime_ = kDefaultCharacteristicTime;
  Real window_ = 0;
};

}  // namespace articula
