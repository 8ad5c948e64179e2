// Model.simulate: the model's scenario run in C++ with the GIL released (run::runSimulation, the
// command's own loop), its frames kept; the Results hold them as NumPy arrays, the summary as a
// dict, and write the command's files byte for byte (run::writeRunResult).
#include <algorithm>
#include <chrono>
#include <exception>

#include "ModelAccess.h"
#include "articula/render/BrowserPages.h"
#include "articula/render/ViewerPage.h"
#include "articula/run/OutputColumns.h"
#include "articula/run/RunModelFile.h"
#include "articula/run/RunOutputs.h"
#include "articula/run/ScenarioOverrides.h"
#include "articula/run/SimulationRun.h"

namespace articula::python {

namespace {

struct PyRun {
  ModelPtr model;
  model::ScenarioSpec scenario;
  run::RunResult result;
  nlohmann::json summary;
  std::string summaryText;
};

// Thrown out of the progress callback to stop the run: Ctrl-C, or the Python callable raised.
class Stop : public Error {
 public:
  Stop() : Error("stopped from Python") {}
};

// The progress callback: at most every `interval` seconds of wall time it takes the GIL, checks for
// Ctrl-C and calls the Python callable (if any). What stopped the run is kept to be raised later.
class Progress {
 public:
  explicit Progress(py::object callable) : callable_(std::move(callable)) {}
  void operator()(Real t, Real duration, Real wall) {
    const bool last = t >= duration;
    if (!last && wall - lastCall_ < kInterval) return;
    lastCall_ = wall;
    py::gil_scoped_acquire gil;
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      if (!callable_.is_none()) callable_(t, duration, wall);
    } catch (...) {
      stopped_ = std::current_exception();
      throw Stop();
    }
  }
  void rethrowIfStopped() const {
    if (stopped_) std::rethrow_exception(stopped_);
  }
  ~Progress() {
    py::gil_scoped_acquire gil;  // the callable and a kept Python exception go with the GIL held
    stopped_ = nullptr;
    callable_ = py::object();
  }

