// Constraints (constraints/constraints.h) and prescribed motion (matter/Motion.h), as methods of
// MatterSubsystem: add_rod(...), add_ball(...), ... each add a constraint to the matter's
// ConstraintSet (created on first use) and return its index; constraint(index) gives the
// Constraint with its errors, multipliers and forces at a State. Bodies are indices (0 = Ground),
// checked when the constraint is added (IndexError).
#include "BuildAccess.h"
#include "SystemAccess.h"
#include "articula/constraints/DiskOnPlaneContact.h"
#include "articula/constraints/constraints.h"
#include "articula/matter/Motion.h"

namespace articula::python {

namespace {

namespace c = constraints;
using Matter = MatterSubsystem;
using Cls = py::class_<Matter>;
using Held = std::shared_ptr<Function>;

template <class C, class... A>
int add(Matter& m, A&&... args) {
  return addConstraint<C>(m, std::forward<A>(args)...).getIndex();
}

void bodies(const Matter& m, std::initializer_list<int> list) {
  for (int b : list) requireBodyIndex(m, b, "body");
}

const State& at(const Constraint& k, PyState& s, Stage need, const char* what) {
  return realizedState(s, k.getMatter().getSystem(), need, what);
}

const ConstraintSet* setOf(const Matter& m) { return ConstraintSet::find(m); }

// Which coordinates (or speeds) of which bodies a coupler reads.
void mobilities(const Matter& m, const std::vector<int>& b, const std::vector<int>& which, bool coordinate) {
  if (b.size() != which.size()) throw py::value_error("bodies and indices: expected lists of the same length");
  for (size_t i = 0; i < b.size(); ++i)
    requireMobilityIndex(m, b[i], which[i], coordinate, coordinate ? "which_q" : "which_u");
}

MotionLevel levelFrom(const std::string& level) {
  if (level == "position") return MotionLevel::Position;
  if (level == "velocity") return MotionLevel::Velocity;
  if (level == "acceleration") return MotionLevel::Acceleration;
  throw py::value_error("level '" + level + "': expected 'position', 'velocity' or 'acceleration'");
}

void bindConstraintClass(py::module_& m) {
  py::class_<Constraint>(m, "Constraint",
                         "One constraint of a MatterSubsystem (MatterSubsystem.constraint(index)). Its equations "
                         "are ordered [position; velocity; acceleration]; the multipliers follow that order.")
      .def_property_readonly("type_name", &Constraint::typeName, "The constraint's kind, e.g. 'Rod', 'Ball', 'Weld'.")
      .def_property_readonly("name", &Constraint::getName, "The name it was added with.")
      .def_property_readonly("index", &Constraint::getIndex,
                             "Its index in the MatterSubsystem (MatterSubsystem.constraint(index)).")
      .def_property_readonly("num_position_equations", &Constraint::getNumPositionEquations,
                             "Holonomic equations mp: its rows of State.qerr; their first and second time "
                             "derivatives also hold at the velocity and acceleration levels.")
      .def_property_readonly("num_velocity_equations", &Constraint::getNumVelocityEquations,
                             "Nonholonomic equations mv (velocity level; State.uerr has mp + mv rows of it).")
      .def_property_readonly("num_acceleration_equations", &Constraint::getNumAccelerationEquations,
                             "Acceleration-only equations ma (State.udoterr has mp + mv + ma rows of it).")
      .def_property_readonly("num_equations", &Constraint::getNumEquations, "mp + mv + ma: its number of multipliers.")
      .def_property("default_enabled", &Constraint::isDefaultEnabled, &Constraint::setDefaultEnabled,
                    "Whether the default State has it enabled (set before realize_topology).")
      .def(
          "is_enabled", [](const Constraint& k, PyState& s) { return k.isEnabled(at(k, s, Stage::Empty, "")); },
          py::arg("state"), "Whether it is enabled in `state`.")
      .def(
          "set_enabled",
          [](const Constraint& k, PyState& s, bool on) {
            at(k, s, Stage::Empty, "");
            k.setEnabled(s.raw(), on);
          },
          py::arg("state"), py::arg("enabled"), "Enables or disables it in `state` (invalidates Instance).")
      .def(
          "position_errors",
          [](const Constraint& k, PyState& s) {
            return k.getPositionErrors(at(k, s, Stage::Position, "position_errors"));
          },
          py::arg("state"), "Its position errors p (stage Position).")
      .def(
          "velocity_errors",
          [](const Constraint& k, PyState& s) {
            return k.getVelocityErrors(at(k, s, Stage::Velocity, "velocity_errors"));
          },
          py::arg("state"), "[pdot; v] (stage Velocity).")
      .def(
          "acceleration_errors",
          [](const Constraint& k, PyState& s) {
            return k.getAccelerationErrors(at(k, s, Stage::Acceleration, "acceleration_errors"));
          },
          py::arg("state"), "[pddot; vdot; a] (stage Acceleration).")
      .def(
          "multipliers",
          [](const Constraint& k, PyState& s) {
            return k.getMultipliers(at(k, s, Stage::Acceleration, "multipliers"));
          },
          py::arg("state"), "Its multipliers lambda, one per equation (stage Acceleration).")
      .def(
          "calc_constraint_forces",
          [](const Constraint& k, PyState& s) {
            std::vector<SpatialVec> F;
            Vector f;
            k.calcConstraintForces(at(k, s, Stage::Acceleration, "calc_constraint_forces"), F, f);
            return py::make_tuple(bodyForceRows(F), f);
          },
          py::arg("state"),
          "The forces it applies to the system (-G^T lambda): (body_forces (num_bodies, 6) rows [moment about "
          "the body origin; force] in Ground, mobility_forces (nu,)) (stage Acceleration).")
      .def(
          "calc_power",
          [](const Constraint& k, PyState& s) { return k.calcPower(at(k, s, Stage::Acceleration, "calc_power")); },
          py::arg("state"), "Power (W) of its forces; zero for a workless constraint (stage Acceleration).")
      .def("__repr__", [](const Constraint& k) { return "<Constraint " + k.label() + ">"; });
}

void bindSet(Cls& cls) {
  cls.def_property_readonly(
         "num_constraints", [](const Matter& m) { return setOf(m) ? setOf(m)->getNumConstraints() : 0; },
         "Constraints added so far (enabled or not); indices run from 0 to num_constraints - 1.")
      .def(
          "constraint",
          [](const Matter& m, int i) -> const Constraint& {
            const int n = setOf(m) ? setOf(m)->getNumConstraints() : 0;
            if (i < 0 || i >= n) throw py::index_error("constraint " + std::to_string(i) + ": not a constraint index");
            return setOf(m)->getConstraint(i);
          },
          py::arg("index"), py::return_value_policy::reference_internal,
          "The Constraint `index` (0 to num_constraints - 1); IndexError otherwise.")
      .def_property_readonly(
          "num_constraint_equations",
          [](const Matter& m) {
            const ConstraintSet* s = setOf(m);
            return s ? py::make_tuple(s->getNumPositionEquations(), s->getNumVelocityEquations(),
                                      s->getNumAccelerationEquations())
                     : py::make_tuple(0, 0, 0);
          },
          "(position, velocity, acceleration) equation counts over every constraint.")
      .def(
          "calc_constraint_matrix",
          [](const Matter& m, PyState& s) {
            Matrix G;
            if (const ConstraintSet* set = setOf(m))
              set->calcG(realizedState(s, m.getSystem(), Stage::Velocity, "calc_constraint_matrix"), G);
            return G;
          },
          py::arg("state"), "G (m x nu), rows in the order of State.multipliers (stage Velocity).")
      .def(
          "set_constraint_characteristic_time",
          [](Matter& m, Real tc) { ConstraintSet::upd(m).setCharacteristicTime(tc); }, py::arg("seconds"),
          "Projection's t_c relating position and velocity errors (default 0.1 s).")
      .def(
          "set_constraint_length_scale", [](Matter& m, Real L) { ConstraintSet::upd(m).setLengthScale(L); },
          py::arg("meters"), "Projection's length scale (0: from the model).")
      .def(
          "set_max_projection_error", [](Matter& m, Real e) { ConstraintSet::upd(m).setMaxProjectionError(e); },
          py::arg("error"), "Largest weighted RMS position error projection corrects (default 0.1).");
}

void bindPointConstraints(Cls& cls) {
  cls.def(
         "add_rod",
         [](Matter& m, int a, const Vec3& pa, int b, const Vec3& pb, Real L, std::string name) {
           bodies(m, {a, b});
           return add<c::Rod>(m, std::move(name), a, pa, b, pb, L);
         },
         py::arg("body_a"), py::arg("station_a"), py::arg("body_b"), py::arg("station_b"), py::arg("length"),
         py::arg("name") = "rod", "Distance between two stations fixed at `length` (1 equation; lambda: tension-like).")
      .def(
          "add_ball",
          [](Matter& m, int a, const Vec3& pa, int b, const Vec3& pb, std::string name) {
            bodies(m, {a, b});
            return add<c::Ball>(m, std::move(name), a, pa, b, pb);
          },
          py::arg("body_a"), py::arg("station_a"), py::arg("body_b"), py::arg("station_b"), py::arg("name") = "ball",
          "Two stations coincide (3 equations; lambda is the force on B's station, in Ground).")
      .def(
          "add_weld",
          [](Matter& m, int a, const Transform& Xa, int b, const Transform& Xb, std::string name) {
            bodies(m, {a, b});
            return add<c::Weld>(m, std::move(name), a, Xa, b, Xb);
          },
          py::arg("body_a"), py::arg("X_AF"), py::arg("body_b"), py::arg("X_BM"), py::arg("name") = "weld",
          "Frame F on A and M on B coincide (6 equations: orientation, then position).")
      .def(
          "add_constant_orientation",
          [](Matter& m, int a, const Rotation& Ra, int b, const Rotation& Rb, std::string name) {
            bodies(m, {a, b});
            return add<c::ConstantOrientation>(m, std::move(name), a, Ra, b, Rb);
          },
          py::arg("body_a"), py::arg("R_AF"), py::arg("body_b"), py::arg("R_BM"), py::arg("name") = "orientation",
          "Frames F on A and M on B keep the same orientation (3 equations).")
      .def(
          "add_point_in_plane",
          [](Matter& m, int a, const Vec3& n, Real h, int b, const Vec3& p, std::string name) {
            bodies(m, {a, b});
            return add<c::PointInPlane>(m, std::move(name), a, n, h, b, p);
          },
          py::arg("plane_body"), py::arg("normal"), py::arg("height"), py::arg("follower_body"), py::arg("station"),
          py::arg("name") = "point in plane", "A station of the follower stays in the plane n.x = height (1 equation).")
      .def(
          "add_point_on_line",
          [](Matter& m, int a, const Vec3& d, const Vec3& pl, int b, const Vec3& p, std::string name) {
            bodies(m, {a, b});
            return add<c::PointOnLine>(m, std::move(name), a, d, pl, b, p);
          },
          py::arg("line_body"), py::arg("direction"), py::arg("point"), py::arg("follower_body"), py::arg("station"),
          py::arg("name") = "point on line",
          "A station of the follower stays on a line of the line body (2 equations).")
      .def(
          "add_constant_angle",
          [](Matter& m, int a, const Vec3& va, int b, const Vec3& vb, Real angle, std::string name) {
            bodies(m, {a, b});
            return add<c::ConstantAngle>(m, std::move(name), a, va, b, vb, angle);
          },
          py::arg("body_a"), py::arg("axis_a"), py::arg("body_b"), py::arg("axis_b"), py::arg("angle"),
          py::arg("name") = "constant angle",
          "The angle between two body-fixed unit vectors stays `angle` (1 equation).");
}

void bindContactConstraints(Cls& cls) {
  cls.def(
         "add_sphere_on_plane_contact",
         [](Matter& m, int p, const Transform& X, int s, const Vec3& c, Real r, bool noSlip, std::string name) {
           bodies(m, {p, s});
           return add<c::SphereOnPlaneContact>(m, std::move(name), p, X, s, c, r, noSlip);
         },
         py::arg("plane_body"), py::arg("X_PF"), py::arg("sphere_body"), py::arg("center"), py::arg("radius"),
         py::arg("no_slip") = false, py::arg("name") = "sphere on plane",
         "A sphere touching the plane z_F = 0 (1 equation; no_slip adds 2 for rolling without slip).")
      .def(
          "add_sphere_on_sphere_contact",
          [](Matter& m, int a, const Vec3& ca, Real ra, int b, const Vec3& cb, Real rb, bool noSlip, std::string name) {
            bodies(m, {a, b});
            return add<c::SphereOnSphereContact>(m, std::move(name), a, ca, ra, b, cb, rb, noSlip);
          },
          py::arg("body_a"), py::arg("center_a"), py::arg("radius_a"), py::arg("body_b"), py::arg("center_b"),
          py::arg("radius_b"), py::arg("no_slip") = false, py::arg("name") = "sphere on sphere",
          "Two spheres touching from outside (1 equation; no_slip adds 2).")
      .def(
          "add_line_on_line_contact",
          [](Matter& m, int a, const Vec3& pa, const Vec3& da, int b, const Vec3& pb, const Vec3& db,
             std::string name) {
            bodies(m, {a, b});
            return add<c::LineOnLineContact>(m, std::move(name), a, pa, da, b, pb, db);
          },
          py::arg("body_a"), py::arg("point_a"), py::arg("direction_a"), py::arg("body_b"), py::arg("point_b"),
          py::arg("direction_b"), py::arg("name") = "line on line", "Two body-fixed lines intersect (1 equation).")
      .def(
          "add_disk_on_plane_contact",
          [](Matter& m, int p, const Transform& X, int d, const Vec3& c, const Vec3& axle, Real r, bool noSlip,
             std::string name) {
            bodies(m, {p, d});
            return add<c::DiskOnPlaneContact>(m, std::move(name), p, X, d, c, axle, r, noSlip);
          },
          py::arg("plane_body"), py::arg("X_PF"), py::arg("disk_body"), py::arg("center"), py::arg("axle"),
          py::arg("radius"), py::arg("no_slip") = false, py::arg("name") = "disk on plane",
          "A thin disk touching the plane z_F = 0 (1 equation; no_slip adds 2).")
      .def(
          "add_no_slip_1d",
          [](Matter& m, int cb, const Vec3& p, const Vec3& n, int b0, int b1, std::string name) {
            bodies(m, {cb, b0, b1});
            return add<c::NoSlip1D>(m, std::move(name), cb, p, n, b0, b1);
          },
          py::arg("case_body"), py::arg("point"), py::arg("direction"), py::arg("body0"), py::arg("body1"),
          py::arg("name") = "no slip",
          "The material points of body0 and body1 at `point` move alike along `direction` "
          "(1 velocity equation).");
}

void bindMobilityConstraints(Cls& cls) {
  cls.def(
         "add_constant_speed",
         [](Matter& m, int b, int u, Real v, std::string name) {
           requireMobilityIndex(m, b, u, false, "which_u");
           return add<c::ConstantSpeed>(m, std::move(name), b, u, v);
         },
         py::arg("body"), py::arg("which_u"), py::arg("speed"), py::arg("name") = "constant speed",
         "Speed `which_u` of the body's mobilizer held at `speed` (1 velocity equation).")
      .def(
          "add_constant_acceleration",
          [](Matter& m, int b, int u, Real a, std::string name) {
            requireMobilityIndex(m, b, u, false, "which_u");
            return add<c::ConstantAcceleration>(m, std::move(name), b, u, a);
          },
          py::arg("body"), py::arg("which_u"), py::arg("acceleration"), py::arg("name") = "constant acceleration",
          "udot `which_u` of the body's mobilizer held at `acceleration` (1 acceleration equation).")
      .def(
          "add_coordinate_coupler",
          [](Matter& m, Held f, std::vector<int> b, std::vector<int> q, std::string name) {
            mobilities(m, b, q, true);
            return add<c::CoordinateCoupler>(m, std::move(name), FunctionPtr(std::move(f)), std::move(b), std::move(q));
          },
          py::arg("function"), py::arg("bodies"), py::arg("which_q"), py::arg("name") = "coordinate coupler",
          "function(q_1, ..., q_k) = 0 with q_i coordinate which_q[i] of bodies[i] (1 equation).")
      .def(
          "add_speed_coupler",
          [](Matter& m, Held f, std::vector<int> b, std::vector<int> u, std::vector<int> qb, std::vector<int> q,
             std::string name) {
            mobilities(m, b, u, false);
            mobilities(m, qb, q, true);
            return add<c::SpeedCoupler>(m, std::move(name), FunctionPtr(std::move(f)), std::move(b), std::move(u),
                                        std::move(qb), std::move(q));
          },
          py::arg("function"), py::arg("bodies"), py::arg("which_u"), py::arg("coordinate_bodies") = std::vector<int>{},
          py::arg("which_q") = std::vector<int>{}, py::arg("name") = "speed coupler",
          "function(u_1, ..., u_k, q_1, ..., q_m) = 0 (1 velocity equation; speeds first, then coordinates).")
      .def(
          "add_prescribed_motion",
          [](Matter& m, int b, int q, Held f, std::string name) {
            requireMobilityIndex(m, b, q, true, "which_q");
            return add<c::PrescribedMotion>(m, std::move(name), b, q, FunctionPtr(std::move(f)));
          },
          py::arg("body"), py::arg("which_q"), py::arg("function"), py::arg("name") = "prescribed motion",
          "Coordinate `which_q` follows function(t), enforced by a multiplier (1 equation). "
          "prescribe_motion() instead removes the mobility from the dynamics.");
}

// Motion.h and locks: per-State, not constraints of the set (no multipliers; lock_forces).
void bindMotion(Cls& cls) {
  cls.def(
         "prescribe_motion",
         [](const Matter& m, PyState& s, int b, const std::string& level, const std::vector<Held>& fs) {
           requireBodyIndex(m, b, "body", false);
           realizedState(s, m.getSystem(), Stage::Empty, "");
           prescribeMotion(m, s.raw(), b, levelFrom(level), std::vector<FunctionPtr>(fs.begin(), fs.end()));
           s.seen();
         },
         py::arg("state"), py::arg("body"), py::arg("level"), py::arg("functions"),
         "In `state`, the body's mobilizer follows functions of time (one per mobility) at level 'position', "
         "'velocity' or 'acceleration'; replaces a lock.")
      .def(
          "remove_motion",
          [](const Matter& m, PyState& s, int b) {
            requireBodyIndex(m, b, "body", false);
            realizedState(s, m.getSystem(), Stage::Empty, "");
            removeMotion(m, s.raw(), b);
          },
          py::arg("state"), py::arg("body"), "Makes the body's mobilizer free again.")
      .def(
          "is_prescribed",
          [](const Matter& m, PyState& s, int b) {
            requireBodyIndex(m, b, "body", false);
            return isPrescribed(m, realizedState(s, m.getSystem(), Stage::Empty, ""), b);
          },
          py::arg("state"), py::arg("body"), "Locked or moving by prescribe_motion.")
      .def(
          "lock",
          [](const Matter& m, PyState& s, int b, const py::object& q) {
            requireBodyIndex(m, b, "body", false);
            realizedState(s, m.getSystem(), Stage::Empty, "");
            if (q.is_none()) m.lockAtCurrent(s.raw(), b);
            else m.lock(s.raw(), b, SmallVector(vectorArgument(q, m.getInfo(b).nq, "q")));
            s.seen();
          },
          py::arg("state"), py::arg("body"), py::arg("q") = py::none(),
          "Locks the body's mobilizer at q (default: where it is); its u becomes 0.")
      .def(
          "unlock",
          [](const Matter& m, PyState& s, int b) {
            requireBodyIndex(m, b, "body", false);
            realizedState(s, m.getSystem(), Stage::Empty, "");
            m.unlock(s.raw(), b);
          },
          py::arg("state"), py::arg("body"),
          "Frees the mobilizer of `body` that lock() held in `state` (nothing if it is not locked).")
      .def(
          "lock_forces",
          [](const Matter& m, PyState& s) {
            return Vector(m.getLockForces(realizedState(s, m.getSystem(), Stage::Acceleration, "lock_forces")));
          },
          py::arg("state"), "Generalized forces the locks and prescribed motions need, (nu,) (stage Acceleration).");
}

}  // namespace

void bindConstraints(py::module_& m) {
  bindConstraintClass(m);
  auto matter = py::reinterpret_borrow<Cls>(m.attr("MatterSubsystem"));
  bindSet(matter);
  bindPointConstraints(matter);
  bindContactConstraints(matter);
  bindMobilityConstraints(matter);
  bindMotion(matter);
}

}  // namespace articula::python
