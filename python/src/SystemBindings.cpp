// System (the base of every system) and MultibodySystem: topology, default State, realization,
// projection and the energies. Force subsystems are added in ForceBindings.cpp.
#include "Bindings.h"
#include "SystemAccess.h"
#include "articula/matter/MultibodySystem.h"

namespace articula::python {

const State& realizedState(PyState& s, const System& system, Stage need, const char* what) {
  State& st = s.sync();
  system.realize(st, Stage::Empty);  // realizes nothing: only checks that `system` made the State
  st.requireStage(need, what);
  return st;
}

namespace {

PyState topology(System& sys) {
  return PyState(sys.isTopologyRealized() ? sys.getDefaultState() : sys.realizeTopology());
}

}  // namespace

void bindSystem(py::module_& m) {
  py::class_<System>(m, "System",
                     "A flat list of subsystems. realize_topology() freezes it and gives the default State; "
                     "realize(state, stage) computes everything up to a stage.")
      .def_property_readonly("name", &System::getName, "The name it was made with (MultibodySystem: 'multibody').")
      .def_property_readonly("num_subsystems", &System::getNumSubsystems,
                             "Subsystems in it: a MultibodySystem's MatterSubsystem (index 0) and each force "
                             "subsystem added since.")
      .def_property_readonly("topology_realized", &System::isTopologyRealized,
                             "Whether realize_topology() has frozen it (nothing more can be added).")
      .def("realize_topology", &topology,
           "Freezes the System (no more bodies, forces or constraints) and returns a copy of its default State. "
           "Calling it again returns the default State again.")
      .def("default_state", &topology, "A copy of the default State (realizes the topology if needed).")
      .def(
          "realize",
          [](const System& sys, PyState& s, Stage stage) {
            State& st = s.sync();
            sys.realize(st, checkedStage(stage));
            s.seen();  // prescribed motion writes q and u while realizing Position
          },
          py::arg("state"), py::arg("stage") = Stage::Report,
          "Realizes every subsystem stage by stage up to `stage` (default Report). Raises Error for a State "
          "another System made.")
      .def(
          "project",
          [](const System& sys, PyState& s, Real tolerance) {
            State& st = s.sync();
            sys.realize(st, Stage::Empty);  // only the check that this System made the State
            const bool changed = sys.project(st, tolerance);
            s.seen();
            return changed;
          },
          py::arg("state"), py::arg("tolerance") = 1e-10,
          "Moves the State onto its constraint manifold (quaternions normalized, constraints satisfied to "
          "`tolerance`); returns whether it changed. Raises SimulationError if it cannot.");

  py::class_<MultibodySystem, System>(m, "MultibodySystem",
                                      "A System of one MatterSubsystem (the bodies) and force subsystems.")
      .def(py::init<std::string>(), py::arg("name") = "multibody")
      .def_property_readonly("matter", py::overload_cast<>(&MultibodySystem::updMatter),
                             py::return_value_policy::reference_internal, "The MatterSubsystem: bodies and operators.")
      .def(
          "calc_kinetic_energy",
          [](const MultibodySystem& sys, PyState& s) {
            return sys.calcKineticEnergy(realizedState(s, sys, Stage::Velocity, "calc_kinetic_energy"));
          },
          py::arg("state"), "Kinetic energy, J (stage Velocity).")
      .def(
          "calc_potential_energy",
          [](const MultibodySystem& sys, PyState& s) {
            return sys.calcPotentialEnergy(realizedState(s, sys, Stage::Position, "calc_potential_energy"));
          },
          py::arg("state"), "Potential energy of the force elements, J (stage Position).")
      .def(
          "calc_energy",
          [](const MultibodySystem& sys, PyState& s) {
            return sys.calcEnergy(realizedState(s, sys, Stage::Velocity, "calc_energy"));
          },
          py::arg("state"), "Kinetic plus potential energy, J (stage Velocity).");
}

}  // namespace articula::python
