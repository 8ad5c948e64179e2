// Model.simulate: the model's scenario run in C++ with the GIL released (run::runSimulation, the
// command's own loop), its frames kept; the Results hold them as NumPy arrays, the summary as a
// dict, and write the command's files byte for byte (run::writeRunResult).
#include <atomic>
#include <chrono>
#include <exception>

#include "ModelAccess.h"
#include "articula/render/BrowserPages.h"
#include "articula/render/ViewerPage.h"
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

std::unique_ptr<PyRun> simulate(const ModelPtr& m, std::optional<double> duration, std::optional<std::string> integrator,
                                std::optional<double> accuracy, std::optional<double> fixedStep,
                                std::optional<double> reportInterval, std::optional<double> maxSteps,
                                py::object progress, bool frameThread) {
  const auto start = std::chrono::steady_clock::now();
  auto r = std::make_unique<PyRun>();
  r->model = m;
  r->scenario = m->spec.scenario;
  run::ScenarioOverrides o{duration, accuracy, fixedStep, reportInterval, maxSteps, integrator,
                           run::OverrideNames::Fields};
  run::applyScenarioOverrides(o, m->file, r->scenario);
  auto callback = std::make_shared<Progress>(std::move(progress));
  run::RunSettings settings;
  settings.frameThread = frameThread;
  try {
    py::gil_scoped_release release;
    r->result = run::runSimulation(m->spec, m->built, r->scenario, std::ref(*callback), settings);
  } catch (...) {
    callback->rethrowIfStopped();
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
template <class Get>
py::array_t<double> series(const std::vector<run::Frame>& frames, py::ssize_t width, Get get) {
  py::array_t<double> a({static_cast<py::ssize_t>(frames.size()), width});
  for (size_t i = 0; i < frames.size(); ++i) get(frames[i], a.mutable_data(i, 0));
  return a;
}

template <int K, class Get>
py::array_t<double> perBody(const std::vector<run::Frame>& frames, size_t bodies, Get get) {
  py::array_t<double> a({static_cast<py::ssize_t>(frames.size()), static_cast<py::ssize_t>(bodies), py::ssize_t{K}});
  for (size_t i = 0; i < frames.size(); ++i)
    for (size_t b = 0; b < bodies; ++b) {
      const Eigen::Matrix<double, K, 1> v = get(frames[i], b);
      Eigen::Map<Eigen::Matrix<double, K, 1>>(a.mutable_data(i, b, 0)) = v;
    }
  return a;
}

py::dict contactArrays(const PyRun& r) {
  std::vector<const run::ContactSample*> all;
  std::vector<std::pair<int, Real>> when;
  const auto& frames = r.result.frames;
  for (size_t i = 0; i < frames.size(); ++i)
    for (const run::ContactSample& c : frames[i].contacts) {
      all.push_back(&c);
      when.emplace_back(static_cast<int>(i), frames[i].time);
    }
  const auto n = static_cast<py::ssize_t>(all.size());
  py::array_t<int> frame(n), bodyA(n), bodyB(n);
  py::array_t<double> time(n), depth(n), depthRate(n), normalForce(n);
  py::array_t<double> point({n, py::ssize_t{3}}), normal({n, py::ssize_t{3}}), friction({n, py::ssize_t{3}}),
      force({n, py::ssize_t{3}}), cop({n, py::ssize_t{3}});
  std::vector<std::string> surfaceA, surfaceB, model;
  auto name = [&](int s) { return s >= 0 && s < static_cast<int>(r.result.surfaceNames.size()) ? r.result.surfaceNames[s] : std::string("ground"); };
  for (py::ssize_t k = 0; k < n; ++k) {
    const run::ContactSample& c = *all[k];
    frame.mutable_at(k) = when[k].first;
    time.mutable_at(k) = when[k].second;
    bodyA.mutable_at(k) = c.bodyA;
    bodyB.mutable_at(k) = c.bodyB;
    depth.mutable_at(k) = c.depth;
    depthRate.mutable_at(k) = c.depthRate;
    normalForce.mutable_at(k) = c.normalForce;
    Eigen::Map<Vec3>(point.mutable_data(k, 0)) = c.point;
    Eigen::Map<Vec3>(normal.mutable_data(k, 0)) = c.normal;
    Eigen::Map<Vec3>(friction.mutable_data(k, 0)) = c.frictionForce;
    Eigen::Map<Vec3>(force.mutable_data(k, 0)) = c.force;
    Eigen::Map<Vec3>(cop.mutable_data(k, 0)) = c.centreOfPressure;
    surfaceA.push_back(name(c.surfaceA));
    surfaceB.push_back(name(c.surfaceB));
    model.emplace_back(c.model);
  }
  py::dict d;
  d["frame"] = frame, d["time"] = time, d["body_a"] = bodyA, d["body_b"] = bodyB;
  d["surface_a"] = surfaceA, d["surface_b"] = surfaceB, d["model"] = model;
  d["point"] = point, d["normal"] = normal, d["depth"] = depth, d["depth_rate"] = depthRate;
  d["normal_force"] = normalForce, d["friction_force"] = friction, d["force"] = force, d["center_of_pressure"] = cop;
  return d;
}

py::dict arrays(const PyRun& r) {
  const auto& f = r.result.frames;
  const MatterSubsystem& matter = r.model->built.system->getMatter();
  const size_t nb = r.model->spec.bodies.size();
  const int nq = matter.getNQ(), nu = matter.getNU();
  py::dict d;
  d["time"] = series(f, 1, [](const run::Frame& x, double* o) { *o = x.time; }).attr("reshape")(-1);
  d["q"] = series(f, nq, [&](const run::Frame& x, double* o) { Eigen::Map<Vector>(o, nq) = x.q; });
  d["u"] = series(f, nu, [&](const run::Frame& x, double* o) { Eigen::Map<Vector>(o, nu) = x.u; });
  d["udot"] = series(f, nu, [&](const run::Frame& x, double* o) { Eigen::Map<Vector>(o, nu) = x.udot; });
  d["origin"] = perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.bodies[b].origin; });
  d["orientation"] = perBody<4>(f, nb, [](const run::Frame& x, size_t b) { return x.bodies[b].orientation.asVec4(); });
  d["com"] = perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.bodies[b].com; });
  d["com_velocity"] = perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.bodies[b].comVelocity; });
  d["com_acceleration"] = perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.bodies[b].comAcceleration; });
  d["angular_velocity"] = perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.bodies[b].angularVelocity; });
  d["angular_acceleration"] =
      perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.bodies[b].angularAcceleration; });
  const bool contact = r.model->built.contact != nullptr;
  if (contact) {
    d["contact_force"] = perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.contactForce[b]; });
    d["contact_torque"] = perBody<3>(f, nb, [](const run::Frame& x, size_t b) { return x.contactTorque[b]; });
  }
  d["kinetic_energy"] = series(f, 1, [](const run::Frame& x, double* o) { *o = x.kineticEnergy; }).attr("reshape")(-1);
  d["potential_energy"] = series(f, 1, [](const run::Frame& x, double* o) { *o = x.potentialEnergy; }).attr("reshape")(-1);
  d["nonconservative_work"] =
      series(f, 1, [](const run::Frame& x, double* o) { *o = x.nonConservativeWork; }).attr("reshape")(-1);
  d["contacts"] = contactArrays(r);
  return d;
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
      .def("arrays", &arrays)
      .def("statistics", &statistics)
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
