// TimeStepper: runs an Integrator through events (Theory Manual §10.4 "Taking a time step";
// Simbody paper §3).
//
//   TimeStepper stepper(system, integrator);
//   stepper.addEvent(witness, handler);                       // a TriggeredEvent
//   stepper.addEvent(PeriodicEvent(0.01, controller));        // a ScheduledEvent
//   stepper.addReporter(std::make_shared<PeriodicReporter>("csv", 0.001, writeRow));
//   stepper.initialize(state);
//   while (stepper.stepTo(tEnd) == StepOutcome::ReachedReportTime) {}
//
// How a run proceeds. The integrator takes one internal step at a time (the stepper switches on
// returnEveryInternalStep). Scheduled event times are passed as its advance limit, so a step
// ends exactly on each. After every step, each witness is evaluated at the step's end and
// compared with its side at the start, and also on a grid inside the step no coarser than the
// witnesses' characteristic time (dense output, at most 64 points per step), so that a witness
// cannot cross and cross back unseen inside a long step unless the two crossings are closer than
// its characteristic time. Every witness that crossed in its direction is isolated on the
// integrator's dense output (EventIsolation.h) to its localization window. The earliest
// isolated time t_e (the right end of its window, where the witness is already on its new side)
// is the event time; every crossed witness already on its new side at t_e fires with it. Later
// crossings in the same step are dropped: the run restarts at t_e and finds them again if they
// still happen. At t_e: reporters due up to t_e are called with the pre-event state, then the
// handlers of the events that fired (and of scheduled events due at t_e) are called on the
// state at t_e, the result is projected onto the constraints (System::project), and the
// integrator restarts from it with reinitialize() and a fresh step size (a handler's jump makes
// the old step-size prediction meaningless). A handler's termination request ends the run.
//
// Times and states. Reporters and the target of stepTo() get states interpolated from dense
// output, so they never shorten error-controlled steps; a fixed-step integrator lands on them
// exactly, as Integrator::stepTo does with its report time. Everything at a time t sees the state before the events
// at t are handled (the left limit); those events are handled on the next stepTo(). Scheduled
// events and reporters at the initial time fire (events on the first stepTo()). States after an
// event carry what its handlers left, discrete variables included (a force switched off stays off
// in the reports).
//
// Failures end the run with TimeStepperError naming the time and the culprit, and getState()
// then holds the last good state: a handler that throws (its name, its witness and crossing,
// the time; the state before the handlers), a handler that leaves non-finite values or an
// unprojectable state, a witness that throws or returns NaN, a reporter that throws, an
// integrator failure (step-size collapse, NaN: the integrator's message), and chattering (more
// than the chatter limit of consecutive triggered events, each within a localization window of
// the previous: a handler that does not move the state away from its event, or Zeno behaviour).
//
// Limitation: two crossings closer together than the witness's characteristic time (or than
// 1/64 of a step) may be missed. Give the witness a shorter characteristic time (or limit the
// integrator's maximum step size) if that can happen.
#pragma once
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "articula/integrators/Integrator.h"
#include "articula/study/EventHandler.h"
#include "articula/study/EventIsolation.h"
#include "articula/study/EventReporter.h"
#include "articula/study/EventWitness.h"

namespace articula {

// A failed run. getCause() is what the integrator, a reporter, a handler, a witness or the step
// observer threw (null when the stepper itself found the failure), so that a caller can report
// its own errors unchanged.
class TimeStepperError : public Error {
 public:
  TimeStepperError(const std::string& message, std::exception_ptr cause) : Error(message), cause_(std::move(cause)) {}
  const std::exception_ptr& getCause() const { return cause_; }

 private:
  std::exception_ptr cause_;
};

struct TimeStepperStatistics {
  int64_t stepsScanned = 0;          // internal steps whose end was checked for witness crossings
  int64_t eventsTriggered = 0;       // witness crossings handled (one per witness per event time)
  int64_t eventsDeferred = 0;        // crossings later in a step than an earlier event: left to the restart
  int64_t scheduledEventsFired = 0;  // scheduled or periodic events that fired
  int64_t eventsHandled = 0;         // handler calls, triggered and scheduled
  int64_t witnessSamples = 0;        // states inside steps where the witnesses were looked at (grid)
  int64_t isolationIterations = 0;   // witness evaluations on dense output while isolating crossings
  int64_t reports = 0;               // reporter calls
  int64_t restarts = 0;              // integrator restarts after handlers
};

class TimeStepper {
 public:
  // The integrator must integrate `system`; both must outlive the stepper.
  TimeStepper(const System& system, Integrator& integrator);

  const System& getSystem() const { return system_; }
  Integrator& getIntegrator() { return integrator_; }
  const Integrator& getIntegrator() const { return integrator_; }

