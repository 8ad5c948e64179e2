// TimeStepper: the event loop around an Integrator (see TimeStepper.h for the sequence).
#include "articula/study/TimeStepper.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <utility>

#include "articula/study/EventIsolation.h"

namespace articula {

namespace {

constexpr Real kInf = std::numeric_limits<Real>::infinity();

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// "u[0] (body 'ball', Slider mobilizer)" for entry i of y = [q u z], so that a handler's bad
// value can be traced to the variable it wrote.
std::string describeY(const System& system, const State& s, int i) {
  const int nq = s.getNQ(), nu = s.getNU();
  const bool isQ = i < nq, isU = !isQ && i < nq + nu;
  const int local = isQ ? i : isU ? i - nq : i - nq - nu;
  std::string text = std::string(isQ ? "q" : isU ? "u" : "z") + "[" + std::to_string(local) + "]";
  const VariablePart part = system.describeVariablePart(s, i);
  if (!part.name.empty()) return text + " (" + part.name + ")";
  return text;
}

}  // namespace

TimeStepper::TimeStepper(const System& system, Integrator& integrator) : system_(system), integrator_(integrator) {
  if (&integrator.getSystem() != &system)
    throw Error("TimeStepper: the integrator (" + std::string(integrator.getMethodName()) + ") integrates System " +
                quoted(integrator.getSystem().getName()) + ", not " + quoted(system.getName()));
}

// ---- setup ---------------------------------------------------------------------------------------

void TimeStepper::requireCanAdd(const char* what) const {
  // Sides and next times are set up by initialize(); adding later would leave them undefined.
  if (status_ != Status::Uninitialized)
    throw Error(std::string("TimeStepper: ") + what + " must be added before initialize()");
}

void TimeStepper::addEvent(TriggeredEvent event) {
  requireCanAdd("events");
  triggered_.push_back({std::move(event)});
}

void TimeStepper::addEvent(std::shared_ptr<const EventWitness> witness, std::shared_ptr<EventHandler> handler) {
  addEvent(TriggeredEvent(std::move(witness), std::move(handler)));
}

void TimeStepper::addEvent(const ScheduledEvent& event) {
  requireCanAdd("events");
  scheduled_.push_back({event, kInf});
}

void TimeStepper::addReporter(std::shared_ptr<const EventReporter> reporter) {
  requireCanAdd("reporters");
  if (!reporter) throw Error("TimeStepper: addReporter got a null reporter");
  reporters_.push_back({std::move(reporter), kInf});
}

void TimeStepper::setChatterLimit(int n) {
  if (n < 1) throw Error("TimeStepper: chatter limit must be >= 1, got " + std::to_string(n));
  chatterLimit_ = n;
}

void TimeStepper::requireRunning(const char* what) const {
  if (status_ == Status::Uninitialized) throw Error(std::string("TimeStepper: call initialize(state) before ") + what);
  if (status_ == Status::Failed)
    throw Error(std::string("TimeStepper: ") + what + " after the run failed at t = " +
                formatValue(current_.getTime(), 10) + " s; call initialize(state) to start again");
}

const State& TimeStepper::getState() const {
  if (status_ == Status::Uninitialized) throw Error("TimeStepper: call initialize(state) before getState()");
  return current_;
}

[[noreturn]] void TimeStepper::fail(const std::string& message, const State& lastGood, std::exception_ptr cause) {
  current_ = lastGood;  // copy first: lastGood may be work_ or an integrator state
  status_ = Status::Failed;
  throw TimeStepperError(message + ". The last good state (t = " + formatValue(current_.getTime(), 10) +
                             " s) is TimeStepper::getState()",
                         std::move(cause));
}

// ---- initialize ---------------------------------------------------------------------------------

void TimeStepper::initialize(const State& state) {
  status_ = Status::Uninitialized;
  integrator_.setReturnEveryInternalStep(true);
  integrator_.initialize(state);
  const State& s0 = integrator_.getAdvancedState();
  const Real t0 = s0.getTime();
  stats_ = TimeStepperStatistics();
  terminationReason_.clear();
  pending_ = Pending();
  chatter_ = 0;
  lastTriggerTime_ = -kInf;
  current_ = s0;
  work_ = s0;
  status_ = Status::Running;
  for (Triggered& w : triggered_) {
    w.value = evaluateWitness(w, stateAt(t0, w.event.witness->getStage()));
    w.side = witnessSide(w.value);
  }
  for (Scheduled& e : scheduled_) e.next = e.event.getSchedule().firstAtOrAfter(t0);
  for (Reporter& r : reporters_) r.next = r.reporter->getSchedule().firstAtOrAfter(t0);
  sideTime_ = reportedTime_ = t0;
  scanned_ = true;
}

// ---- dense-output view and witnesses -------------------------------------------------------------

const State& TimeStepper::stateAt(Real t, Stage stage) {
  const State& adv = integrator_.getAdvancedState();
  if (t == adv.getTime() && adv.getSystemStage() >= stage) return adv;  // realized through Acceleration
  if (t == adv.getTime()) work_ = adv;                                  // only Report-stage requests get here
  else integrator_.interpolate(t, work_);
  try {
    system_.realize(work_, stage);
  } catch (const std::exception& e) {
    fail("TimeStepper: cannot realize the state at t = " + formatValue(t, 10) + " s to " + stageName(stage) + ": " +
             e.what(),
         integrator_.getPreviousState(), std::current_exception());
  }
  return work_;
}

Real TimeStepper::evaluateWitness(const Triggered& w, const State& s) {
  const EventWitness& witness = *w.event.witness;
  Real v;
  try {
    v = witness.calcValue(s);
  } catch (const std::exception& e) {
    fail("TimeStepper: witness " + quoted(witness.getName()) + " threw at t = " + formatValue(s.getTime(), 10) +
             " s: " + e.what(),
         integrator_.getPreviousState(), std::current_exception());
  }
  if (std::isnan(v))
    fail("TimeStepper: witness " + quoted(witness.getName()) + " is NaN at t = " + formatValue(s.getTime(), 10) + " s",
         integrator_.getPreviousState());
  return v;
}

// Checks the integrator's last step (sideTime_, advanced time] for crossings. The witnesses are
// looked at on a grid no coarser than the smallest characteristic time (at most kMaxSamples
// intervals per step), so two crossings farther apart than that cannot hide inside one long
// step. At the first grid point where any witness has crossed in its direction, the crossings
// there are isolated; the earliest becomes pending_. Without a crossing, the sides move to the
// step's end.
void TimeStepper::scanLastStep() {
  constexpr int kMaxSamples = 64;
  scanned_ = true;
  const Real a = sideTime_, b = integrator_.getAdvancedTime();
  const int nw = static_cast<int>(triggered_.size());
  if (b <= a || nw == 0) {
    sideTime_ = std::max(a, b);
    return;
  }
  ++stats_.stepsScanned;
  Real tc = kInf;
  Stage stage = Stage::Time;
  for (const Triggered& w : triggered_) {
    tc = std::min(tc, w.event.witness->getCharacteristicTime());
    stage = std::max(stage, w.event.witness->getStage());
  }
  const int n = static_cast<int>(std::min<Real>(kMaxSamples, std::max<Real>(1, std::ceil((b - a) / tc))));
  // Sides and values walk along the grid; a crossing in the wrong direction just moves the side.
  for (Triggered& w : triggered_) {
    w.walkSide = w.side;
    w.walkValue = w.value;
  }
  crossed_.clear();
  Real tPrev = a, tHit = a;
  for (int j = 1; j <= n && crossed_.empty(); ++j) {
    const Real t = j == n ? b : a + (b - a) * j / n;
    if (j < n) ++stats_.witnessSamples;
    const State& s = stateAt(t, stage);
    for (int i = 0; i < nw; ++i) {
      Triggered& w = triggered_[i];
      const Real v = evaluateWitness(w, s);
      const int side = witnessSide(v);
      if (w.event.witness->isTriggeredBy(w.walkSide, side)) {
        crossed_.push_back(i);
        w.endValue = v;  // bracket [tPrev, t]: walkValue at tPrev is not on the new side
        continue;
      }
      if (side != 0) w.walkSide = side;
      w.walkValue = v;
    }
    tHit = t;
    if (crossed_.empty()) tPrev = t;
  }
  if (crossed_.empty()) {
    for (Triggered& w : triggered_) {
      w.side = w.walkSide;
      w.value = w.walkValue;
    }
    sideTime_ = b;
    return;
  }

  // Isolate each crossing in [tPrev, tHit]; the earliest right end is the event time.
  const Real accuracy = integrator_.getSettings().accuracy;
  found_.resize(crossed_.size());
  Real te = tHit;
  for (size_t k = 0; k < crossed_.size(); ++k) {
    Triggered& w = triggered_[crossed_[k]];
    const Stage ws = w.event.witness->getStage();
    auto f = [&](Real t) { return evaluateWitness(w, stateAt(t, ws)); };
    found_[k] = isolateCrossing(f, tPrev, w.walkValue, tHit, w.endValue, witnessSide(w.endValue),
                                w.event.witness->calcLocalizationWindow(accuracy));
    stats_.isolationIterations += found_[k].iterations;
    te = std::min(te, found_[k].high);
  }
  pending_.active = true;
  pending_.time = te;
  pending_.events.clear();
  pending_.triggers.clear();
  for (size_t k = 0; k < crossed_.size(); ++k) {
    Triggered& w = triggered_[crossed_[k]];
    const int newSide = witnessSide(w.endValue);
    Real valueAtTe = found_[k].valueHigh;
    if (found_[k].high != te) {
      // Did this one cross by te too (within the same window)? Then it fires together.
      valueAtTe = evaluateWitness(w, stateAt(te, w.event.witness->getStage()));
      ++stats_.isolationIterations;
      if (witnessSide(valueAtTe) != newSide) {
        ++stats_.eventsDeferred;  // found again after the restart, if it still happens
        continue;
      }
    }
    EventTrigger trig;
    trig.witness = w.event.witness.get();
    trig.crossing = newSide > 0 ? EventDirection::Rising : EventDirection::Falling;
    trig.windowStart = std::min(found_[k].low, te);
    trig.windowEnd = te;
    trig.valueBefore = found_[k].valueLow;
    trig.valueAfter = valueAtTe;
    pending_.events.push_back(crossed_[k]);
    pending_.triggers.push_back(trig);
  }
}

// ---- reporters -------------------------------------------------------------------------------------

void TimeStepper::fireReportersThrough(Real tEnd) {
  for (;;) {
    Real t = kInf;
    for (const Reporter& r : reporters_) t = std::min(t, r.next);
    if (!(t <= tEnd)) return;
    for (Reporter& r : reporters_) {
      if (r.next != t) continue;
      const State& s = stateAt(t, r.reporter->getStage());
      try {
        r.reporter->report(s);
      } catch (const std::exception& e) {
        fail("TimeStepper: reporter " + quoted(r.reporter->getName()) + " threw at t = " + formatValue(t, 10) +
                 " s: " + e.what(),
             s, std::current_exception());
      }
      ++stats_.reports;
      r.next = r.reporter->getSchedule().firstAfter(t);
    }
  }
}

Real TimeStepper::nextScheduledTime() const {
  Real t = kInf;
  for (const Scheduled& e : scheduled_) t = std::min(t, e.next);
  return t;
}

void TimeStepper::setCurrentAt(Real t) {
  const State& s = stateAt(t, Stage::Acceleration);
  current_ = s;
}

// ---- handling events ---------------------------------------------------------------------------------

bool TimeStepper::handleEventsAt(Real t, bool withTriggers, StepOutcome& outcome) {
  State s = stateAt(t, Stage::Acceleration);
  const State before = s;  // the last good state if a handler fails
  const Real accuracy = integrator_.getSettings().accuracy;
  static const std::vector<EventTrigger> none;
  const std::vector<EventTrigger>& triggers = withTriggers ? pending_.triggers : none;
  EventContext context(t, accuracy, &triggers);
  std::string handlerNames;  // for messages about what the handlers left behind

  auto describe = [&](const EventHandler& h, const EventTrigger* trig) {
    std::string d = "event handler " + quoted(h.getName());
    if (trig)
      d += " (witness " + quoted(trig->witness->getName()) + ", " + eventDirectionName(trig->crossing) +
           " crossing, value " + formatValue(trig->valueAfter, 10) + ")";
    else d += " (scheduled)";
    return d;
  };
  auto call = [&](EventHandler& h, const EventTrigger* trig) {
    context.setCurrentTrigger(trig);
    try {
      h.handle(s, context);
    } catch (const std::exception& e) {
      fail("TimeStepper: " + describe(h, trig) + " threw at t = " + formatValue(t, 10) + " s: " + e.what(), before,
           std::current_exception());
    }
    if (s.getTime() != t)
      fail("TimeStepper: " + describe(h, trig) + " changed the time from " + formatValue(t, 10) + " s to " +
               formatValue(s.getTime(), 10) + " s; handlers may change variables but not time",
           before);
    if (s.getSystemId() != before.getSystemId())
      fail("TimeStepper: " + describe(h, trig) + " at t = " + formatValue(t, 10) +
               " s replaced the State by one of another System",
           before);
    try {
      system_.realize(s, Stage::Acceleration);  // the next handler may read any cache entry
    } catch (const std::exception& e) {
      fail("TimeStepper: after " + describe(h, trig) + " at t = " + formatValue(t, 10) +
               " s the state cannot be realized: " + e.what(),
           before);
    }
    ++stats_.eventsHandled;
    handlerNames += (handlerNames.empty() ? "" : ", ") + quoted(h.getName());
  };

  if (withTriggers) {
    for (size_t k = 0; k < pending_.events.size(); ++k)
      call(*triggered_[pending_.events[k]].event.handler, &pending_.triggers[k]);
    stats_.eventsTriggered += static_cast<int64_t>(pending_.events.size());
  }
  for (Scheduled& e : scheduled_) {
    if (e.next != t) continue;
    call(*e.event.getHandler(), nullptr);
    e.next = e.event.getSchedule().firstAfter(t);
    ++stats_.scheduledEventsFired;
  }

  // Check, then project what the handlers produced, then restart the integrator from it.
  if (!s.getY().allFinite()) {
    int bad = 0;
    while (bad < s.getY().size() && std::isfinite(s.getY()[bad])) ++bad;
    fail("TimeStepper: event handler(s) " + handlerNames + " at t = " + formatValue(t, 10) +
             " s left a non-finite value: " + describeY(system_, s, bad) + " = " + formatValue(s.getY()[bad], 10),
         before);
  }
  try {
    system_.project(s, integrator_.getConstraintToleranceInUse());
  } catch (const std::exception& e) {
    fail("TimeStepper: the state left by event handler(s) " + handlerNames + " at t = " + formatValue(t, 10) +
             " s cannot be projected: " + e.what(),
         before);
  }
  try {
    integrator_.reinitialize(s, /*keepStepSize*/ false);
  } catch (const std::exception& e) {
    fail("TimeStepper: cannot restart after event handler(s) " + handlerNames + " at t = " + formatValue(t, 10) +
             " s: " + e.what(),
         before);
  }
  ++stats_.restarts;
  const State& restarted = integrator_.getAdvancedState();
  // Dense output writes only t and y into work_, so it must take the discrete variables the
  // handlers left (a force switched off, DiscreteForces): later reports would see the old ones.
  work_ = restarted;
  // New sides from the restarted state. A witness that just fired and was left at exactly zero
  // has no side until it leaves zero (a handler that puts it there does not trigger it again);
  // any other witness at zero keeps its side (it passes through zero).
  for (Triggered& w : triggered_) w.fired = false;
  if (withTriggers)
    for (int i : pending_.events) triggered_[i].fired = true;
  for (Triggered& w : triggered_) {
    w.value = evaluateWitness(w, stateAt(t, w.event.witness->getStage()));
    if (w.value != 0 || w.fired) w.side = witnessSide(w.value);
  }
  sideTime_ = reportedTime_ = t;
  scanned_ = true;
  current_ = restarted;

  if (withTriggers) {
    // Chattering: events that keep coming back within a window of the previous one.
    Real window = 0;
    for (const EventTrigger& trig : pending_.triggers)
      window = std::max(window, trig.witness->calcLocalizationWindow(accuracy));
    chatter_ = (t - lastTriggerTime_ <= 2 * window) ? chatter_ + 1 : 0;
    lastTriggerTime_ = t;
    if (chatter_ >= chatterLimit_) {
      std::string names;
      for (const EventTrigger& trig : pending_.triggers)
        names += (names.empty() ? "" : ", ") + quoted(trig.witness->getName());
      pending_ = Pending();
      fail("TimeStepper: chattering at t = " + formatValue(t, 10) + " s: witness " + names + " triggered " +
               std::to_string(chatter_ + 1) + " times in a row, each within two localization windows (" +
               formatValue(2 * window, 10) +
               " s) of the previous; the handlers do not move the state away from the event (or the events accumulate, "
               "Zeno behaviour)",
           restarted);
    }
  }
  pending_ = Pending();

  if (context.isTerminationRequested()) {
    status_ = Status::Terminated;
    terminationReason_ = context.getTerminationReason().empty() ? "requested by " + handlerNames
                                                                : context.getTerminationReason();
    outcome = StepOutcome::EndOfSimulation;
    return true;
  }
  if (returnAfterEvents_) {
    outcome = withTriggers ? StepOutcome::ReachedEventTrigger : StepOutcome::ReachedScheduledEvent;
    return true;
  }
  return false;
}

// ---- stepTo ------------------------------------------------------------------------------------------

StepOutcome TimeStepper::stepTo(Real time) {
  if (status_ == Status::Terminated) return StepOutcome::EndOfSimulation;
  requireRunning("stepTo()");
  if (std::isnan(time) || time < reportedTime_)
    throw Error("TimeStepper: stepTo(" + formatValue(time, 10) + ") is before the current time " +
                formatValue(reportedTime_, 10) + " s; a run cannot go back");
  const Real tFinal = integrator_.getSettings().finalTime;
  const int maxSteps = integrator_.getSettings().maxStepsPerCall;
  int steps = 0;
  for (;;) {
    if (!scanned_) scanLastStep();
    const Real tAdv = integrator_.getAdvancedTime();
    const Real segmentEnd = pending_.active ? pending_.time : tAdv;

    fireReportersThrough(std::min(segmentEnd, time));
    if (time <= segmentEnd) {
      setCurrentAt(time);
      reportedTime_ = time;
      return time >= tFinal ? StepOutcome::EndOfSimulation : StepOutcome::ReachedReportTime;
    }
    reportedTime_ = segmentEnd;

    StepOutcome outcome;
    if (pending_.active) {
      if (handleEventsAt(pending_.time, true, outcome)) return outcome;
      continue;
    }
    if (nextScheduledTime() <= tAdv) {
      if (handleEventsAt(tAdv, false, outcome)) return outcome;
      continue;
    }
    if (tAdv >= tFinal) {
      setCurrentAt(tAdv);
      return StepOutcome::EndOfSimulation;
    }
    if (steps >= maxSteps) {
      setCurrentAt(tAdv);
      return StepOutcome::ReachedStepLimit;
    }
    StepOutcome r;
    try {
      // One step at a time (set again in case the user changed it), and no report time for the
      // integrator: reports come from dense output, never from shorter steps.
      integrator_.setReturnEveryInternalStep(true);
      r = integrator_.stepTo(integratorReportTime(time), nextScheduledTime());
    } catch (const std::exception& e) {
      fail("TimeStepper: integration failed after t = " + formatValue(tAdv, 10) + " s: " + e.what(),
           integrator_.getAdvancedState(), std::current_exception());
    }
    if (r == StepOutcome::StartOfContinuousInterval) continue;
    ++steps;
    scanned_ = false;
    if (!stepObserver_) continue;
    try {
      stepObserver_(integrator_.getAdvancedState());
    } catch (const std::exception& e) {
      fail("TimeStepper: the step observer threw at t = " + formatValue(integrator_.getAdvancedTime(), 10) +
               " s: " + e.what(),
           integrator_.getAdvancedState(), std::current_exception());
    }
  }
}

// The report time handed to the integrator. Error-controlled steps are never shortened for
// reports (none: the reports come from dense output); fixed steps land on the next report time
// or stepTo target, as they do under Integrator::stepTo, so that a fixed-step run takes the same
// steps with or without the stepper.
Real TimeStepper::integratorReportTime(Real target) const {
  if (!integrator_.getSettings().fixedStep && integrator_.hasErrorControl()) return kInf;
  Real t = target;
  for (const Reporter& r : reporters_) t = std::min(t, r.next);
  return t;
}

}  // namespace articula
