// MatterSubsystem: building the body tree, and the operators (Theory Manual ch. 8): mass matrix,
// M v and M^-1 v, inverse and forward dynamics, Jacobians, N products, momentum, energies and
// reaction forces. Each operator checks that the State belongs to this System and is realized to
// the stage it needs (StageError otherwise) and returns new NumPy arrays. Bodies are indices
// (0 = Ground); body forces are (num_bodies, 6) arrays of [moment; force] in Ground about each
// body origin.
#include "Bindings.h"
#include "SystemAccess.h"
#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/Mobilizer.h"

namespace articula::python {

namespace {

const State& at(const MatterSubsystem& matter, PyState& s, Stage need, const char* what) {
  if (!matter.isInSystem()) throw Error("MatterSubsystem: it belongs to no System");
  return realizedState(s, matter.getSystem(), need, what);
}

void requireBody(const MatterSubsystem& matter, int body, bool groundAllowed = true) {
  if (body < (groundAllowed ? 0 : 1) || body >= matter.getNumBodies())
    throw py::index_error("body " + std::to_string(body) + ": not a body index (0.." +
                          std::to_string(matter.getNumBodies() - 1) + ")");
}

std::vector<SpatialVec> bodyForcesArgument(const MatterSubsystem& matter, const py::object& value, const char* what) {
  const int nb = matter.getNumBodies();
  std::vector<SpatialVec> forces(nb, SpatialVec::Zero());
  if (value.is_none()) return forces;
  auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(value);
  if (!a || a.ndim() != 2 || a.shape(0) != nb || a.shape(1) != 6)
    throw py::value_error(std::string(what) + ": expected a (" + std::to_string(nb) +
                          ", 6) array (a row per body, Ground first)");
  for (int b = 0; b < nb; ++b) {
    forces[b] = Eigen::Map<const SpatialVec>(a.data(b, 0));
    requireFinite(forces[b], what);
  }
  return forces;
}

Vector mobilityVector(const MatterSubsystem& matter, const py::object& value, const char* what) {
  if (value.is_none()) return Vector::Zero(matter.getNU());
  return vectorArgument(value, matter.getNU(), what);
}

py::array_t<double> rows(const std::vector<SpatialVec>& v) {
  py::array_t<double> a({static_cast<py::ssize_t>(v.size()), py::ssize_t{6}});
  for (size_t b = 0; b < v.size(); ++b) Eigen::Map<SpatialVec>(a.mutable_data(b, 0)) = v[b];
  return a;
}

Matrix matrixResult(const MatterSubsystem& matter, PyState& s, Stage need, const char* what,
                    void (MatterSubsystem::*op)(const State&, Matrix&) const) {
  Matrix out;
  (matter.*op)(at(matter, s, need, what), out);
  return out;
}

void bindConstruction(py::class_<MatterSubsystem>& c) {
  c.def(
       "add_body",
       [](MatterSubsystem& matter, int parent, const Transform& X_PF, const Body& body, const Transform& X_BM,
          const Mobilizer& mobilizer, std::string name, bool reversed) {
         requireBody(matter, parent);
         return matter.addMobilizedBody(parent, X_PF, body, X_BM, mobilizer.clone(),
                                        reversed ? Direction::Reverse : Direction::Forward, std::move(name));
       },
       py::arg("parent"), py::arg("X_PF"), py::arg("body"), py::arg("X_BM"), py::arg("mobilizer"), py::arg("name") = "",
       py::arg("reversed") = false,
       "Adds a body below `parent` (0 = Ground) through `mobilizer`, whose frame F is X_PF on the parent and M "
       "is X_BM on the new body; returns the new body's index. The body gets its own copy of the mobilizer.")
      .def(
          "set_default_q",
          [](MatterSubsystem& matter, int body, const py::handle& q) {
            requireBody(matter, body, false);
            const Vector v = vectorArgument(q, matter.getInfo(body).mobilizer->nq(), "q");
            matter.setDefaultQ(body, v);
          },
          py::arg("body"), py::arg("q"), "The coordinates of `body`'s mobilizer in the default State.");
}

void bindTopology(py::class_<MatterSubsystem>& c) {
  c.def_property_readonly("num_bodies", &MatterSubsystem::getNumBodies, "Bodies including Ground (index 0).")
      .def_property_readonly("nq", &MatterSubsystem::getNQ,
                             "Generalized coordinates q of all mobilizers (counted by realize_topology; 0 before).")
      .def_property_readonly("nu", &MatterSubsystem::getNU,
                             "Generalized speeds u of all mobilizers (counted by realize_topology; 0 before); "
                             "less than nq where a quaternion has 4 q for 3 u.")
      .def("find_body", &MatterSubsystem::findBodyByName, py::arg("name"), "Index of the named body, -1 if none.")
      .def(
          "body_name",
          [](const MatterSubsystem& m, int b) {
            requireBody(m, b);
            return m.getInfo(b).name;
          },
          py::arg("body"), "The name body `body` was added with.")
      .def(
          "parent",
          [](const MatterSubsystem& m, int b) {
            requireBody(m, b, false);
            return m.getInfo(b).parent;
          },
          py::arg("body"), "The index of `body`'s parent (0 = Ground).")
      .def(
          "q_range",
          [](const MatterSubsystem& m, int b) {
            requireBody(m, b);
            return py::slice(m.getInfo(b).qStart, m.getInfo(b).qStart + m.getInfo(b).nq, 1);
          },
          py::arg("body"), "The slice of q that body's mobilizer owns: state.q[matter.q_range(b)].")
      .def(
          "u_range",
          [](const MatterSubsystem& m, int b) {
            requireBody(m, b);
            return py::slice(m.getInfo(b).uStart, m.getInfo(b).uStart + m.getInfo(b).nu, 1);
          },
          py::arg("body"), "The slice of u that body's mobilizer owns.")
      .def(
          "mass_properties",
          [](const MatterSubsystem& m, int b) {
            requireBody(m, b, false);
            return m.getInfo(b).body.getMassProperties();
          },
          py::arg("body"), "`body`'s MassProperties: mass, mass centre and inertia, in its own frame.")
      .def("calc_system_mass", &MatterSubsystem::calcSystemMass, "The total mass of the bodies, kg.");
}

void bindKinematics(py::class_<MatterSubsystem>& c) {
  c.def(
       "body_transform",
       [](const MatterSubsystem& m, PyState& s, int b) {
         requireBody(m, b);
         return m.getBodyTransform(at(m, s, Stage::Position, "body_transform"), b);
       },
       py::arg("state"), py::arg("body"), "X_GB (stage Position).")
      .def(
          "body_velocity",
          [](const MatterSubsystem& m, PyState& s, int b) {
            requireBody(m, b);
            return SpatialVec(m.getBodyVelocity(at(m, s, Stage::Velocity, "body_velocity"), b));
          },
          py::arg("state"), py::arg("body"), "V_GB = [w; v of the origin] in Ground (stage Velocity).")
      .def(
          "body_acceleration",
          [](const MatterSubsystem& m, PyState& s, int b) {
            requireBody(m, b);
            return SpatialVec(m.getBodyAcceleration(at(m, s, Stage::Acceleration, "body_acceleration"), b));
          },
          py::arg("state"), py::arg("body"), "A_GB = [angular; linear of the origin] in Ground (stage Acceleration).")
      .def(
          "station_location",
          [](const MatterSubsystem& m, PyState& s, int b, const Vec3& p) {
            requireBody(m, b);
            return m.findStationLocationInGround(at(m, s, Stage::Position, "station_location"), b, p);
          },
          py::arg("state"), py::arg("body"), py::arg("station"), "A point fixed on `body` (in its frame), in Ground.")
      .def(
          "station_velocity",
          [](const MatterSubsystem& m, PyState& s, int b, const Vec3& p) {
            requireBody(m, b);
            return m.findStationVelocityInGround(at(m, s, Stage::Velocity, "station_velocity"), b, p);
          },
          py::arg("state"), py::arg("body"), py::arg("station"),
          "Velocity in Ground of a point fixed on `body` (in its frame), m/s (stage Velocity).")
      .def(
          "station_acceleration",
          [](const MatterSubsystem& m, PyState& s, int b, const Vec3& p) {
            requireBody(m, b);
            return m.findStationAccelerationInGround(at(m, s, Stage::Acceleration, "station_acceleration"), b, p);
          },
          py::arg("state"), py::arg("body"), py::arg("station"),
          "Acceleration in Ground of a point fixed on `body` (in its frame), m/s^2 (stage Acceleration).");
}

void bindDynamics(py::class_<MatterSubsystem>& c) {
  c.def(
       "calc_mass_matrix",
       [](const MatterSubsystem& m, PyState& s) {
         return matrixResult(m, s, Stage::Position, "calc_mass_matrix", &MatterSubsystem::calcM);
       },
       py::arg("state"), "The mass matrix M (nu x nu), composite-rigid-body method (stage Position).")
      .def(
          "calc_mass_matrix_inverse",
          [](const MatterSubsystem& m, PyState& s) {
            return matrixResult(m, s, Stage::Position, "calc_mass_matrix_inverse", &MatterSubsystem::calcMInv);
          },
          py::arg("state"), "M^-1 (nu x nu) (stage Position).")
      .def(
          "multiply_by_m",
          [](const MatterSubsystem& m, PyState& s, const py::handle& v) {
            const State& st = at(m, s, Stage::Position, "multiply_by_m");
            Vector out;
            m.multiplyByM(st, vectorArgument(v, m.getNU(), "v"), out);
            return out;
          },
          py::arg("state"), py::arg("v"), "M v in O(n) (stage Position).")
      .def(
          "multiply_by_m_inv",
          [](const MatterSubsystem& m, PyState& s, const py::handle& v) {
            const State& st = at(m, s, Stage::Position, "multiply_by_m_inv");
            Vector out;
            m.multiplyByMInv(st, vectorArgument(v, m.getNU(), "v"), out);
            return out;
          },
          py::arg("state"), py::arg("v"), "M^-1 v in O(n) (stage Position).")
      .def(
          "calc_residual_force",
          [](const MatterSubsystem& m, PyState& s, const py::handle& udot, const py::object& mobilityForces,
             const py::object& bodyForces) {
            const State& st = at(m, s, Stage::Velocity, "calc_residual_force");
            Vector out;
            m.calcResidualForceIgnoringConstraints(st, mobilityVector(m, mobilityForces, "mobility_forces"),
                                                   bodyForcesArgument(m, bodyForces, "body_forces"),
                                                   vectorArgument(udot, m.getNU(), "udot"), out);
            return out;
          },
          py::arg("state"), py::arg("udot"), py::arg("mobility_forces") = py::none(),
          py::arg("body_forces") = py::none(),
          "Inverse dynamics (recursive Newton-Euler), ignoring constraints: the generalized forces "
          "f = M udot + c(q, u) - f_applied that produce `udot` given the applied mobility and body forces "
          "(default none; gravity is a body force, not added here). Stage Velocity.")
      .def(
          "calc_acceleration_ignoring_constraints",
          [](const MatterSubsystem& m, PyState& s, const py::object& mobilityForces, const py::object& bodyForces) {
            const State& st = at(m, s, Stage::Velocity, "calc_acceleration_ignoring_constraints");
            Vector udot;
            std::vector<SpatialVec> A;
            m.calcAccelerationIgnoringConstraints(st, mobilityVector(m, mobilityForces, "mobility_forces"),
                                                  bodyForcesArgument(m, bodyForces, "body_forces"), udot, A);
            return udot;
          },
          py::arg("state"), py::arg("mobility_forces") = py::none(), py::arg("body_forces") = py::none(),
          "Forward dynamics (articulated-body method), ignoring constraints: udot from the given forces only "
          "(gravity is not added). Stage Velocity.")
      .def(
          "applied_body_forces",
          [](const MatterSubsystem& m, PyState& s) {
            return rows(m.getAppliedBodyForces(at(m, s, Stage::Dynamics, "applied_body_forces")));
          },
          py::arg("state"),
          "The body forces of every force subsystem (gravity included), (num_bodies, 6) rows [moment about the "
          "body origin; force] in Ground (stage Dynamics).")
      .def(
          "applied_mobility_forces",
          [](const MatterSubsystem& m, PyState& s) {
            return Vector(m.getAppliedMobilityForces(at(m, s, Stage::Dynamics, "applied_mobility_forces")));
          },
          py::arg("state"), "The generalized forces of every force subsystem, (nu,) (stage Dynamics).")
      .def(
          "calc_kinetic_energy",
          [](const MatterSubsystem& m, PyState& s) {
            return m.calcKineticEnergy(at(m, s, Stage::Velocity, "calc_kinetic_energy"));
          },
          py::arg("state"), "Kinetic energy of the bodies, J (stage Velocity).")
      .def(
          "calc_mass_center_location",
          [](const MatterSubsystem& m, PyState& s) {
            return m.calcSystemMassCenterLocationInGround(at(m, s, Stage::Position, "calc_mass_center_location"));
          },
          py::arg("state"), "The system's mass centre in Ground (stage Position).")
      .def(
          "calc_momentum",
          [](const MatterSubsystem& m, PyState& s, const Vec3& point) {
            return SpatialVec(m.calcSystemMomentumAboutPoint(at(m, s, Stage::Velocity, "calc_momentum"), point));
          },
          py::arg("state"), py::arg("point") = Vec3::Zero(),
          "Total momentum [angular about `point`; linear] in Ground (stage Velocity).")
      .def(
          "calc_mobilizer_reaction_forces",
          [](const MatterSubsystem& m, PyState& s) {
            std::vector<SpatialVec> f;
            m.calcMobilizerReactionForces(at(m, s, Stage::Acceleration, "calc_mobilizer_reaction_forces"), f);
            return rows(f);
          },
          py::arg("state"),
          "Force each mobilizer transmits from parent to child, applied on the child at M's origin, in Ground: "
          "(num_bodies, 6) rows [moment; force] (stage Acceleration).");
}

void bindJacobians(py::class_<MatterSubsystem>& c) {
  c.def(
       "calc_system_jacobian",
       [](const MatterSubsystem& m, PyState& s) {
         return matrixResult(m, s, Stage::Position, "calc_system_jacobian", &MatterSubsystem::calcSystemJacobian);
       },
       py::arg("state"), "J (6 num_bodies x nu), body-major rows [w; v] per body (stage Position).")
      .def(
          "calc_station_jacobian",
          [](const MatterSubsystem& m, PyState& s, int b, const Vec3& p) {
            requireBody(m, b);
            Matrix J;
            m.calcStationJacobian(at(m, s, Stage::Position, "calc_station_jacobian"), b, p, J);
            return J;
          },
          py::arg("state"), py::arg("body"), py::arg("station"), "3 x nu: the station's velocity is J u.")
      .def(
          "calc_frame_jacobian",
          [](const MatterSubsystem& m, PyState& s, int b, const Vec3& p) {
            requireBody(m, b);
            Matrix J;
            m.calcFrameJacobian(at(m, s, Stage::Position, "calc_frame_jacobian"), b, p, J);
            return J;
          },
          py::arg("state"), py::arg("body"), py::arg("origin"), "6 x nu: [w; v of the frame origin] = J u.")
      .def(
          "multiply_by_system_jacobian",
          [](const MatterSubsystem& m, PyState& s, const py::handle& u) {
            const State& st = at(m, s, Stage::Position, "multiply_by_system_jacobian");
            std::vector<SpatialVec> V;
            m.multiplyBySystemJacobian(st, vectorArgument(u, m.getNU(), "u"), V);
            return rows(V);
          },
          py::arg("state"), py::arg("u"), "J u: every body's spatial velocity, (num_bodies, 6).")
      .def(
          "multiply_by_system_jacobian_transpose",
          [](const MatterSubsystem& m, PyState& s, const py::object& F) {
            const State& st = at(m, s, Stage::Position, "multiply_by_system_jacobian_transpose");
            Vector f;
            m.multiplyBySystemJacobianTranspose(st, bodyForcesArgument(m, F, "body_forces"), f);
            return f;
          },
          py::arg("state"), py::arg("body_forces"), "J^T F: generalized forces of body forces (num_bodies, 6).")
      .def(
          "calc_bias_for_station_jacobian",
          [](const MatterSubsystem& m, PyState& s, int b, const Vec3& p) {
            requireBody(m, b);
            return m.calcBiasForStationJacobian(at(m, s, Stage::Velocity, "calc_bias_for_station_jacobian"), b, p);
          },
          py::arg("state"), py::arg("body"), py::arg("station"), "JDot u of the station (stage Velocity).")
      .def(
          "multiply_by_n",
          [](const MatterSubsystem& m, PyState& s, const py::handle& u) {
            const State& st = at(m, s, Stage::Position, "multiply_by_n");
            Vector out;
            m.multiplyByN(st, vectorArgument(u, m.getNU(), "u"), out);
            return out;
          },
          py::arg("state"), py::arg("u"),
          "qdot = N(q) u: the coordinate derivatives of speeds u (length nu); returns a length-nq array "
          "(stage Position).")
      .def(
          "multiply_by_n_inv",
          [](const MatterSubsystem& m, PyState& s, const py::handle& qdot) {
            const State& st = at(m, s, Stage::Position, "multiply_by_n_inv");
            Vector out;
            m.multiplyByNInv(st, vectorArgument(qdot, m.getNQ(), "qdot"), out);
            return out;
          },
          py::arg("state"), py::arg("qdot"),
          "u = N(q)^-1 qdot: the speeds of coordinate derivatives qdot (length nq); returns a length-nu array "
          "(stage Position).");
}

}  // namespace

void bindMatter(py::module_& m) {
  py::class_<MatterSubsystem> c(m, "MatterSubsystem",
                                "Ground and a tree of mobilized bodies (Ground is body 0, parents before children), "
                                "with the O(n) operators.");
  bindConstruction(c);
  bindTopology(c);
  bindKinematics(c);
  bindDynamics(c);
  bindJacobians(c);
}

}  // namespace articula::python
