// Model files: articula.load / validate / from_json, and Model (the spec, its built System, the
// initial State, names, info, save). Model.simulate is in RunBindings.cpp.
#include "ModelAccess.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelDescription.h"
#include "articula/model/ModelFile.h"
#include "articula/model/ModelScaling.h"
#include "articula/model/OpenMbdImport.h"

namespace articula::python {

namespace {

// URDF files: floating_base (--floating-base) and urdf_limits (--urdf-limits).
struct UrdfFlags {
  bool floatingBase = false, urdfLimits = false;
};

model::LoadOptions loadOptions(bool openMbdCompat, std::vector<std::string> allowPaths, UrdfFlags urdf = {}) {
  model::LoadOptions o;
  o.openMbdCompat = openMbdCompat;
  o.allowedPaths = std::move(allowPaths);
  o.floatingBase = urdf.floatingBase;
  o.urdfLimits = urdf.urdfLimits;
  return o;
}

// "joint.coordinate" for every q and u, in the matter's order. A quaternion joint's q names its
// four quaternion entries qw, qx, qy, qz (the file names the orientation by angles instead).
void nameCoordinates(PyModel& m) {
  const MatterSubsystem& matter = m.built.system->getMatter();
  m.qNames.assign(matter.getNQ(), "");
  m.uNames.assign(matter.getNU(), "");
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const int i = m.built.bodyOfMobod[b];
    if (i < 0) continue;
    const model::JointSpec& joint = m.spec.bodies[i].joint;
    const std::string prefix = (joint.name.empty() ? m.spec.bodies[i].name : joint.name) + ".";
    const model::JointCoordinates c = model::jointCoordinates(joint);
    std::vector<std::string> q;
    if (c.quaternion) q = {"qw", "qx", "qy", "qz"};
    for (size_t k = c.quaternion ? 3 : 0; k < c.q.size(); ++k) q.push_back(c.q[k].name);
    const MobilizedBodyInfo& info = matter.getInfo(b);
    for (int k = 0; k < info.nq && k < static_cast<int>(q.size()); ++k) m.qNames[info.qStart + k] = prefix + q[k];
    for (int k = 0; k < info.nu && k < static_cast<int>(c.u.size()); ++k)
      m.uNames[info.uStart + k] = prefix + c.u[k].name;
  }
}

// A Model from the spec `read` gives (a file's or a text's), built; reading and building run with
// the GIL released, since large models take a while.
template <class Read>
ModelPtr makeModel(const std::string& file, bool openMbdCompat, std::vector<std::string> allowPaths, UrdfFlags urdf,
                   Read read) {
  auto m = std::make_shared<PyModel>();
  m->file = file;
  m->load = loadOptions(openMbdCompat, std::move(allowPaths), urdf);
  py::gil_scoped_release release;
  m->spec = read(m->load);
  if (m->load.openMbdCompat) model::applyOpenMbdCompat(m->spec);
  m->built = model::buildModel(m->spec, m->file);
  nameCoordinates(*m);
  return m;
}

ModelPtr loadFile(const std::string& file, bool openMbdCompat, std::vector<std::string> allowPaths, bool floatingBase,
                  bool urdfLimits) {
  return makeModel(file, openMbdCompat, std::move(allowPaths), {floatingBase, urdfLimits},
                   [&](const model::LoadOptions& o) { return model::loadModelFile(file, o); });
}

ModelPtr loadText(const std::string& text, const std::string& file, bool openMbdCompat,
                  std::vector<std::string> allowPaths, bool floatingBase, bool urdfLimits) {
  return makeModel(file, openMbdCompat, std::move(allowPaths), {floatingBase, urdfLimits},
                   [&](const model::LoadOptions& o) { return model::readModelText(text, file, o); });
}

py::dict scenarioDict(const model::ScenarioSpec& s) {
  py::dict d;
  d["duration"] = s.duration;
  d["integrator"] = model::nameOf(s.integrator);
  d["accuracy"] = s.accuracy;
  d["fixed_step"] = s.fixedStep;
  d["report_interval"] = s.reportInterval;
  d["max_steps"] = s.maxSteps;
  d["head_body"] = s.headBody;
  return d;
}

// The model scaled to `height` (m) and `mass` (kg), built anew; the original is left as it is.
ModelPtr scaledModel(const PyModel& p, Real height, Real mass) {
  auto m = std::make_shared<PyModel>();
  m->file = p.file;
  m->load = p.load;
  m->spec = p.spec;
  py::gil_scoped_release release;
  model::scaleModel(m->spec, height, mass);
  m->built = model::buildModel(m->spec, m->file);
  nameCoordinates(*m);
  return m;
}

py::dict checkDict(const model::ModelCheck& c) {
  py::dict d;
  d["bodies"] = c.bodies;
  d["constraints"] = c.constraints;
  d["degrees_of_freedom"] = c.degreesOfFreedom;
  d["constraint_equations"] = c.constraintEquations;
  d["mass"] = c.mass;
  d["warnings"] = c.warnings;
  return d;
}

}  // namespace