 private:
  static constexpr Real kInterval = 0.1;
  py::object callable_;
  Real lastCall_ = -1;
  std::exception_ptr stopped_;
};

std::unique_ptr<PyRun> simulate(const ModelPtr& m, std::optional<double> duration,
                                std::optional<std::string> integrator, std::optional<double> accuracy,
                                std::optional<double> fixedStep, std::optional<double> reportInterval,
                                std::optional<double> maxSteps, py::object progress, bool frameThread) {
  const auto start = std::chrono::steady_clock::now();
  auto r = std::make_unique<PyRun>();
  r->model = m;
  r->scenario = m->spec.scenario;
  run::ScenarioOverrides o{duration, accuracy,   fixedStep, reportInterval,
                           maxSteps, integrator, {},        run::OverrideNames::Fields};
  run::applyScenarioOverrides(o, m->file, r->scenario);
  Progress callback(std::move(progress));
  run::RunSettings settings;
  settings.frameThread = frameThread;
  try {
    py::gil_scoped_release release;
    r->result = run::runSimulation(m->spec, m->built, r->scenario, std::ref(callback), settings);
  } catch (...) {
    callback.rethrowIfStopped();
    throw;
  }
  const MatterSubsystem& matter = m->built.system->getMatter();
  run::RunDescription what{m->file, r->scenario, matter.getNU(), matter.getNQ()};
  what.totalWallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r->summary = run::makeSummaryJson(m->spec, what, r->result);
  r->summaryText = run::makeSummaryText(r->summary);
  return r;
}

void write(const PyRun& r, const std::string& folder) {
  run::ViewerPageWriter page;
  if (render::hasBrowserPages())
    page = [](files::TextOutput& out, const files::TextSource& trajectory, const files::TextSource* csv,
              const std::string& summary) { render::writeViewerPage(out, trajectory, csv, summary); };
  // The folder's files are written from the kept frames; the model spec carries the scenario's outputs.
  model::ModelSpec spec = r.model->spec;
  spec.scenario = r.scenario;
  py::gil_scoped_release release;
  run::writeRunResult(spec, r.model->built, r.result, r.summary, r.summaryText, folder, page);
}

// Arrays of the frames. Shapes: (frames,), (frames, n) or (frames, bodies, k).
// (C-contiguous: the element (i, j, k) is at data[(i * n + j) * K + k]; indexing the raw pointer
// instead of mutable_data(i, j, k) keeps the copy-out to memory speed.)
template <class Get>
py::array_t<double> series(const std::vector<run::Frame>& frames, py::ssize_t width, Get get) {
  py::array_t<double> a({static_cast<py::ssize_t>(frames.size()), width});
  double* data = a.mutable_data();
  for (size_t i = 0; i < frames.size(); ++i) get(frames[i], data + i * width);
  return a;
}

template <int K, class Get>
py::array_t<double> perBody(const std::vector<run::Frame>& frames, size_t bodies, Get get) {
  py::array_t<double> a({static_cast<py::ssize_t>(frames.size()), static_cast<py::ssize_t>(bodies), py::ssize_t{K}});
  double* data = a.mutable_data();
  for (size_t i = 0; i < frames.size(); ++i)
    for (size_t b = 0; b < bodies; ++b)
      Eigen::Map<Eigen::Matrix<double, K, 1>>(data + (i * bodies + b) * K) = get(frames[i], b);
  return a;
}

// One row per active contact per frame. Surfaces and contact models are small integers into the
// lists surface_names and models (a Python string per contact would dominate the copy-out).
py::dict contactArrays(const PyRun& r) {
  const auto& frames = r.result.frames;
  size_t n = 0;
  for (const run::Frame& f : frames) n += f.contacts.size();
  const auto rows = static_cast<py::ssize_t>(n);
  py::array_t<int> frame(rows), bodyA(rows), bodyB(rows), surfaceA(rows), surfaceB(rows), model(rows);
  py::array_t<double> time(rows), depth(rows), depthRate(rows), normalForce(rows);
  auto v3 = [rows] { return py::array_t<double>({rows, py::ssize_t{3}}); };
  py::array_t<double> point = v3(), normal = v3(), friction = v3(), force = v3(), cop = v3();
  std::vector<std::string> models;
  auto modelIndex = [&models](const char* name) {
    const auto it = std::find(models.begin(), models.end(), name);
    if (it != models.end()) return static_cast<int>(it - models.begin());
    models.emplace_back(name);
    return static_cast<int>(models.size()) - 1;
  };
  size_t k = 0;
  for (size_t i = 0; i < frames.size(); ++i)
    for (const run::ContactSample& c : frames[i].contacts) {
      frame.mutable_data()[k] = static_cast<int>(i);
      time.mutable_data()[k] = frames[i].time;
      bodyA.mutable_data()[k] = c.bodyA, bodyB.mutable_data()[k] = c.bodyB;
      surfaceA.mutable_data()[k] = c.surfaceA, surfaceB.mutable_data()[k] = c.surfaceB;
      model.mutable_data()[k] = modelIndex(c.model);
      depth.mutable_data()[k] = c.depth, depthRate.mutable_data()[k] = c.depthRate;
      normalForce.mutable_data()[k] = c.normalForce;
      Eigen::Map<Vec3>(point.mutable_data() + 3 * k) = c.point;
      Eigen::Map<Vec3>(normal.mutable_data() + 3 * k) = c.normal;
      Eigen::Map<Vec3>(friction.mutable_data() + 3 * k) = c.frictionForce;
      Eigen::Map<Vec3>(force.mutable_data() + 3 * k) = c.force;
      Eigen::Map<Vec3>(cop.mutable_data() + 3 * k) = c.centreOfPressure;
      ++k;
    }
  py::dict d;
  d["frame"] = frame, d["time"] = time, d["body_a"] = bodyA, d["body_b"] = bodyB;
  d["surface_a"] = surfaceA, d["surface_b"] = surfaceB, d["model"] = model;
  d["surface_names"] = r.result.surfaceNames, d["models"] = models;
  d["point"] = point, d["normal"] = normal, d["depth"] = depth, d["depth_rate"] = depthRate;
  d["normal_force"] = normalForce, d["friction_force"] = friction, d["force"] = force, d["center_of_pressure"] = cop;
  return d;
}

py::array_t<double> scalars(const std::vector<run::Frame>& f, Real run::Frame::*field) {
  return series(f, 1, [field](const run::Frame& x, double* o) { *o = x.*field; }).attr("reshape")(-1);
}

template <class V>
py::array_t<double> perBodyField(const std::vector<run::Frame>& f, size_t nb, V run::BodySample::*field) {
  return perBody<3>(f, nb, [field](const run::Frame& x, size_t b) { return x.bodies[b].*field; });
}

// The names array() knows, in the order Results lists them.
std::vector<std::string> arrayNames(const PyRun& r) {
  std::vector<std::string> names{"time",
                                 "q",
                                 "u",
                                 "udot",
                                 "origin",
                                 "orientation",
                                 "com",
                                 "com_velocity",
                                 "com_acceleration",
                                 "angular_velocity",
                                 "angular_acceleration"};
  if (r.model->built.contact) names.insert(names.end(), {"contact_force", "contact_torque"});
  names.insert(names.end(), {"kinetic_energy", "potential_energy", "nonconservative_work", "contacts"});
  return names;
}

// One array of the frames, made when first asked for (Results caches it).
py::object array(const PyRun& r, const std::string& name) {
  const auto& f = r.result.frames;
  const size_t nb = r.model->spec.bodies.size();
  const MatterSubsystem& matter = r.model->built.system->getMatter();
  const int nq = matter.getNQ(), nu = matter.getNU();
  using B = run::BodySample;
  if (name == "time") return scalars(f, &run::Frame::time);
  if (name == "q") return series(f, nq, [nq](const run::Frame& x, double* o) { Eigen::Map<Vector>(o, nq) = x.q; });
  if (name == "u") return series(f, nu, [nu](const run::Frame& x, double* o) { Eigen::Map<Vector>(o, nu) = x.u; });
  if (name == "udot")
    return series(f, nu, [nu](const run::Frame& x, double* o) { Eigen::Map<Vector>(o, nu) = x.udot; });
  if (name == "origin") return perBodyField(f, nb, &B::origin);
  if (name == "orientation")
    return perBody<4>(f, nb, [](const run::Frame& x, size_t b) { return x.bodies[b].orientation.asVec4(); });
  if (name == "com") return perBodyField(f, nb, &B::com);
  if (name == "com_velocity") return perBodyField(f, nb, &B::comVelocity);
  if (name == "com_acceleration") return perBodyField(f, nb, &B::comAcceleration);
  if (name == "angular_velocity") return perBodyField(f, nb, &B::angularVelocity);
  if (name == "angular_acceleration") return perBodyField(f, nb, &B::angularAcceleration);
  if (name == "contact_force" && r.model->built.contact)
    return perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.contactForce[b]; });
  if (name == "contact_torque" && r.model->built.contact)
    return perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.contactTorque[b]; });
  if (name == "kinetic_energy") return scalars(f, &run::Frame::kineticEnergy);
  if (name == "potential_energy") return scalars(f, &run::Frame::potentialEnergy);
  if (name == "nonconservative_work") return scalars(f, &run::Frame::nonConservativeWork);
  if (name == "contacts") return contactArrays(r);
  throw py::key_error("no result array named '" + name + "'");
}

