// The TimeStepper with Python witnesses, event handlers and reporters, and the Assembler
// (docs/python.md, "Integrators, events and assembly").
//
// Callbacks run from C++ while step_to has released the GIL: each takes the GIL, hands Python a
// State of its own (a PyState copy, so no view can outlive the C++ State it came from) and, for a
// handler, copies that State back after the call, through PyState::sync so that writes through
// its views count. A Python exception raised in a callback is kept (with the GIL held) while a C++
// Error carries its message out through the stepper, which wraps it; step_to then raises the Python
// exception itself.
#include <chrono>
#include <cmath>

#include "Stepping.h"
#include "articula/matter/MultibodySystem.h"
#include "articula/study/Assembler.h"
#include "articula/study/TimeStepper.h"

namespace articula::python {

namespace {

// ---- Python callbacks ----------------------------------------------------------------------------------

// The Python exception that stopped the run, kept until step_to re-raises it.
struct CallbackErrors {
  std::exception_ptr pending;
};
using ErrorsPtr = std::shared_ptr<CallbackErrors>;

class PythonCallbackError : public Error {
 public:
  using Error::Error;
};

// Runs f with the GIL; a Python exception is kept in `errors` and leaves as PythonCallbackError.
template <class F>
auto withGil(CallbackErrors& errors, F f) -> decltype(f()) {
  py::gil_scoped_acquire gil;
  try {
    return f();
  } catch (py::error_already_set& e) {
    const std::string message = e.what();
    errors.pending = std::current_exception();
    throw PythonCallbackError(message);
  }
}

// A callable held by C++ objects: released with the GIL held, whoever destroys its owner.
class Callable {
 public:
  Callable(py::object f, ErrorsPtr errors) : f_(std::move(f)), errors_(std::move(errors)) {}
  ~Callable() {
    py::gil_scoped_acquire gil;
    f_ = py::object();
  }
  Callable(const Callable&) = delete;
  Callable& operator=(const Callable&) = delete;
  template <class F>
  auto call(F body) const -> decltype(body(std::declval<const py::object&>())) {
    return withGil(*errors_, [&] { return body(f_); });
  }

 private:
  py::object f_;
  ErrorsPtr errors_;
};

// What a handler is told: a self-contained copy of the EventContext (which lives on the C++ stack).
struct PyEvent {
  Real time = 0, accuracy = 0;
  std::optional<std::string> witness;
  std::optional<EventDirection> direction;
  Real windowStart = 0, windowEnd = 0, valueBefore = 0, valueAfter = 0;
  std::vector<std::string> triggers;
  bool terminate = false;
  std::string reason;

  explicit PyEvent(const EventContext& c)
      : time(c.getTime()), accuracy(c.getAccuracy()), windowStart(c.getTime()), windowEnd(c.getTime()) {
    if (const EventTrigger* t = c.getTrigger()) {
      witness = t->witness->getName();
      direction = t->crossing;
      windowStart = t->windowStart, windowEnd = t->windowEnd;
      valueBefore = t->valueBefore, valueAfter = t->valueAfter;
    }
    for (const EventTrigger& t : c.getTriggers()) triggers.push_back(t.witness->getName());
  }
};

class PyHandler final : public EventHandler {
 public:
  PyHandler(std::string name, py::object f, ErrorsPtr errors)
      : EventHandler(std::move(name), nullptr), f_(std::move(f), std::move(errors)) {}
  void handle(State& state, EventContext& context) override {
    f_.call([&](const py::object& f) {
      py::object s = py::cast(PyState(state));
      py::object e = py::cast(PyEvent(context));
      f(s, e);
      state = s.cast<PyState&>().sync();  // the handler's writes, through its views or not
      const PyEvent& done = e.cast<const PyEvent&>();
      if (done.terminate) context.requestTermination(done.reason);
    });
  }

 private:
  Callable f_;
};

class PyWitness final : public EventWitness {
 public:
  PyWitness(std::string name, Stage stage, EventDirection direction, py::object f, ErrorsPtr errors)
      : EventWitness(std::move(name), stage, direction, nullptr), f_(std::move(f), std::move(errors)) {}
  Real calcValue(const State& s) const override {
    return f_.call([&](const py::object& f) {
      const py::object v = f(PyState(s));
      const double x = PyFloat_AsDouble(v.ptr());  // TypeError for anything that is not a real number
      if (x == -1.0 && PyErr_Occurred()) throw py::error_already_set();
      return x;
    });
  }

