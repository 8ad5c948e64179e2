// Integrators (docs/python.md, "Integrators, events and assembly"): every method of the registry,
// by name (make_integrator) or by class (RungeKuttaMersonIntegrator(system), as in Simbody), their
// settings as checked properties, initialize / step_to with the GIL released, the reported State as
// a copy, dense output and statistics. Also the Stepping guard (Stepping.h).
#include <cmath>
#include <unordered_map>

#include "Stepping.h"
#include "articula/integrators/CvodeIntegrator.h"
#include "articula/integrators/IntegratorMethod.h"
#include "articula/integrators/RosenbrockW.h"
#include "articula/integrators/integrators.h"
#include "articula/run/SimulationRun.h"

namespace articula::python {

// ---- the Stepping guard ----------------------------------------------------------------------------

namespace {
// Object -> what is stepping it. Only touched with the GIL held, so it needs no lock.
std::unordered_map<const void*, const char*>& stepping() {
  static std::unordered_map<const void*, const char*> objects;
  return objects;
}
}  // namespace

Stepping::Stepping(std::initializer_list<const void*> objects, const char* who) {
  for (const void* o : objects) requireIdle(o, who);
  for (const void* o : objects) stepping().emplace(o, who);
  objects_.assign(objects.begin(), objects.end());
}

Stepping::~Stepping() {
  for (const void* o : objects_) stepping().erase(o);
}

void requireIdle(const void* object, const char* who) {
  const auto it = stepping().find(object);
  if (it != stepping().end())
    throw Error(std::string(who) + ": not while " + it->second +
                " is stepping (from an event handler, a reporter or another thread); wait until step_to returns");
}

namespace {

// ---- settings ---------------------------------------------------------------------------------------

// One setting: the property of that name and the keyword argument of the constructors.
struct Setting {
  const char* name;
  const char* doc;
  py::object (*get)(const Integrator&);
  void (*set)(Integrator&, const py::handle&);
};

Real number(const py::handle& v, const char* name) {
  if (!PyNumber_Check(v.ptr()) || py::isinstance<py::bool_>(v) || py::isinstance<py::str>(v))
    throw py::type_error(std::string("Integrator.") + name + ": expected a number, got " +
                         std::string(py::str(py::type::of(v).attr("__name__"))));
  return py::float_(py::reinterpret_borrow<py::object>(v)).cast<Real>();
}

// v as a T, else TypeError (pybind11's cast_error would be a RuntimeError).
template <class T>
T typed(const py::handle& v, const char* name, const char* expected) {
  try {
    return v.cast<T>();
  } catch (const py::cast_error&) {
    throw py::type_error(std::string("Integrator.") + name + ": expected " + expected);
  }
}

template <class Set>
void checked(Integrator& i, const char* name, Set set) {
  const std::string who = std::string("Integrator.") + name;
  requireIdle(&i, who.c_str());
  try {
    set();
  } catch (const Error& e) {  // the C++ setters validate; a bad value is a bad argument here
    throw py::value_error(e.what());
  }
}

#define ARTICULA_REAL_SETTING(pyName, field, setter, docText)                                             \
  Setting {                                                                                               \
    pyName, docText, [](const Integrator& i) -> py::object { return py::float_(i.getSettings().field); }, \
        [](Integrator& i, const py::handle& v) {                                                          \
          const Real x = number(v, pyName);                                                               \
          checked(i, pyName, [&] { i.setter(x); });                                                       \
        }                                                                                                 \
  }

const std::vector<Setting>& settings() {
  static const std::vector<Setting> table = {
      ARTICULA_REAL_SETTING("accuracy", accuracy, setAccuracy,
                            "Relative accuracy alpha in (0, 1): a step is accepted when the weighted RMS norm of its "
                            "error estimate is <= alpha (1e-3 is about 0.1 %). Default 1e-3."),
      ARTICULA_REAL_SETTING("constraint_tolerance", constraintTolerance, setConstraintTolerance,
                            "Projection tolerance (>= 0); 0 (default) means accuracy / 10."),
      ARTICULA_REAL_SETTING("initial_step_size", initialStepSize, setInitialStepSize,
                            "First step, s (>= 0); 0 (default): chosen from the derivative and the accuracy."),
      ARTICULA_REAL_SETTING("minimum_step_size", minimumStepSize, setMinimumStepSize,
                            "Smallest step, s (>= 0); error control shrinking below it raises SimulationError. "
                            "0 (default): 1e-12 max(1, |t|)."),
      ARTICULA_REAL_SETTING("maximum_step_size", maximumStepSize, setMaximumStepSize,
                            "Largest step, s (> 0; default inf)."),
      ARTICULA_REAL_SETTING("final_time", finalTime, setFinalTime,
                            "step_to returns EndOfSimulation at this time (default inf)."),
      ARTICULA_REAL_SETTING("length_scale", lengthScale, setLengthScale,
                            "m: a unit change of a linear speed is length_scale per second (default 1)."),
      Setting{"fixed_step_size",
              "Fixed-step mode: steps of this size (s, > 0) without error control, shortened only to land on "
              "report times. None (default): error control. SemiExplicitEuler has no error control and needs "
              "it (or maximum_step_size).",
              [](const Integrator& i) -> py::object {
                const IntegratorSettings& s = i.getSettings();
                return s.fixedStep ? py::object(py::float_(s.initialStepSize)) : py::object(py::none());
              },
              [](Integrator& i, const py::handle& v) {
                if (v.is_none()) {
                  IntegratorSettings s = i.getSettings();
                  s.fixedStep = false;
                  return checked(i, "fixed_step_size", [&] { i.setSettings(s); });
                }
                const Real h = number(v, "fixed_step_size");
                checked(i, "fixed_step_size", [&] { i.setFixedStepSize(h); });
              }},
      Setting{"max_steps_per_call", "Internal steps per step_to before it returns ReachedStepLimit (default 100000).",
              [](const Integrator& i) -> py::object { return py::int_(i.getSettings().maxStepsPerCall); },
              [](Integrator& i, const py::handle& v) {
                if (!PyIndex_Check(v.ptr()) || py::isinstance<py::bool_>(v))
                  throw py::type_error("Integrator.max_steps_per_call: expected an int");
                const Py_ssize_t n = PyNumber_AsSsize_t(v.ptr(), nullptr);  // clamped on overflow
                if (n == -1 && PyErr_Occurred()) throw py::error_already_set();
                if (n < 1 || n > std::numeric_limits<int>::max())
                  throw py::value_error("Integrator.max_steps_per_call must be in 1 .. 2^31-1, got " +
                                        std::to_string(n));
                checked(i, "max_steps_per_call", [&] { i.setMaxStepsPerCall(static_cast<int>(n)); });
              }},
      Setting{"return_every_internal_step", "step_to returns TimeHasAdvanced after each internal step (default False).",
              [](const Integrator& i) -> py::object { return py::bool_(i.getSettings().returnEveryInternalStep); },
              [](Integrator& i, const py::handle& v) {
                const bool on = typed<bool>(v, "return_every_internal_step", "a bool");
                checked(i, "return_every_internal_step", [&] { i.setReturnEveryInternalStep(on); });
              }},
      Setting{"report_stage",
              "The Stage an interpolated state is realized through (Time .. Report; default Acceleration).",
              [](const Integrator& i) -> py::object { return py::cast(i.getSettings().reportStage); },
              [](Integrator& i, const py::handle& v) {
                const Stage s = checkedStage(typed<Stage>(v, "report_stage", "a Stage"), Stage::Time);
                checked(i, "report_stage", [&] { i.setReportStage(s); });
              }},
  };
  return table;
}

#undef ARTICULA_REAL_SETTING

// Applies keyword settings in the order given; TypeError for a name that is not a setting.
void configure(Integrator& i, const py::kwargs& kw) {
  for (const auto& [key, value] : kw) {
    const std::string name = py::str(key);
    const Setting* found = nullptr;
    for (const Setting& s : settings())
      if (name == s.name) found = &s;
    if (!found) {
      std::string names;
      for (const Setting& s : settings()) names += std::string(names.empty() ? "" : ", ") + s.name;
      throw py::type_error("unknown integrator setting '" + name + "' (settings: " + names + ")");
    }
    found->set(i, value);
  }
}

py::dict settingsDict(const Integrator& i) {
  py::dict d;
  for (const Setting& s : settings()) d[s.name] = s.get(i);
  d["constraint_tolerance_in_use"] = i.getConstraintToleranceInUse();
  return d;
}

// ---- running ------------------------------------------------------------------------------------------

std::string who(const Integrator& i) { return std::string("Integrator ") + i.getMethodName(); }

void requireInitialized(const Integrator& i, const char* what) {
  if (!i.isInitialized()) throw Error(who(i) + ": call initialize(state) before " + what);
}

void initialize(Integrator& i, PyState& s) {
  requireIdle(&i, "Integrator.initialize");
  i.initialize(s.sync());
}

void reinitialize(Integrator& i, PyState& s, bool keepStepSize) {
  requireIdle(&i, "Integrator.reinitialize");
  requireInitialized(i, "reinitialize(state)");
  i.reinitialize(s.sync(), keepStepSize);
}

// The arguments are checked here so that what stepTo throws is a failure of the integration.
void checkTarget(const Integrator& i, Real t, Real limit) {
  if (std::isnan(t) || std::isnan(limit)) throw py::value_error(who(i) + ": step_to: time or advance_limit is NaN");
  if (t < i.getPreviousTime())
    throw py::value_error(who(i) + ": step_to(" + formatValue(t) + "): before the last step [" +
                          formatValue(i.getPreviousTime()) + ", " + formatValue(i.getAdvancedTime()) +
                          "]; integration cannot go back");
  if (limit < i.getAdvancedTime())
    throw py::value_error(who(i) + ": step_to: advance_limit " + formatValue(limit) + " is before the current time " +
                          formatValue(i.getAdvancedTime()));
}

StepOutcome stepTo(Integrator& i, Real t, Real limit) {
  requireIdle(&i, "Integrator.step_to");
  requireInitialized(i, "step_to");
  checkTarget(i, t, limit);
  Stepping guard({&i}, "the integrator");
  py::gil_scoped_release release;
  try {
    StepOutcome o = i.stepTo(t, limit);
    // Python has no use for the start notice: nothing advanced yet, so step now.
    if (o == StepOutcome::StartOfContinuousInterval) o = i.stepTo(t, limit);
    return o;
  } catch (const ProjectionFailure&) {
    throw;  // already a SimulationError
  } catch (const Error& e) {
    throw run::SimulationError(e.what());  // step size collapse, NaN: a failed integration
  }
}

PyState interpolate(const Integrator& i, Real t) {
  requireIdle(&i, "Integrator.interpolate");
  requireInitialized(i, "interpolate");
  if (!(t >= i.getPreviousTime() && t <= i.getAdvancedTime()))
    throw py::value_error(who(i) + ": interpolate(" + formatValue(t) + "): outside the last step [" +
                          formatValue(i.getPreviousTime()) + ", " + formatValue(i.getAdvancedTime()) + "]");
  PyState out(i.getAdvancedState());
  i.interpolate(t, out.raw());
  out.seen();
  return out;
}

PyState stateCopy(const Integrator& i, const State& (Integrator::*get)() const, const char* what) {
  requireIdle(&i, what);
  requireInitialized(i, what);
  return PyState((i.*get)());
}

py::dict statistics(const Integrator& i) {
  requireIdle(&i, "Integrator.statistics");
  const IntegratorStatistics& s = i.getStatistics();
  py::dict d;
  d["integrator"] = i.getMethodName();
  d["steps_attempted"] = s.stepsAttempted, d["steps_taken"] = s.stepsTaken;
  d["error_test_failures"] = s.errorTestFailures, d["convergence_failures"] = s.convergenceFailures;
  d["derivative_evaluations"] = s.derivativeEvaluations, d["projections"] = s.projections;
  d["realizations"] = s.realizations;
  if (i.getNumJacobians() >= 0) {  // linearly implicit methods only
    d["jacobians"] = i.getNumJacobians(), d["factorizations"] = i.getNumFactorizations();
    d["structured_factorizations"] = i.getNumStructuredFactorizations();
    d["tree_factorizations"] = i.getNumTreeFactorizations();
  }
  if (const auto* c = dynamic_cast<const CvodeIntegrator*>(&i)) {
    const CvodeIntegrator::CvodeStatistics& v = c->getCvodeStatistics();
    d["cvode"] = py::dict(py::arg("steps") = v.steps, py::arg("rhs_evaluations") = v.rhsEvaluations,
                          py::arg("jacobian_evaluations") = v.jacobianEvaluations,
                          py::arg("nonlinear_iterations") = v.nonlinearIterations,
                          py::arg("projection_evaluations") = v.projectionEvaluations, py::arg("restarts") = v.restarts,
                          py::arg("last_order") = v.lastOrder, py::arg("max_order_used") = v.maxOrderUsed);
  }
  return d;
}

// ---- classes --------------------------------------------------------------------------------------------

void bindSettings(py::class_<Integrator>& c) {
  for (const Setting& s : settings()) {
    const auto get = s.get;
    const auto set = s.set;
    c.def_property(
        s.name, [get](const Integrator& i) { return get(i); }, [set](Integrator& i, const py::handle& v) { set(i, v); },
        s.doc);
  }
  c.def(
       "configure",
       [](py::object self, const py::kwargs& kw) {
         configure(self.cast<Integrator&>(), kw);
         return self;
       },
       "Sets several settings at once (keywords as the properties), in the order given; returns the integrator.")
      .def_property_readonly("settings", &settingsDict, "Every setting as a dict (a copy).");
}

void bindRunning(py::class_<Integrator>& c) {
  c.def("initialize", &initialize, py::arg("state"),
        "Starts from a copy of `state` (which must come from this integrator's System): projects it onto the "
        "constraints, realizes it through Acceleration and resets the statistics. `state` itself is not changed. "
        "Raises SimulationError if it cannot be projected.")
      .def("reinitialize", &reinitialize, py::arg("state"), py::arg("keep_step_size") = true,
           "Restarts from a changed state (e.g. after your own event handling), keeping the statistics.")
      .def("step_to", &stepTo, py::arg("time"), py::arg("advance_limit") = std::numeric_limits<Real>::infinity(),
           "Advances (GIL released) until `time`, the advance limit, final_time or max_steps_per_call internal steps, "
           "whichever comes first, and returns why (StepOutcome). Error-controlled steps may go past `time`: "
           "`state` is then interpolated back to it and the next call goes on from the advanced state. Steps never "
           "pass advance_limit. Raises ValueError for a time before the last step, SimulationError when the "
           "integration fails (step size collapse, NaN); the advanced state then holds the last good state.")
      .def(
          "step_by",
          [](Integrator& i, Real dt) {
            requireInitialized(i, "step_by");
            if (!(dt >= 0)) throw py::value_error(who(i) + ": step_by(" + formatValue(dt) + "): expected dt >= 0");
            return stepTo(i, i.getTime() + dt, std::numeric_limits<Real>::infinity());
          },
          py::arg("dt"), "step_to(time + dt), time being the current state's.")
      .def_property_readonly(
          "state", [](const Integrator& i) { return stateCopy(i, &Integrator::getState, "Integrator.state"); },
          "A copy of the State step_to stopped at (interpolated when a step went past the report time). A copy: "
          "it never changes when the integrator advances, and writing it does not change the integration.")
      .def_property_readonly(
          "advanced_state",
          [](const Integrator& i) { return stateCopy(i, &Integrator::getAdvancedState, "Integrator.advanced_state"); },
          "A copy of the end of the last internal step (integration continues from there).")
      .def_property_readonly(
          "previous_state",
          [](const Integrator& i) { return stateCopy(i, &Integrator::getPreviousState, "Integrator.previous_state"); },
          "A copy of the start of the last internal step.")
      .def_property_readonly(
          "time",
          [](const Integrator& i) {
            requireInitialized(i, "time");
            return i.getTime();
          },
          "The time of `state`, s.")
      .def_property_readonly("advanced_time", &Integrator::getAdvancedTime,
                             "The time of advanced_state, s: the end of the last internal step (>= time).")
      .def_property_readonly("previous_time", &Integrator::getPreviousTime,
                             "The time of previous_state, s: the start of the last internal step.")
      .def_property_readonly("is_state_interpolated", &Integrator::isStateInterpolated,
                             "True when `state` was interpolated back to the report time (a step went past it); "
                             "False when it is the advanced state.")
      .def_property_readonly("initialized", &Integrator::isInitialized,
                             "Whether initialize(state) was called (step_to, state and time need it).")
      .def("interpolate", &interpolate, py::arg("time"),
           "Dense output: a new State at `time` inside the last step [previous_time, advanced_time], projected and "
           "realized through Time only (realize it as needed).");
}

void bindIntegrator(py::module_& m) {
  py::class_<Integrator> c(m, "Integrator",
                           "Advances a State of a System through time (the base of every method; Simbody's "
                           "Integrator). Make one with make_integrator(system, 'RungeKuttaMerson', accuracy=1e-6) or "
                           "a class such as RungeKuttaMersonIntegrator(system, accuracy=1e-6); keywords are the "
                           "settings, which are also properties. Then initialize(state) and step_to(t).\n\n"
                           "Bad settings raise ValueError (TypeError for a wrong type). The integrator keeps its "
                           "System alive. For events and reporters, drive it with a TimeStepper.");
  c.def_property_readonly("method_name", &Integrator::getMethodName, "The registry's name, e.g. 'RungeKuttaMerson'.")
      .def_property_readonly("method_order", &Integrator::getMethodOrder, "Order of the propagated solution.")
      .def_property_readonly("has_error_control", &Integrator::hasErrorControl,
                             "False for fixed-step-only methods (SemiExplicitEuler).")
      .def_property_readonly("previous_step_size", &Integrator::getPreviousStepSize,
                             "Size of the last accepted step, s.")
      .def_property_readonly("predicted_next_step_size", &Integrator::getPredictedNextStepSize,
                             "The size the next step will try, s (error control's proposal; 0 until a step "
                             "size has been chosen).")
      .def_property_readonly("actual_initial_step_size", &Integrator::getActualInitialStepSize,
                             "The size the first step tried, s: initial_step_size when set, else the "
                             "integrator's own estimate (0 before the first step).")
      .def_property_readonly("statistics", &statistics,
                             "Counts since initialize() as a dict: steps_attempted, steps_taken, error_test_failures, "
                             "convergence_failures, derivative_evaluations, projections, realizations (and jacobians, "
                             "factorizations for Rosenbrock-W, a 'cvode' dict for CVODE).")
      .def("__repr__", [](const Integrator& i) {
        return std::string("Integrator(") + i.getMethodName() + ", accuracy=" + formatValue(i.getSettings().accuracy) +
               (i.isInitialized() ? ", t=" + formatValue(i.getTime()) : std::string()) + ")";
      });
  bindSettings(c);
  bindRunning(c);
}

template <class T>
py::class_<T, Integrator> bindMethod(py::module_& m, const char* name, const char* doc) {
  py::class_<T, Integrator> c(m, name, doc);
  c.def(py::init([](const System& system, const py::kwargs& kw) {
          auto i = std::make_unique<T>(system);
          configure(*i, kw);
          return i;
        }),
        py::arg("system"), py::keep_alive<1, 2>(), "An integrator of `system`; keywords are settings (accuracy=...).");
  return c;
}

void bindMethods(py::module_& m) {
  bindMethod<ExplicitEulerIntegrator>(m, "ExplicitEulerIntegrator", "Explicit Euler, order 1, Heun error estimate.");
  bindMethod<RungeKutta2Integrator>(m, "RungeKutta2Integrator", "Heun's method, order 2.");
  bindMethod<RungeKutta3Integrator>(m, "RungeKutta3Integrator", "Bogacki-Shampine, order 3.");
  bindMethod<RungeKuttaMersonIntegrator>(m, "RungeKuttaMersonIntegrator",
                                         "Runge-Kutta-Merson, order 4 with a 3rd-order estimate: the default.");
  bindMethod<RungeKuttaFeldbergIntegrator>(m, "RungeKuttaFeldbergIntegrator", "Runge-Kutta-Fehlberg, order 5.");
  bindMethod<DormandPrince54Integrator>(m, "DormandPrince54Integrator",
                                        "Dormand-Prince 5(4) with DOPRI5 dense output.");
  bindMethod<SemiExplicitEulerIntegrator>(m, "SemiExplicitEulerIntegrator",
                                          "Symplectic Euler, fixed step only (set fixed_step_size).");
  bindMethod<SemiExplicitEuler2Integrator>(m, "SemiExplicitEuler2Integrator",
                                           "Semi-explicit Euler with step-doubling error control.");
  bindMethod<VelocityVerletIntegrator>(m, "VelocityVerletIntegrator", "Velocity Verlet, order 2.")
      .def(
          "set_max_iterations",
          [](VelocityVerletIntegrator& i, int n) { checked(i, "set_max_iterations", [&] { i.setMaxIterations(n); }); },
          py::arg("n"), "Fixed-point iterations per step before the step is rejected (default 6).");
  bindMethod<RosenbrockW2Integrator>(m, "RosenbrockW2Integrator", "Linearly implicit ROS2, order 2, for stiff models.");
  bindMethod<RosenbrockW3Integrator>(m, "RosenbrockW3Integrator",
                                     "Linearly implicit ROS34PW2, order 3, stiffly accurate, for stiff models.");

  py::class_<CvodeIntegrator, Integrator> cvode(
      m, "CvodeIntegrator",
      "SUNDIALS CVODE: method='BDF' (orders 1-5, stiff) or 'Adams' (orders 1-12). No fixed-step mode.");
  cvode
      .def(py::init([](const System& system, const std::string& method, const py::kwargs& kw) {
             if (method != "BDF" && method != "Adams")
               throw py::value_error("CvodeIntegrator: method '" + method + "': expected 'BDF' or 'Adams'");
             auto i = std::make_unique<CvodeIntegrator>(system, method == "BDF" ? CvodeIntegrator::Method::BDF
                                                                                : CvodeIntegrator::Method::Adams);
             configure(*i, kw);
             return i;
           }),
           py::arg("system"), py::arg("method") = "BDF", py::keep_alive<1, 2>())
      .def_property("project_error_estimate", &CvodeIntegrator::getProjectErrorEstimate,
                    &CvodeIntegrator::setProjectErrorEstimate,
                    "Project CVODE's error estimate too (BDF; default True).")
      .def_property("analytic_jacobian", &CvodeIntegrator::getAnalyticJacobian, &CvodeIntegrator::setAnalyticJacobian,
                    "BDF's Newton Jacobian from the System's linearization instead of difference quotients.");
}

std::unique_ptr<Integrator> make(const System& system, const std::string& method, const py::kwargs& kw) {
  const auto value = integratorNamed(method);
  if (!value) {
    std::string names;
    for (IntegratorMethod v : integratorMethods()) names += (names.empty() ? "" : ", ") + integratorName(v);
    throw py::value_error("unknown integrator '" + method + "' (methods: " + names + ")");
  }
  auto i = makeIntegrator(*value, system);
  configure(*i, kw);
  return i;
}

}  // namespace

void bindIntegrators(py::module_& m) {
  py::enum_<StepOutcome>(m, "StepOutcome", "Why step_to returned (Simbody's outcomes).")
      .value("ReachedReportTime", StepOutcome::ReachedReportTime, "`state` is at the requested time")
      .value("ReachedEventTrigger", StepOutcome::ReachedEventTrigger,
             "a triggered event was handled (TimeStepper with return_after_events)")
      .value("ReachedScheduledEvent", StepOutcome::ReachedScheduledEvent,
             "reached the advance limit (Integrator) or handled a scheduled event (TimeStepper)")
      .value("TimeHasAdvanced", StepOutcome::TimeHasAdvanced,
             "one internal step was taken (return_every_internal_step)")
      .value("ReachedStepLimit", StepOutcome::ReachedStepLimit,
             "max_steps_per_call internal steps without reaching anything else")
      .value("EndOfSimulation", StepOutcome::EndOfSimulation, "reached final_time, or a handler ended the run")
      .value("StartOfContinuousInterval", StepOutcome::StartOfContinuousInterval,
             "first call after initialize()/reinitialize(): nothing advanced yet");
  documentEnum(m.attr("StepOutcome"), "ReachedReportTime");
  bindIntegrator(m);
  bindMethods(m);
  m.def("make_integrator", &make, py::arg("system"), py::arg("method") = "RungeKuttaMerson", py::keep_alive<0, 1>(),
        "An integrator of `system` by the registry's name (integrator_methods(); the names model files and "
        "`articula run --integrator` use); keywords are settings: make_integrator(s, 'DormandPrince54', "
        "accuracy=1e-8). Returns the method's class (e.g. DormandPrince54Integrator). ValueError for an unknown name.");
  m.def(
      "integrator_methods",
      [] {
        std::vector<std::string> names;
        for (IntegratorMethod v : integratorMethods()) names.push_back(integratorName(v));
        return names;
      },
      "The names make_integrator accepts, in the registry's order.");
}

}  // namespace articula::python