// The trajectory.csv table (docs/output-format.md): the names with their units and one row per
// frame, as the scenario's selection chooses it with the items (as --outputs spells them) on top.
py::tuple table(const PyRun& r, const std::vector<std::string>& items) {
  model::OutputSelection selection = r.scenario.columns;
  for (const std::string& item : items) {
    const std::string problem = model::applyOutputItem(item, selection);
    if (!problem.empty()) throw py::value_error("Results.table(\"" + item + "\"): " + problem);
  }
  run::OutputColumns columns(r.model->spec, r.model->built, selection);
  const auto& frames = r.result.frames;
  const auto width = static_cast<py::ssize_t>(columns.names().size());
  py::array_t<double> values({static_cast<py::ssize_t>(frames.size()), width});
  double* data = values.mutable_data();
  std::vector<Real> row;
  for (size_t i = 0; i < frames.size(); ++i) {
    row.clear();
    columns.values(frames[i], row);
    std::copy(row.begin(), row.end(), data + i * width);
  }
  return py::make_tuple(columns.names(), values);
}

py::dict statistics(const PyRun& r) {
  const IntegratorStatistics& s = r.result.statistics;
  py::dict d;
  d["integrator"] = r.result.integrator;
  d["steps_attempted"] = s.stepsAttempted, d["steps_taken"] = s.stepsTaken;
  d["error_test_failures"] = s.errorTestFailures, d["convergence_failures"] = s.convergenceFailures;
  d["derivative_evaluations"] = s.derivativeEvaluations, d["projections"] = s.projections;
  d["realizations"] = s.realizations;
  d["wall_seconds"] = r.result.wallSeconds;
  return d;
}

}  // namespace

void bindRun(py::module_& m) {
  py::class_<PyRun>(m, "_Run", "The C++ side of articula.Results.")
      .def_property_readonly("model", [](const PyRun& r) { return r.model; })
      .def("array_names", &arrayNames)
      .def("array", &array, py::arg("name"))
      .def("statistics", &statistics)
      .def("table", &table, py::arg("items"))
      .def_property_readonly("summary_json", [](const PyRun& r) { return r.summary.dump(); })
      .def_readonly("summary_text", &PyRun::summaryText)
      .def_property_readonly("fired_events",
                             [](const PyRun& r) {
                               std::vector<std::pair<int, Real>> e;
                               for (const auto& f : r.result.events) e.emplace_back(f.event, f.time);
                               return e;
                             })
      .def("write", &write, py::arg("folder"));

  m.def("_simulate", &simulate, py::arg("model"), py::arg("duration") = py::none(), py::arg("integrator") = py::none(),
        py::arg("accuracy") = py::none(), py::arg("fixed_step") = py::none(), py::arg("report_interval") = py::none(),
        py::arg("max_steps") = py::none(), py::arg("progress") = py::none(), py::arg("frame_thread") = true);
  m.def(
      "surface_names", [](const ModelPtr& p) { return run::contactSurfaceNames(p->built); }, py::arg("model"),
      "The model's contact surfaces as 'body/geometry', in the order contacts index them.");
}

}  // namespace articula::python