 private:
  Callable f_;
};

class PyReporter final : public EventReporter {
 public:
  PyReporter(std::string name, EventSchedule schedule, Stage stage, py::object f, ErrorsPtr errors)
      : EventReporter(std::move(name), std::move(schedule), nullptr, stage), f_(std::move(f), std::move(errors)) {}
  void report(const State& s) const override {
    f_.call([&](const py::object& f) { f(PyState(s)); });
  }

 private:
  Callable f_;
};

std::string nameOf(const py::object& f, const std::string& given) {
  if (!given.empty()) return given;
  return py::str(py::getattr(f, "__name__", py::str("python")));
}

void requireCallable(const py::object& f, const char* what) {
  if (!PyCallable_Check(f.ptr())) throw py::type_error(std::string("TimeStepper.") + what + ": expected a callable");
}

// C++ validation of an event's or reporter's arguments (times, interval, stage) is ValueError here.
template <class F>
auto argument(F f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    throw py::value_error(e.what());
  }
}

// ---- the stepper -----------------------------------------------------------------------------------------

struct PyStepper {
  PyStepper(const System& system, Integrator& integrator) : stepper(system, integrator) {
    stepper.setStepObserver([this](const State& s) { observe(s); });
  }

  // After every internal step: the step reporters, and Ctrl-C about ten times a second.
  void observe(const State& s) {
    const auto now = std::chrono::steady_clock::now();
    const bool checkSignals = now - lastSignalCheck > std::chrono::milliseconds(100);
    if (!checkSignals && stepReporters.empty()) return;
    if (checkSignals) lastSignalCheck = now;
    withGil(*errors, [&] {
      if (checkSignals && PyErr_CheckSignals() != 0) throw py::error_already_set();
      for (const auto& r : stepReporters) r->call([&](const py::object& f) { f(PyState(s)); });
    });
  }

