// Stage and State. q, u, z (and y = [q u z]) are writable NumPy views of the State's own memory;
// the derivatives and constraint results are read-only views, handed out only when the State is
// realized far enough (StageError otherwise). PyState applies writes through the views to the stages.
#include "Bindings.h"

namespace articula::python {

namespace {

py::array_t<double> variables(PyState& s, py::handle self, int start, int n) {
  return viewOf(const_cast<double*>(s.raw().getY().data()) + start, n, self, true);
}

// A read-only view of a realized result; `get` checks the stage.
template <class Get>
py::array_t<double> result(PyState& s, py::handle self, Get get) {
  const Vector& v = get(s.sync());
  return viewOf(const_cast<double*>(v.data()), v.size(), self, false);
}

enum class Part { Q, U, Z, Y };

// s.q = values (and u, z, y): a copy into the State, through the method that invalidates its stage.
void assignVariables(PyState& s, const py::handle& value, Part part, const char* what) {
  State& st = s.sync();
  const int n = part == Part::Q   ? st.getNQ()
                : part == Part::U ? st.getNU()
                : part == Part::Z ? st.getNZ()
                                  : static_cast<int>(st.getY().size());
  const Vector v = vectorArgument(value, n, what);
  switch (part) {
    case Part::Q: st.updQ() = v; break;
    case Part::U: st.updU() = v; break;
    case Part::Z: st.updZ() = v; break;
    case Part::Y: st.updY() = v; break;
  }
  s.seen();
}

}  // namespace

void bindState(py::module_& m) {
  py::enum_<Stage>(m, "Stage", "Realization stages, in order (Theory Manual ch. 7); they compare with < and >.",
                   py::arithmetic())
      .value("Empty", Stage::Empty)
      .value("Topology", Stage::Topology)
      .value("Model", Stage::Model)
      .value("Instance", Stage::Instance)
      .value("Time", Stage::Time)
      .value("Position", Stage::Position)
      .value("Velocity", Stage::Velocity)
      .value("Dynamics", Stage::Dynamics)
      .value("Acceleration", Stage::Acceleration)
      .value("Report", Stage::Report);
  documentEnum(m.attr("Stage"), "Position");

  py::class_<PyState>(m, "State",
                      "Every variable of a simulation and its realization cache. Made by System.default_state() "
                      "(or Model.initial_state()); copy with copy().\n\n"
                      "q, u, z and y = [q u z] are writable NumPy views of the State's own memory: no copies. "
                      "Writing through them (s.q[0] = 0.3, s.u[:] = 0) invalidates the stages that depend on what "
                      "changed, as Simbody's updQ()/updU() do: the next realize recomputes them. qdot, udot, "
                      "zdot, multipliers and the constraint errors are read-only views, valid while the State "
                      "stays realized to their stage; asking for them earlier raises StageError.")
      .def(
          "copy", [](const PyState& s) { return PyState(s); }, "An independent copy (its own memory).")
      .def("__copy__", [](const PyState& s) { return PyState(s); })
      .def(
          "__deepcopy__", [](const PyState& s, py::dict) { return PyState(s); }, py::arg("memo"))
      .def_property(
          "time", [](PyState& s) { return s.sync().getTime(); },
          [](PyState& s, Real t) {
            if (!std::isfinite(t)) throw py::value_error("State.time = " + formatValue(t) + ": not finite");
            s.sync().setTime(t);
          },
          "Time, s. Setting it invalidates Time and later stages.")
      .def_property_readonly(
          "nq", [](PyState& s) { return s.raw().getNQ(); }, "Length of q: the generalized coordinates of all bodies.")
      .def_property_readonly(
          "nu", [](PyState& s) { return s.raw().getNU(); }, "Length of u: the generalized speeds (<= nq).")
      .def_property_readonly(
          "nz", [](PyState& s) { return s.raw().getNZ(); },
          "Length of z: the auxiliary continuous variables the subsystems allocated (e.g. W_nc, penalty "
          "hysteresis).")
      .def_property(
          "q",
          [](py::object self) {
            PyState& s = self.cast<PyState&>();
            return variables(s, self, 0, s.raw().getNQ());
          },
          [](PyState& s, py::handle v) { assignVariables(s, v, Part::Q, "State.q"); },
          "Generalized coordinates: a writable view (quaternions scalar first).")
      .def_property(
          "u",
          [](py::object self) {
            PyState& s = self.cast<PyState&>();
            return variables(s, self, s.raw().getNQ(), s.raw().getNU());
          },
          [](PyState& s, py::handle v) { assignVariables(s, v, Part::U, "State.u"); },
          "Generalized speeds: a writable view.")
      .def_property(
          "z",
          [](py::object self) {
            PyState& s = self.cast<PyState&>();
            return variables(s, self, s.raw().getNQ() + s.raw().getNU(), s.raw().getNZ());
          },
          [](PyState& s, py::handle v) { assignVariables(s, v, Part::Z, "State.z"); },
          "Auxiliary continuous variables (e.g. contact hysteresis, accumulated work): a writable view.")
      .def_property(
          "y",
          [](py::object self) {
            PyState& s = self.cast<PyState&>();
            return variables(s, self, 0, static_cast<int>(s.raw().getY().size()));
          },
          [](PyState& s, py::handle v) { assignVariables(s, v, Part::Y, "State.y"); },
          "All continuous variables [q u z]: a writable view.")
      .def_property_readonly(
          "qdot",
          [](py::object self) {
            return result(self.cast<PyState&>(), self, [](const State& s) -> const Vector& { return s.getQDot(); });
          },
          "dq/dt (stage Velocity), read-only view.")
      .def_property_readonly(
          "udot",
          [](py::object self) {
            return result(self.cast<PyState&>(), self, [](const State& s) -> const Vector& { return s.getUDot(); });
          },
          "du/dt (stage Acceleration), read-only view.")
      .def_property_readonly(
          "zdot",
          [](py::object self) {
            return result(self.cast<PyState&>(), self, [](const State& s) -> const Vector& { return s.getZDot(); });
          },
          "dz/dt (stage Acceleration), read-only view.")
      .def_property_readonly(
          "multipliers",
          [](py::object self) {
            return result(self.cast<PyState&>(), self,
                          [](const State& s) -> const Vector& { return s.getMultipliers(); });
          },
          "Constraint multipliers lambda (stage Acceleration), read-only view.")
      .def_property_readonly(
          "qerr",
          [](py::object self) {
            return result(self.cast<PyState&>(), self, [](const State& s) -> const Vector& { return s.getQErr(); });
          },
          "Position constraint errors (stage Position), read-only view.")
      .def_property_readonly(
          "uerr",
          [](py::object self) {
            return result(self.cast<PyState&>(), self, [](const State& s) -> const Vector& { return s.getUErr(); });
          },
          "Velocity constraint errors (stage Velocity), read-only view.")
      .def_property_readonly(
          "udoterr",
          [](py::object self) {
            return result(self.cast<PyState&>(), self, [](const State& s) -> const Vector& { return s.getUDotErr(); });
          },
          "Acceleration constraint errors (stage Acceleration), read-only view.")
      .def_property_readonly(
          "stage", [](PyState& s) { return s.sync().getSystemStage(); }, "The stage the whole State is realized to.")
      .def(
          "invalidate", [](PyState& s, Stage stage) { s.sync().invalidateAll(checkedStage(stage, Stage::Model)); },
          py::arg("stage"), "Marks `stage` (Model or later) and every later stage as not realized.")
      .def("__repr__", [](PyState& s) {
        const State& st = s.sync();
        return "State(t=" + formatValue(st.getTime()) + ", nq=" + std::to_string(st.getNQ()) +
               ", nu=" + std::to_string(st.getNU()) + ", nz=" + std::to_string(st.getNZ()) +
               ", stage=" + stageName(st.getSystemStage()) + ")";
      });
}

}  // namespace articula::python
