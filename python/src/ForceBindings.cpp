// Force subsystems and force elements: GeneralForceSubsystem (MultibodySystem.add_general_forces)
// and its elements. Each add_* method makes an element, hands it to the subsystem and returns its
// index in the subsystem (for enable/disable per State).
#include "Bindings.h"
#include "SystemAccess.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/Gravity.h"
#include "articula/matter/MultibodySystem.h"

namespace articula::python {

void bindForces(py::module_& m) {
  py::class_<GeneralForceSubsystem> forces(
      m, "GeneralForceSubsystem",
      "A list of force elements (gravity, springs, dampers, limits, ...). Add elements before the System's "
      "topology is realized; enable or disable them per State.");
  forces.def_property_readonly("num_forces", &GeneralForceSubsystem::getNumForces)
      .def("find_force", &GeneralForceSubsystem::findForceByName, py::arg("name"),
           "Index of the named element, -1 if none.")
      .def(
          "force_name", [](const GeneralForceSubsystem& f, int i) { return f.getForce(i).getName(); }, py::arg("index"))
      .def(
          "set_force_enabled",
          [](const GeneralForceSubsystem& f, PyState& s, int i, bool enabled) {
            f.setForceEnabled(s.sync(), i, enabled);
          },
          py::arg("state"), py::arg("index"), py::arg("enabled"),
          "Switches element `index` on or off in `state` (invalidates Dynamics).")
      .def(
          "is_force_enabled",
          [](const GeneralForceSubsystem& f, PyState& s, int i) { return f.isForceEnabled(s.sync(), i); },
          py::arg("state"), py::arg("index"))
      .def(
          "add_gravity",
          [](GeneralForceSubsystem& f, const Vec3& g, std::string name) {
            f.addForce(std::make_unique<Gravity>(g, std::move(name)));
            return f.getNumForces() - 1;
          },
          py::arg("g") = Vec3(0, 0, -9.81), py::arg("name") = "gravity",
          "Uniform gravity g (m/s^2, in Ground) on every body's mass centre.");

  auto system = py::reinterpret_borrow<py::class_<MultibodySystem, System>>(m.attr("MultibodySystem"));
  system.def(
      "add_general_forces",
      [](MultibodySystem& sys, std::string name) -> GeneralForceSubsystem& {
        return sys.addForceSubsystem(std::make_unique<GeneralForceSubsystem>(std::move(name)));
      },
      py::arg("name") = "forces", py::return_value_policy::reference_internal,
      "Adds a GeneralForceSubsystem and returns it.");
}

}  // namespace articula::python