  TimeStepper stepper;
  ErrorsPtr errors = std::make_shared<CallbackErrors>();
  std::vector<std::unique_ptr<Callable>> stepReporters;
  std::chrono::steady_clock::time_point lastSignalCheck{};
  bool returnAfterEvents = false;  // mirrors of write-only C++ options
  int chatterLimit = 100;
};

// Runs f with the GIL released, the stepper and its integrator marked as stepping; a Python
// exception from a callback is raised as itself.
template <class F>
auto running(PyStepper& p, F f) -> decltype(f()) {
  Stepping guard({&p.stepper, &p.stepper.getIntegrator()}, "the TimeStepper");
  p.errors->pending = nullptr;
  try {
    py::gil_scoped_release release;
    return f();
  } catch (...) {
    if (std::exception_ptr e = std::exchange(p.errors->pending, nullptr)) std::rethrow_exception(e);
    throw;
  }
}

void checkTime(Real t, const char* what) {
  if (!std::isfinite(t))
    throw py::value_error(std::string("TimeStepper.") + what + "(" + formatValue(t) + "): time must be finite");
}

StepOutcome stepTo(PyStepper& p, Real t) {
  requireIdle(&p.stepper, "TimeStepper.step_to");
  checkTime(t, "step_to");
  return running(p, [&] { return p.stepper.stepTo(t); });
}

StepOutcome runTo(PyStepper& p, Real t) {
  requireIdle(&p.stepper, "TimeStepper.run");
  checkTime(t, "run");
  return running(p, [&] {
    for (;;) {
      const StepOutcome o = p.stepper.stepTo(t);
      if (o == StepOutcome::ReachedReportTime || o == StepOutcome::EndOfSimulation) return o;
    }
  });
}

int addEvent(PyStepper& p, py::object witness, py::object handler, EventDirection direction, Stage stage,
             std::string name, std::optional<Real> characteristicTime, std::optional<Real> window) {
  requireIdle(&p.stepper, "TimeStepper.add_event");
  requireCallable(witness, "add_event(witness)");
  requireCallable(handler, "add_event(handler)");
  checkedStage(stage, Stage::Time);
  const std::string handlerName = nameOf(handler, name);
  auto w = argument(
      [&] { return std::make_shared<PyWitness>(nameOf(witness, name), stage, direction, witness, p.errors); });
  argument([&] {
    if (characteristicTime) w->setCharacteristicTime(*characteristicTime);
    if (window) w->setLocalizationWindow(*window);
  });
  p.stepper.addEvent(w, std::make_shared<PyHandler>(handlerName, handler, p.errors));
  return p.stepper.getNumTriggeredEvents() - 1;
}

void addScheduled(PyStepper& p, py::object handler, const std::vector<Real>& times, const std::string& name) {
  requireIdle(&p.stepper, "TimeStepper.add_scheduled_event");
  requireCallable(handler, "add_scheduled_event(handler)");
  auto h = std::make_shared<PyHandler>(nameOf(handler, name), handler, p.errors);
  p.stepper.addEvent(argument([&] { return ScheduledEvent(times, h); }));
}

void addPeriodic(PyStepper& p, py::object handler, Real interval, Real start, const std::string& name) {
  requireIdle(&p.stepper, "TimeStepper.add_periodic_event");
  requireCallable(handler, "add_periodic_event(handler)");
  auto h = std::make_shared<PyHandler>(nameOf(handler, name), handler, p.errors);
  p.stepper.addEvent(argument([&] { return PeriodicEvent(interval, h, start); }));
}

void addReporter(PyStepper& p, py::object f, const std::optional<std::vector<Real>>& times,
                 std::optional<Real> interval, Real start, Stage stage, const std::string& name) {
  requireIdle(&p.stepper, "TimeStepper.add_reporter");
  requireCallable(f, "add_reporter(function)");
  checkedStage(stage, Stage::Time);
  if (times.has_value() == interval.has_value())
    throw py::value_error("TimeStepper.add_reporter: give either times or interval (add_step_reporter: every step)");
  const std::string n = nameOf(f, name);
  p.stepper.addReporter(argument([&] {
    EventSchedule s = times ? EventSchedule::at(*times, n) : EventSchedule::every(*interval, start, n);
    return std::make_shared<PyReporter>(n, std::move(s), stage, f, p.errors);
  }));
}

void initialize(PyStepper& p, PyState& s) {
  requireIdle(&p.stepper, "TimeStepper.initialize");
  State& st = s.sync();
  running(p, [&] { p.stepper.initialize(st); });
}

py::dict stepperStatistics(const PyStepper& p) {
  requireIdle(&p.stepper, "TimeStepper.statistics");
  const TimeStepperStatistics& s = p.stepper.getStatistics();
  py::dict d;
  d["steps_scanned"] = s.stepsScanned, d["events_triggered"] = s.eventsTriggered;
  d["events_deferred"] = s.eventsDeferred, d["scheduled_events_fired"] = s.scheduledEventsFired;
  d["events_handled"] = s.eventsHandled, d["witness_samples"] = s.witnessSamples;
  d["isolation_iterations"] = s.isolationIterations, d["reports"] = s.reports, d["restarts"] = s.restarts;
  return d;
}

void bindEvent(py::module_& m) {
  py::enum_<EventDirection>(m, "EventDirection", "Which sign changes of a witness trigger its event.")
      .value("Rising", EventDirection::Rising, "negative to positive")
      .value("Falling", EventDirection::Falling, "positive to negative")
      .value("Both", EventDirection::Both);
  documentEnum(m.attr("EventDirection"), "Rising");

  py::class_<PyEvent>(m, "Event",
                      "What an event handler is told (its second argument): the event time, the witness that "
                      "triggered it (None for a scheduled event) and how; call terminate() to end the run.")
      .def_readonly("time", &PyEvent::time, "The event time, s (the right end of the localization window).")
      .def_readonly("accuracy", &PyEvent::accuracy, "The integrator's accuracy.")
      .def_readonly("witness", &PyEvent::witness, "Name of this handler's witness; None for a scheduled event.")
      .def_readonly("direction", &PyEvent::direction, "How the witness crossed (Rising or Falling); None if scheduled.")
      .def_property_readonly(
          "window", [](const PyEvent& e) { return py::make_tuple(e.windowStart, e.windowEnd); },
          "(start, end): the crossing lies in (start, end]; end is the event time.")
      .def_readonly("value_before", &PyEvent::valueBefore, "Witness value at the window's start.")
      .def_readonly("value_after", &PyEvent::valueAfter, "Witness value at the window's end (the event time).")
      .def_readonly("triggers", &PyEvent::triggers, "Names of every witness that fired at this time.")
      .def(
          "terminate",
          [](PyEvent& e, std::string reason) {
            e.terminate = true;
            e.reason = std::move(reason);
          },
          py::arg("reason") = "", "Ends the run after this event: step_to returns EndOfSimulation.")
      .def_readonly("termination_requested", &PyEvent::terminate, "Whether terminate() was called on this event.")
      .def("__repr__", [](const PyEvent& e) {
        return "Event(t=" + formatValue(e.time) +
               (e.witness ? ", witness='" + *e.witness + "'" : std::string(", scheduled")) + ")";
      });
}

void bindStepperSetup(py::class_<PyStepper>& c) {
  c.def("add_event", &addEvent, py::arg("witness"), py::arg("handler"), py::arg("direction") = EventDirection::Both,
        py::arg("stage") = Stage::Acceleration, py::arg("name") = "", py::arg("characteristic_time") = py::none(),
        py::arg("localization_window") = py::none(),
        "A triggered event: `handler(state, event)` is called when `witness(state) -> float` crosses zero in "
        "`direction` (Rising: - to +, Falling: + to -, Both). The witness sees the State realized to `stage` (lower "
        "it to save work when it reads only q and u). The crossing is isolated to localization_window s (default "
        "accuracy * characteristic_time, which defaults to 0.1 s); the handler gets the state at the window's end. "
        "The handler may change the State it is given (state.u[0] *= -1, set_force_enabled, ...) but not its time; "
        "those changes are what the run continues from. Add before initialize(). Returns the event's index.")
      .def("add_scheduled_event", &addScheduled, py::arg("handler"), py::arg("times"), py::arg("name") = "",
           "A scheduled event: `handler(state, event)` at each of `times` (any order; duplicates fire once). Steps "
           "end exactly on those times; event.witness is None.")
      .def("add_periodic_event", &addPeriodic, py::arg("handler"), py::arg("interval"), py::arg("start") = 0.0,
           py::arg("name") = "",
           "A periodic event (a controller, a sampler): `handler(state, event)` at start + k * interval, exactly.")
      .def("add_reporter", &addReporter, py::arg("function"), py::arg("times") = py::none(),
           py::arg("interval") = py::none(), py::arg("start") = 0.0, py::arg("stage") = Stage::Acceleration,
           py::arg("name") = "",
           "A reporter: `function(state)` at each of `times`, or every `interval` from `start`, with the State "
           "(a copy, realized to `stage`) interpolated to exactly that time; reporting never changes the steps. At "
           "an event time it sees the state before the handlers.")
      .def(
          "add_step_reporter",
          [](PyStepper& p, py::object f) {
            requireIdle(&p.stepper, "TimeStepper.add_step_reporter");
            requireCallable(f, "add_step_reporter");
            p.stepReporters.push_back(std::make_unique<Callable>(std::move(f), p.errors));
          },
          py::arg("function"),
          "`function(state)` after every accepted internal step with the integrator's advanced state (a copy).")
      .def_property(
          "return_after_events", [](const PyStepper& p) { return p.returnAfterEvents; },
          [](PyStepper& p, bool on) {
            requireIdle(&p.stepper, "TimeStepper.return_after_events");
            p.stepper.setReturnAfterEvents(on);
            p.returnAfterEvents = on;
          },
          "True: step_to also returns after each handled event (ReachedEventTrigger or ReachedScheduledEvent). "
          "Default False.")
      .def_property(
          "chatter_limit", [](const PyStepper& p) { return p.chatterLimit; },
          [](PyStepper& p, int n) {
            requireIdle(&p.stepper, "TimeStepper.chatter_limit");
            argument([&] { p.stepper.setChatterLimit(n); });
            p.chatterLimit = n;
          },
          "Consecutive triggered events, each within a localization window of the previous, allowed before the "
          "run fails as chattering (default 100).")
      .def_property_readonly(
          "num_events",
          [](const PyStepper& p) { return p.stepper.getNumTriggeredEvents() + p.stepper.getNumScheduledEvents(); },
          "Events added: triggered (add_event) plus scheduled and periodic ones.")
      .def_property_readonly(
          "num_reporters",
          [](const PyStepper& p) { return p.stepper.getNumReporters() + static_cast<int>(p.stepReporters.size()); },
          "Reporters added: add_reporter plus add_step_reporter.");
}

void bindStepperRun(py::class_<PyStepper>& c) {
  c.def("initialize", &initialize, py::arg("state"),
        "Starts a run from a copy of `state` (projected, realized): initializes the integrator and evaluates the "
        "witnesses. Events and reporters at the initial time fire (events on the first step_to).")
      .def("step_to", &stepTo, py::arg("time"),
           "Advances to `time` (GIL released; callbacks take it) and returns the StepOutcome: ReachedReportTime "
           "with `state` at exactly `time`, EndOfSimulation (final time or a handler's terminate()), "
           "ReachedStepLimit, or with return_after_events ReachedEventTrigger / ReachedScheduledEvent. An exception "
           "raised by a witness, handler or reporter is raised here as itself; any other failure (step size "
           "collapse, NaN, a handler leaving NaN, chattering) raises SimulationError. After a failure `state` is "
           "the last good state and step_to raises until initialize(). Ctrl-C raises KeyboardInterrupt.")
      .def("run", &runTo, py::arg("time"),
           "step_to(time) repeated through step limits and event returns: returns ReachedReportTime or "
           "EndOfSimulation.")
      .def_property_readonly(
          "state",
          [](const PyStepper& p) {
            requireIdle(&p.stepper, "TimeStepper.state");
            return PyState(p.stepper.getState());
          },
          "A copy of the State where step_to stopped (after a failure, the last good state).")
      .def_property_readonly(
          "time",
          [](const PyStepper& p) {
            requireIdle(&p.stepper, "TimeStepper.time");
            return p.stepper.getTime();
          },
          "The time of `state`, s (Error before initialize()).")
      .def_property_readonly(
          "terminated", [](const PyStepper& p) { return p.stepper.isTerminated(); },
          "True once a handler ended the run or the final time was reached.")
      .def_property_readonly(
          "failed", [](const PyStepper& p) { return p.stepper.hasFailed(); },
          "True after step_to raised for a failed integration (then `state` is the last good state and "
          "step_to raises until initialize()).")
      .def_property_readonly(
          "termination_reason", [](const PyStepper& p) { return p.stepper.getTerminationReason(); },
          "Why a handler ended the run: the reason given to Event.terminate(), else 'requested by' and the "
          "handlers' names; '' while the run goes on (initialize() clears it).")
      .def_property_readonly("statistics", &stepperStatistics,
                             "Counts of the run as a dict (steps_scanned, events_triggered, events_handled, reports, "
                             "restarts, ...); the integrator's are integrator.statistics.")
      .def_property_readonly(
          "integrator", [](PyStepper& p) -> Integrator& { return p.stepper.getIntegrator(); },
          py::return_value_policy::reference_internal, "The Integrator it drives.")
      .def_property_readonly(
          "system", [](const PyStepper& p) -> const System& { return p.stepper.getSystem(); },
          py::return_value_policy::reference_internal, "The System it advances (the integrator's).");
}

void bindTimeStepper(py::module_& m) {
  py::class_<PyStepper> c(
      m, "TimeStepper",
      "Runs an Integrator through events (Simbody's TimeStepper):\n\n"
      "    integ = articula.make_integrator(system, 'RungeKuttaMerson', accuracy=1e-6)\n"
      "    ts = articula.TimeStepper(system, integ)\n"
      "    ts.add_event(lambda s: s.q[0], bounce, direction=articula.EventDirection.Falling)\n"
      "    ts.add_reporter(lambda s: rows.append((s.time, s.q[0])), interval=0.01)\n"
      "    ts.initialize(state)\n"
      "    ts.step_to(2.0)\n\n"
      "Witnesses, handlers and reporters are Python callables called from C++ with the GIL taken; each gets a "
      "State of its own (a copy, so keeping it is safe). A handler's changes to its State, through the views "
      "(state.u[0] = -state.u[0]) or otherwise, are what the run continues from; a reporter's are ignored. A "
      "Python exception raised in a callback ends the run and is raised by step_to as that same exception. "
      "The stepper keeps the System and the Integrator alive; while it steps, neither it nor its integrator can "
      "be used from Python (articula.Error).");
  c.def(py::init([](const System& system, Integrator& integrator) {
          return std::make_unique<PyStepper>(system, integrator);
        }),
        py::arg("system"), py::arg("integrator"), py::keep_alive<1, 2>(), py::keep_alive<1, 3>(),
        "A stepper of `system` driving `integrator` (which must integrate the same System).");
  bindStepperSetup(c);
  bindStepperRun(c);
}

// ---- the Assembler ---------------------------------------------------------------------------------------

py::dict resultDict(const AssemblyResult& r) {
  py::dict d;
  d["iterations"] = r.iterations, d["constraint_error"] = r.constraintError;
  d["goal_cost"] = r.goalCost, d["goals_converged"] = r.goalsConverged;
  return d;
}

void bindAssembler(py::module_& m) {
  py::class_<Assembler>(m, "Assembler",
                        "Moves q onto the position constraints (loops, quaternion normalization), optionally pulling "
                        "coordinates toward goal values and body stations (markers) toward points in Ground, in "
                        "the weighted least-squares sense; constraints are hard, goals soft. Locked bodies and "
                        "mobilities do not move. assemble(state) changes q in place and raises AssemblyError if "
                        "the constraints cannot be met. Bad arguments (an unknown body, a non-positive weight) raise "
                        "ValueError.")
      .def(py::init([](const MultibodySystem& s) { return argument([&] { return std::make_unique<Assembler>(s); }); }),
           py::arg("system"), py::keep_alive<1, 2>(), "An Assembler of `system` (its topology realized).")
      .def_property(
          "tolerance", &Assembler::getTolerance, [](Assembler& a, Real t) { argument([&] { a.setTolerance(t); }); },
          "Largest position error accepted, in units of each constraint's unit error (default 1e-10).")
      .def_property(
          "max_iterations", &Assembler::getMaxIterations,
          [](Assembler& a, int n) { argument([&] { a.setMaxIterations(n); }); },
          "Gauss-Newton iterations before giving up (default 50).")
      .def(
          "lock_body", [](Assembler& a, int body) { argument([&] { a.lockBody(body); }); }, py::arg("body"),
          "Keeps all of the body's coordinates where they are.")
      .def(
          "lock_mobility", [](Assembler& a, int body, int u) { argument([&] { a.lockMobility(body, u); }); },
          py::arg("body"), py::arg("u_index"),
          "Keeps the body's mobility u_index (0-based within its mobilizer) fixed.")
      .def(
          "add_coordinate_goal",
          [](Assembler& a, int body, int q, Real value, Real weight) {
            return argument([&] { return a.addCoordinateGoal(body, q, value, weight); });
          },
          py::arg("body"), py::arg("q_index"), py::arg("value"), py::arg("weight") = 1.0,
          "Goal: the body's coordinate q_index (0-based within its mobilizer) toward `value`. Returns its index.")
      .def(
          "add_marker_goal",
          [](Assembler& a, int body, const Vec3& station, const Vec3& target, Real weight, std::string name) {
            return argument([&] { return a.addMarkerGoal(std::move(name), body, station, target, weight); });
          },
          py::arg("body"), py::arg("station"), py::arg("target"), py::arg("weight") = 1.0, py::arg("name") = "",
          "Goal: the body's station (in its frame) toward the point `target` in Ground. Returns its index.")
      .def(
          "set_marker_target",
          [](Assembler& a, int marker, const Vec3& target) { argument([&] { a.setMarkerTarget(marker, target); }); },
          py::arg("marker"), py::arg("target"),
          "Moves marker goal `marker`'s target to `target` (m, in Ground), e.g. the next frame of a motion.")
      .def_property_readonly("num_markers", &Assembler::getNumMarkers,
                             "Marker goals added by add_marker_goal; their indices run from 0 to num_markers - 1.")
      .def(
          "assemble",
          [](const Assembler& a, PyState& s) {
            State& st = s.sync();
            a.getSystem().realize(st, Stage::Empty);  // only the check that the System made the State
            AssemblyResult r;
            {
              py::gil_scoped_release release;
              r = a.assemble(st);
            }
            s.seen();
            return resultDict(r);
          },
          py::arg("state"),
          "Assembles `state` in place (q changes, u does not; left realized to Position) and returns a dict: "
          "iterations, constraint_error, goal_cost, goals_converged. Raises AssemblyError, naming the "
          "worst constraint, if the constraints stay violated.");
}

}  // namespace

void bindStudy(py::module_& m) {
  bindEvent(m);
  bindTimeStepper(m);
  bindAssembler(m);
}

}  // namespace articula::python