  // ---- events and reporters: add before initialize() ----
  void addEvent(TriggeredEvent event);
  void addEvent(std::shared_ptr<const EventWitness> witness, std::shared_ptr<EventHandler> handler);
  void addEvent(const ScheduledEvent& event);  // also a PeriodicEvent
  void addReporter(std::shared_ptr<const EventReporter> reporter);
  int getNumTriggeredEvents() const { return static_cast<int>(triggered_.size()); }
  int getNumScheduledEvents() const { return static_cast<int>(scheduled_.size()); }
  int getNumReporters() const { return static_cast<int>(reporters_.size()); }

  // ---- options ----
  // stepTo() also returns after each handled event: ReachedEventTrigger (a witness fired) or
  // ReachedScheduledEvent (only scheduled events), with getState() after the handlers.
  void setReturnAfterEvents(bool on) { returnAfterEvents_ = on; }
  // Consecutive triggered events, each within a localization window of the previous, allowed
  // before the run fails as chattering (default 100).
  void setChatterLimit(int n);
  // Called after every accepted internal step with the integrator's advanced state (realized
  // through Acceleration), before the step is scanned for events: per-step monitoring such as
  // step limits or peaks between reports. What it throws ends the run (TimeStepperError's cause).
  using StepObserver = std::function<void(const State& advanced)>;
  void setStepObserver(StepObserver observer) { stepObserver_ = std::move(observer); }

  // ---- running ----
  // Initializes the integrator with `state` (projected, realized), evaluates the witnesses' sides
  // and resets the statistics. Turns on the integrator's returnEveryInternalStep.
  void initialize(const State& state);
  // Advances to `time` and returns ReachedReportTime with getState() at exactly that time, or
  // EndOfSimulation (the integrator's final time, or a handler asked to terminate), or
  // ReachedStepLimit after the integrator's maxStepsPerCall steps, or (setReturnAfterEvents)
  // ReachedEventTrigger / ReachedScheduledEvent. After termination it keeps returning
  // EndOfSimulation; after a failure it throws until initialize() is called again.
  StepOutcome stepTo(Real time);

  const State& getState() const;  // where stepTo stopped; after a failure, the last good state
  Real getTime() const { return getState().getTime(); }
  bool isTerminated() const { return status_ == Status::Terminated; }
  bool hasFailed() const { return status_ == Status::Failed; }
  const std::string& getTerminationReason() const { return terminationReason_; }
  const TimeStepperStatistics& getStatistics() const { return stats_; }

 private:
  enum class Status { Uninitialized, Running, Terminated, Failed };
  struct Triggered {
    TriggeredEvent event;
    int side = 0;       // last nonzero side seen (0: none since the start or a restart at zero)
    Real value = 0;     // value at sideTime_
    Real endValue = 0;  // value where a crossing was seen while scanning
    int walkSide = 0;   // side and value along the scanning grid
    Real walkValue = 0;
    bool fired = false;
  };
  struct Scheduled {
    ScheduledEvent event;
    Real next;
  };
  struct Reporter {
    std::shared_ptr<const EventReporter> reporter;
    Real next;
  };
  struct Pending {
    bool active = false;
    Real time = 0;
    std::vector<int> events;             // indices into triggered_, in the order added
    std::vector<EventTrigger> triggers;  // parallel to events
  };

  void requireCanAdd(const char* what) const;
  void requireRunning(const char* what) const;
  // The stepper's dense-output view: the advanced state itself at its time, else interpolated
  // into work_; realized to `stage`.
  const State& stateAt(Real t, Stage stage);
  Real evaluateWitness(const Triggered& w, const State& s);
  void scanLastStep();
  void fireReportersThrough(Real tEnd);
  Real nextScheduledTime() const;
  // Calls the handlers of pending_ (if at t) and of scheduled events due at t, projects and
  // restarts. Returns the outcome to report if stepTo should return now, else nothing.
  bool handleEventsAt(Real t, bool withTriggers, StepOutcome& outcome);
  void setCurrentAt(Real t);
  Real integratorReportTime(Real target) const;
  [[noreturn]] void fail(const std::string& message, const State& lastGood, std::exception_ptr cause = nullptr);

  const System& system_;
  Integrator& integrator_;
  std::vector<Triggered> triggered_;
  std::vector<Scheduled> scheduled_;
  std::vector<Reporter> reporters_;
  bool returnAfterEvents_ = false;
  int chatterLimit_ = 100;
  StepObserver stepObserver_;

  Status status_ = Status::Uninitialized;
  TimeStepperStatistics stats_;
  std::string terminationReason_;
  State current_;          // what getState() returns
  State work_;             // dense-output scratch
  Real sideTime_ = 0;      // witness sides are known at this time (<= advanced time)
  Real reportedTime_ = 0;  // reporters and stepTo targets are done through this time
  bool scanned_ = true;    // the integrator's last step has been checked for crossings
  Pending pending_;
  std::vector<int> crossed_;  // scanning scratch, kept to avoid allocating per step
  std::vector<IsolationResult> found_;
  int chatter_ = 0;
  Real lastTriggerTime_ = 0;
};

}  // namespace articula
