// OpenSim's workflow from Python (docs/opensim.md): a model's markers and muscle paths (lengths,
// lengthening speeds, moment arms) at a State, and the Inverse Dynamics tool from a setup file.
#include "Bindings.h"
#include "ModelAccess.h"
#include "SystemAccess.h"
#include "articula/model/IkSetup.h"
#include "articula/model/InverseDynamicsSetup.h"
#include "articula/model/Markers.h"
#include "articula/model/MusclePaths.h"
#include "articula/run/IkTool.h"
#include "articula/run/InverseDynamicsTool.h"

namespace articula::python {

namespace {

// The model's MusclePaths, made on first use (it resolves every path point's body and coordinate).
const model::MusclePaths& musclePaths(PyModel& p) {
  if (!p.musclePaths) p.musclePaths = std::make_shared<model::MusclePaths>(p.spec, p.built);
  return *p.musclePaths;
}

const State& positioned(PyModel& p, PyState& s, const char* what) {
  return realizedState(s, *p.built.system, Stage::Position, what);
}

py::array_t<double> markerPositions(PyModel& p, PyState& s) {
  const std::vector<Vec3> at = model::markerPositions(p.spec, p.built, positioned(p, s, "marker_positions"));
  py::array_t<double> a({static_cast<py::ssize_t>(at.size()), py::ssize_t{3}});
  for (size_t i = 0; i < at.size(); ++i) Eigen::Map<Vec3>(a.mutable_data(i, 0)) = at[i];
  return a;
}

py::array_t<double> muscleLengths(PyModel& p, PyState& s) {
  const model::MusclePaths& mp = musclePaths(p);
  const State& state = positioned(p, s, "muscle_lengths");
  py::array_t<double> a(mp.muscleCount());
  for (int m = 0; m < mp.muscleCount(); ++m) a.mutable_data()[m] = mp.length(state, m);
  return a;
}

py::array_t<double> lengtheningSpeeds(PyModel& p, PyState& s) {
  const model::MusclePaths& mp = musclePaths(p);
  const State& state = realizedState(s, *p.built.system, Stage::Velocity, "lengthening_speeds");
  py::array_t<double> a(mp.muscleCount());
  for (int m = 0; m < mp.muscleCount(); ++m) a.mutable_data()[m] = mp.lengtheningSpeed(state, m);
  return a;
}

py::array_t<double> momentArms(PyModel& p, PyState& s) {
  const model::MusclePaths& mp = musclePaths(p);
  const State& state = positioned(p, s, "moment_arms");
  const auto nc = static_cast<py::ssize_t>(mp.coordinates().size());
  py::array_t<double> a({static_cast<py::ssize_t>(mp.muscleCount()), nc});
  for (int m = 0; m < mp.muscleCount(); ++m) {
    const std::vector<Real> arms = mp.momentArms(state, m);
    std::copy(arms.begin(), arms.end(), a.mutable_data(m, 0));
  }
  return a;
}

py::tuple table(const files::StorageTable& t) {
  py::array_t<double> values({static_cast<py::ssize_t>(t.rows()), static_cast<py::ssize_t>(t.columns())});
  std::copy(t.values.begin(), t.values.end(), values.mutable_data());
  return py::make_tuple(t.labels, values);
}

py::tuple inverseDynamics(const std::string& setupFile) {
  files::StorageTable t;
  {
    py::gil_scoped_release release;
    run::InverseDynamicsTool tool(model::readInverseDynamicsSetup(setupFile));
    t = tool.run();
  }
  return table(t);
}

py::dict inverseKinematics(const std::string& setupFile) {
  files::StorageTable motion, errors;
  {
    py::gil_scoped_release release;
    const run::IkTrial trial = run::runInverseKinematics(model::readIkSetup(setupFile));
    motion = run::ikMotionTable(trial);
    errors = run::ikMarkerErrorTable(trial);
  }
  py::dict d;
  d["motion"] = table(motion);
  d["marker_errors"] = table(errors);
  return d;
}

}  // namespace

void bindOpenSim(py::module_& m) {
  auto model = py::reinterpret_borrow<py::class_<PyModel, ModelPtr>>(m.attr("Model"));
  model
      .def_property_readonly(
          "marker_names",
          [](const PyModel& p) {
            std::vector<std::string> names;
            for (const model::MarkerSpec& k : p.spec.markers) names.push_back(k.name);
            return names;
          },
          "The model's markers (an .osim MarkerSet, or the file's \"markers\").")
      .def("marker_positions", &markerPositions, py::arg("state"),
           "Each marker's position in Ground, a (markers, 3) array; the State realized through Position.")
      .def_property_readonly(
          "muscle_names",
          [](const PyModel& p) {
            std::vector<std::string> names;
            for (const model::MuscleSpec& k : p.spec.muscles) names.push_back(k.name);
            return names;
          },
          "The muscles whose paths the model has (their dynamics are not simulated).")
      .def_property_readonly(
          "muscle_coordinates", [](PyModel& p) { return musclePaths(p).coordinates(); },
          "The coordinates moment arms are given about, 'joint.coordinate', in the columns' order.")
      .def("muscle_lengths", &muscleLengths, py::arg("state"),
           "Each muscle's musculotendon length (m), the State realized through Position.")
      .def("lengthening_speeds", &lengtheningSpeeds, py::arg("state"),
           "Each muscle's lengthening speed (m/s), the State realized through Velocity.")
      .def("moment_arms", &momentArms, py::arg("state"),
           "Moment arms -dL/dq (exact), a (muscles, muscle_coordinates) array (m, or m/rad for angles); the "
           "State realized through Position.");
  m.def("inverse_dynamics", &inverseDynamics, py::arg("setup"),
        "OpenSim's Inverse Dynamics tool from its setup file (as `articula id SETUP.xml`, without writing "
        "files): (labels, values), labels 'time' then '<coordinate>_moment' or '_force', values a frames x "
        "columns array (N m, N). Raises ModelError / Error naming the file, line and value of bad input.");
  m.def("inverse_kinematics", &inverseKinematics, py::arg("setup"),
        "OpenSim's Inverse Kinematics tool from its setup file (as `articula ik SETUP.xml`, without writing "
        "files): a dict of 'motion' (labels, values: time and the coordinates, angles in degrees, as the .mot) "
        "and 'marker_errors' (labels, values: time, total_squared_error, marker_error_RMS, marker_error_max).");
}

}  // namespace articula::python