void bindModel(py::module_& m) {
  py::class_<PyModel, ModelPtr>(m, "Model",
                                "A model file loaded and built: its System, initial State and scenario. Made by "
                                "articula.load(path) or articula.from_json(text).")
      .def_readonly("file", &PyModel::file, "The file it was read from.")
      .def_property_readonly(
          "name", [](const PyModel& p) { return p.spec.name; }, "The file's \"name\" ('model' when it has none).")
      .def_property_readonly(
          "description", [](const PyModel& p) { return p.spec.description; },
          "The file's \"description\" ('' when it has none).")
      .def_property_readonly(
          "system", [](PyModel& p) -> MultibodySystem& { return *p.built.system; },
          py::return_value_policy::reference_internal, "The built MultibodySystem.")
      .def_property_readonly(
          "matter", [](PyModel& p) -> MatterSubsystem& { return p.built.system->updMatter(); },
          py::return_value_policy::reference_internal, "The system's MatterSubsystem.")
      .def(
          "initial_state", [](const PyModel& p) { return PyState(p.built.initialState); },
          "A copy of the initial State the file asks for (assembled, realized through Acceleration).")
      .def(
          "default_state", [](const PyModel& p) { return PyState(p.built.system->getDefaultState()); },
          "A copy of the System's default State (all coordinates zero).")
      .def_property_readonly(
          "body_names",
          [](const PyModel& p) {
            std::vector<std::string> names;
            for (const auto& b : p.spec.bodies) names.push_back(b.name);
            return names;
          },
          "The bodies in file order (Ground not included).")
      .def(
          "body_index",
          [](const PyModel& p, const std::string& name) {
            const int i = p.spec.findBody(name);
            if (i < 0) throw py::key_error("no body named '" + name + "' in " + p.file);
            return p.built.mobodOfBody[i];
          },
          py::arg("name"), "The MatterSubsystem index of the named body (for the operators).")
      .def_readonly("q_names", &PyModel::qNames, "'joint.coordinate' for every entry of q (quaternions: qw qx qy qz).")
      .def_readonly("u_names", &PyModel::uNames, "'joint.coordinate' for every entry of u.")
      .def_property_readonly(
          "scenario", [](const PyModel& p) { return scenarioDict(p.spec.scenario); },
          "The file's scenario: duration, integrator, accuracy, fixed_step, report_interval, ...")
      .def_property_readonly(
          "warnings", [](const PyModel& p) { return p.spec.warnings; },
          "What reading, importing and checking the file found suspicious but accepted (e.g. a radius of "
          "gyration that looks like wrong units), one message per item; `articula info` prints them.")
      .def(
          "check", [](const PyModel& p) { return checkDict(model::checkModel(p.spec, p.built)); },
          "The counts `articula validate` prints: bodies, constraints, degrees_of_freedom, ... as a dict.")
      .def(
          "info", [](const PyModel& p) { return model::describeModel(p.spec, p.built, p.file); },
          "What `articula info` prints: the body tree, forces, constraints, scenario and warnings.")
      .def(
          "to_json", [](const PyModel& p) { return model::writeArticulaModel(p.spec).dump(2); },
          "The model in the Articula format, as JSON text (json.loads gives a dict).")
      .def(
          "save", [](const PyModel& p, const std::string& file) { model::saveModelFile(p.spec, file); },
          py::arg("file"), "Writes the model in the Articula format (atomically).")
      .def_property_readonly(
          "size",
          [](const PyModel& p) {
            const model::ModelSize s = model::measureModel(p.spec);
            return std::make_pair(s.height, s.mass);
          },
          "(height, mass): the geometry's extent along up (minus gravity) at the zero pose, m, and the total body "
          "mass, kg, as scaled() measures them.")
      .def("scaled", &scaledModel, py::arg("height"), py::arg("mass"),
           "A copy scaled to `height` (m) and `mass` (kg): lengths by height / size[0], masses by mass / size[1], "
           "inertias by both (docs/api.md, \"Scaling a model\"). Stiffness, damping and contact materials are kept. "
           "Raises ModelError when a target is not positive and finite or the model has no height or mass.")
      .def("__repr__", [](const PyModel& p) {
        return "<articula.Model '" + p.spec.name + "' from " + p.file + ": " + std::to_string(p.spec.bodies.size()) +
               " bodies, " + std::to_string(p.built.system->getMatter().getNU()) + " degrees of freedom>";
      });

  m.def("load", &loadFile, py::arg("path"), py::arg("openmbd_compat") = false,
        py::arg("allow_paths") = std::vector<std::string>{}, py::arg("floating_base") = false,
        py::arg("urdf_limits") = false,
        "Reads a model file (Articula JSON, OpenMBD, URDF or MJCF) and builds it. Raises ModelError naming the file, "
        "JSON path (URDF: line and element), value and problem, exactly as `articula validate` reports it. "
        "openmbd_compat: OpenMBD's own substitutions and scenario (--openmbd-compat); allow_paths: further "
        "folders meshes may be read from; floating_base, urdf_limits: URDF's --floating-base, --urdf-limits.");
  m.def("from_json", &loadText, py::arg("text"), py::arg("file") = "<json>", py::arg("openmbd_compat") = false,
        py::arg("allow_paths") = std::vector<std::string>{}, py::arg("floating_base") = false,
        py::arg("urdf_limits") = false,
        "A model from JSON text in either format; `file` names it in errors and is where meshes are looked "
        "for (relative to its folder).");
  m.def(
      "validate",
      [](const std::string& path, bool openMbdCompat, std::vector<std::string> allowPaths) {
        return checkDict(model::checkModelFile(path, loadOptions(openMbdCompat, std::move(allowPaths))));
      },
      py::arg("path"), py::arg("openmbd_compat") = false, py::arg("allow_paths") = std::vector<std::string>{},
      "Loads and builds a model file as a run would; returns the counts (bodies, degrees_of_freedom, mass, "
      "warnings, ...) or raises ModelError with the message `articula validate` prints.");
}

}  // namespace articula::python
