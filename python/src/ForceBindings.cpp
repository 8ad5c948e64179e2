// Force subsystems and force elements: GeneralForceSubsystem (MultibodySystem.add_general_forces)
// and every element of include/articula/forces. Each add_* method makes an element, hands it to
// the subsystem and returns its index in the subsystem (for enable/disable per State). Body and
// mobility indices are checked against the matter when the element is added (IndexError); the
// elements' constructors check their parameters (articula.Error naming the field).
#include <cmath>
#include <limits>

#include "BuildAccess.h"
#include "SystemAccess.h"
#include "articula/forces/ConstantForce.h"
#include "articula/forces/ConstantTorque.h"
#include "articula/forces/CoordinateLimitForce.h"
#include "articula/forces/CustomForce.h"
#include "articula/forces/DiscreteForces.h"
#include "articula/forces/GeneralForceSubsystem.h"
#include "articula/forces/GlobalDamper.h"
#include "articula/forces/Gravity.h"
#include "articula/forces/JointActuator.h"
#include "articula/forces/LinearBushing.h"
#include "articula/forces/MobilityConstantForce.h"
#include "articula/forces/MobilityLinearDamper.h"
#include "articula/forces/MobilityLinearSpring.h"
#include "articula/forces/MobilityLinearStop.h"
#include "articula/forces/MuscleTone.h"
#include "articula/forces/PassiveJointDamping.h"
#include "articula/forces/PdServo.h"
#include "articula/forces/RangeOfMotionLimit.h"
#include "articula/forces/TorquePulse.h"
#include "articula/forces/TwoPointConstantForce.h"
#include "articula/forces/TwoPointLinearDamper.h"
#include "articula/forces/TwoPointLinearSpring.h"

namespace articula::python {

namespace {

using Forces = GeneralForceSubsystem;
using Cls = py::class_<Forces>;

template <class E>
int add(Forces& f, std::unique_ptr<E> element) {
  f.addForce(std::move(element));
  return f.getNumForces() - 1;
}

const MatterSubsystem& matter(const Forces& f) { return matterOf(f); }

void body(const Forces& f, int b, const char* what = "body") { requireBodyIndex(matter(f), b, what); }

const State& at(const Forces& f, PyState& s, Stage need, const char* what) {
  return realizedState(s, f.getSystem(), need, what);
}

// A Python callable kept by an element. The element may be dropped by a thread that does not hold
// the GIL, so the reference is released with the GIL taken (and leaked if Python is gone).
struct PyCallable {
  py::object f;
  explicit PyCallable(py::object o) : f(std::move(o)) {}
  PyCallable(const PyCallable&) = delete;
  PyCallable& operator=(const PyCallable&) = delete;
  ~PyCallable() {
    if (!Py_IsInitialized()) {
      f.release();
      return;
    }
    py::gil_scoped_acquire gil;
    f = py::object();
  }
};

// The callbacks take the GIL themselves: realize() from Python holds it, but an integrator run
// releases it. A Python exception leaves as py::error_already_set, which pybind11 restores as the
// same exception when it reaches Python.
CustomForce::ForceFunction forceCallback(std::shared_ptr<PyCallable> c, std::string name) {
  return [c, name](const State& s, const MatterSubsystem& m, std::vector<SpatialVec>& F, Vector& f) {
    py::gil_scoped_acquire gil;
    const auto nb = static_cast<py::ssize_t>(F.size());
    py::array_t<double> bodies({nb, py::ssize_t{6}});
    py::array_t<double> mobilities(static_cast<py::ssize_t>(m.getNU()));
    std::fill_n(bodies.mutable_data(), bodies.size(), 0.0);
    std::fill_n(mobilities.mutable_data(), mobilities.size(), 0.0);
    c->f(PyState(s), bodies, mobilities);
    for (py::ssize_t i = 0; i < bodies.size() + mobilities.size(); ++i) {
      const double v = i < bodies.size() ? bodies.data()[i] : mobilities.data()[i - bodies.size()];
      if (!std::isfinite(v)) throw Error("custom force '" + name + "': the callable wrote a non-finite force");
    }
    for (py::ssize_t b = 0; b < nb; ++b) F[b] += Eigen::Map<const SpatialVec>(bodies.data(b, 0));
    f += Eigen::Map<const Vector>(mobilities.data(), m.getNU());
  };
}

CustomForce::ScalarFunction scalarCallback(std::shared_ptr<PyCallable> c) {
  return [c](const State& s, const MatterSubsystem&) {
    py::gil_scoped_acquire gil;
    return c->f(PyState(s)).cast<Real>();
  };
}

int addCustom(Forces& f, py::function force, py::object pe, py::object power, py::object ncPower, std::string name) {
  auto e = std::make_unique<CustomForce>(forceCallback(std::make_shared<PyCallable>(force), name), name);
  if (!pe.is_none()) e->setPotentialEnergy(scalarCallback(std::make_shared<PyCallable>(pe)));
  if (!power.is_none()) e->setPower(scalarCallback(std::make_shared<PyCallable>(power)));
  if (!ncPower.is_none()) e->setNonConservativePower(scalarCallback(std::make_shared<PyCallable>(ncPower)));
  return add(f, std::move(e));
}

int addGravity(Forces& f, const Vec3& g, std::string name, const std::vector<int>& exclude, Real pe0) {
  auto e = std::make_unique<Gravity>(g, std::move(name));
  for (int b : exclude) {
    body(f, b, "excluded body");
    e->excludeBody(b);
  }
  e->setZeroHeightEnergy(pe0);
  return add(f, std::move(e));
}

int addPassiveDamping(Forces& f, Real c, bool roots, const std::map<int, Real>& bodies,
                      const std::vector<std::tuple<int, int, Real>>& mobilities, std::string name) {
  auto e = std::make_unique<PassiveJointDamping>(c, std::move(name));
  e->setDampRootJoints(roots);
  for (const auto& [b, cb] : bodies) {
    requireBodyIndex(matter(f), b, "body_damping body", false);
    e->setBodyDamping(b, cb);
  }
  for (const auto& [b, u, cu] : mobilities) {
    requireMobilityIndex(matter(f), b, u, false, "mobility_damping which_u");
    e->setMobilityDamping(b, u, cu);
  }
  return add(f, std::move(e));
}

RangeOfMotionLimit::Axis axisFrom(const std::tuple<Real, Real, Real, Real>& t) {
  return {std::get<0>(t), std::get<1>(t), std::get<2>(t), std::get<3>(t)};
}

CoordinateAxis coordinateAxis(const std::string& name) {
  if (name == "x") return CoordinateAxis::X;
  if (name == "y") return CoordinateAxis::Y;
  if (name == "z") return CoordinateAxis::Z;
  throw py::value_error("axis '" + name + "': expected 'x', 'y' or 'z'");
}

int addTorquePulse(Forces& f, int b, const std::string& mode, const py::handle& peak, Real t0, Real T,
                   std::string name) {
  requireBodyIndex(matter(f), b, "body", false);
  if (mode != "mobility" && mode != "body_torque_pair")
    throw py::value_error("mode '" + mode + "': expected 'mobility' or 'body_torque_pair'");
  const bool mobility = mode == "mobility";
  const Vector p = vectorArgument(peak, mobility ? matter(f).getInfo(b).nu : 3, "peak");
  return add(f,
             std::make_unique<TorquePulse>(mobility ? TorquePulse::Mode::Mobility : TorquePulse::Mode::BodyTorquePair,
                                           b, SmallVector(p), t0, T, std::move(name)));
}

void bindSubsystem(Cls& c) {
  c.def_property_readonly("num_forces", &Forces::getNumForces,
                          "Force elements added so far; indices run from 0 to num_forces - 1.")
      .def("find_force", &Forces::findForceByName, py::arg("name"), "Index of the named element, -1 if none.")
      .def(
          "force_name", [](const Forces& f, int i) { return f.getForce(i).getName(); }, py::arg("index"),
          "The name of element `index`.")
      .def(
          "set_force_enabled", [](const Forces& f, PyState& s, int i, bool on) { f.setForceEnabled(s.sync(), i, on); },
          py::arg("state"), py::arg("index"), py::arg("enabled"),
          "Switches element `index` on or off in `state` (invalidates Dynamics).")
      .def(
          "is_force_enabled", [](const Forces& f, PyState& s, int i) { return f.isForceEnabled(s.sync(), i); },
          py::arg("state"), py::arg("index"), "Whether element `index` is on in `state`.")
      .def("set_track_nonconservative_work", &Forces::setTrackNonConservativeWork, py::arg("track") = true,
           "Before realize_topology: integrate the non-conservative work W_nc as one z, so that KE + PE - W_nc "
           "stays constant.")
      .def_property_readonly("tracking_nonconservative_work", &Forces::isTrackingNonConservativeWork,
                             "Whether set_track_nonconservative_work turned on the W_nc integral.")
      .def(
          "get_nonconservative_work",
          [](const Forces& f, PyState& s) { return f.getNonConservativeWork(at(f, s, Stage::Empty, "")); },
          py::arg("state"), "W_nc (J) since the State's initial time; Error unless tracking is on.")
      .def(
          "set_nonconservative_work",
          [](const Forces& f, PyState& s, Real w) {
            at(f, s, Stage::Empty, "");
            f.setNonConservativeWork(s.raw(), w);
            s.seen();
          },
          py::arg("state"), py::arg("work"), "Resets W_nc (e.g. to 0 before a new run).")
      .def(
          "calc_power",
          [](const Forces& f, PyState& s) { return f.calcPower(at(f, s, Stage::Velocity, "calc_power")); },
          py::arg("state"), "Rate of work (W) of the enabled elements on the system (stage Velocity).")
      .def(
          "calc_nonconservative_power",
          [](const Forces& f, PyState& s) {
            return f.calcNonConservativePower(at(f, s, Stage::Velocity, "calc_nonconservative_power"));
          },
          py::arg("state"), "The power not stored as potential energy, P + dPE/dt (W; stage Velocity).")
      .def(
          "calc_potential_energy",
          [](const Forces& f, PyState& s) {
            return f.calcPotentialEnergy(at(f, s, Stage::Position, "calc_potential_energy"));
          },
          py::arg("state"), "Potential energy (J) of the enabled elements (stage Position).");
}

void bindPointForces(Cls& c) {
  c.def("add_gravity", &addGravity, py::arg("g") = Vec3(0, 0, -9.81), py::arg("name") = "gravity",
        py::arg("exclude") = std::vector<int>{}, py::arg("zero_height_energy") = 0.0,
        "Uniform gravity g (m/s^2, in Ground) on every body's mass centre except the bodies in `exclude`; "
        "zero_height_energy is added to the potential energy.")
      .def(
          "add_constant_force",
          [](Forces& f, int b, const Vec3& p, const Vec3& F, std::string name) {
            body(f, b);
            return add(f, std::make_unique<ConstantForce>(b, p, F, std::move(name)));
          },
          py::arg("body"), py::arg("station"), py::arg("force"), py::arg("name") = "constant force",
          "A fixed force (N, in Ground) at a station of the body (m, in its frame); conservative.")
      .def(
          "add_constant_torque",
          [](Forces& f, int b, const Vec3& T, std::string name) {
            body(f, b);
            return add(f, std::make_unique<ConstantTorque>(b, T, std::move(name)));
          },
          py::arg("body"), py::arg("torque"), py::arg("name") = "constant torque",
          "A fixed moment (N m, in Ground) on the body.")
      .def(
          "add_two_point_linear_spring",
          [](Forces& f, int b1, const Vec3& p1, int b2, const Vec3& p2, Real k, Real L0, std::string name) {
            body(f, b1, "body1");
            body(f, b2, "body2");
            return add(f, std::make_unique<TwoPointLinearSpring>(b1, p1, b2, p2, k, L0, std::move(name)));
          },
          py::arg("body1"), py::arg("station1"), py::arg("body2"), py::arg("station2"), py::arg("stiffness"),
          py::arg("natural_length"), py::arg("name") = "",
          "Tension k (L - L0) along the line between two stations (N/m, m); PE = k (L - L0)^2 / 2.")
      .def(
          "add_two_point_linear_damper",
          [](Forces& f, int b1, const Vec3& p1, int b2, const Vec3& p2, Real c, std::string name) {
            body(f, b1, "body1");
            body(f, b2, "body2");
            return add(f, std::make_unique<TwoPointLinearDamper>(b1, p1, b2, p2, c, std::move(name)));
          },
          py::arg("body1"), py::arg("station1"), py::arg("body2"), py::arg("station2"), py::arg("damping"),
          py::arg("name") = "", "Force -c dL/dt along the line between two stations (N s/m).")
      .def(
          "add_two_point_constant_force",
          [](Forces& f, int b1, const Vec3& p1, int b2, const Vec3& p2, Real F, std::string name) {
            body(f, b1, "body1");
            body(f, b2, "body2");
            return add(f, std::make_unique<TwoPointConstantForce>(b1, p1, b2, p2, F, std::move(name)));
          },
          py::arg("body1"), py::arg("station1"), py::arg("body2"), py::arg("station2"), py::arg("force"),
          py::arg("name") = "", "A force of constant magnitude (N) along the line; > 0 pushes the stations apart.")
      .def(
          "add_linear_bushing",
          [](Forces& f, int b1, const Transform& X1, int b2, const Transform& X2, const Vec6& k, const Vec6& c,
             std::string name) {
            body(f, b1, "body1");
            body(f, b2, "body2");
            return add(f, std::make_unique<LinearBushing>(b1, X1, b2, X2, k, c, std::move(name)));
          },
          py::arg("body1"), py::arg("X_B1F"), py::arg("body2"), py::arg("X_B2M"), py::arg("stiffness"),
          py::arg("damping"), py::arg("name") = "",
          "A 6-dof spring-damper between frame F on body1 and M on body2; stiffness and damping are "
          "[rx, ry, rz, x, y, z] (x-y-z angles of R_FM, then p_FM in F).");
}

void bindMobilityForces(Cls& c) {
  c.def(
       "add_mobility_constant_force",
       [](Forces& f, int b, int u, Real F, std::string name) {
         requireMobilityIndex(matter(f), b, u, false, "which_u");
         return add(f, std::make_unique<MobilityConstantForce>(b, u, F, std::move(name)));
       },
       py::arg("body"), py::arg("which_u"), py::arg("force"), py::arg("name") = "mobility force",
       "A constant generalized force on speed `which_u` of the body's mobilizer.")
      .def(
          "add_mobility_linear_spring",
          [](Forces& f, int b, int q, Real k, Real q0, std::string name) {
            requireMobilityIndex(matter(f), b, q, true, "which_q");
            return add(f, std::make_unique<MobilityLinearSpring>(b, q, k, q0, std::move(name)));
          },
          py::arg("body"), py::arg("which_q"), py::arg("stiffness"), py::arg("rest_value") = 0.0, py::arg("name") = "",
          "PE = k (q_i - q0)^2 / 2 on coordinate `which_q` of the body's mobilizer.")
      .def(
          "add_mobility_linear_damper",
          [](Forces& f, int b, int u, Real c, std::string name) {
            requireMobilityIndex(matter(f), b, u, false, "which_u");
            return add(f, std::make_unique<MobilityLinearDamper>(b, u, c, std::move(name)));
          },
          py::arg("body"), py::arg("which_u"), py::arg("damping"), py::arg("name") = "",
          "Generalized force -c u_i on speed `which_u`.")
      .def(
          "add_mobility_linear_stop",
          [](Forces& f, int b, int q, Real lo, Real hi, Real k, Real d, std::string name) {
            requireMobilityIndex(matter(f), b, q, true, "which_q");
            return add(f, std::make_unique<MobilityLinearStop>(b, q, lo, hi, k, d, std::move(name)));
          },
          py::arg("body"), py::arg("which_q"), py::arg("lower"), py::arg("upper"), py::arg("stiffness"),
          py::arg("dissipation"), py::arg("name") = "",
          "A one-sided Hunt-Crossley stop outside [lower, upper] (use -inf / inf for no bound).")
      .def(
          "add_joint_actuator",
          [](Forces& f, int b, int u, std::shared_ptr<Function> fn, Real scale, Real limit, std::string name) {
            requireMobilityIndex(matter(f), b, u, false, "which_u");
            return add(
                f, std::make_unique<JointActuator>(b, u, FunctionPtr(std::move(fn)), scale, limit, std::move(name)));
          },
          py::arg("body"), py::arg("which_u"), py::arg("function"), py::arg("scale") = 1.0,
          py::arg("limit") = std::numeric_limits<Real>::infinity(), py::arg("name") = "",
          "Generalized force scale * function(t) on speed `which_u`, clamped to |tau| <= limit; its work is "
          "the actuators' work.")
      .def(
          "add_pd_servo",
          [](Forces& f, int b, int q, Real kp, Real kd, std::shared_ptr<Function> target, Real limit,
             std::string name) {
            requireMobilityIndex(matter(f), b, q, true, "which_q");
            return add(f,
                       std::make_unique<PdServo>(b, q, kp, kd, FunctionPtr(std::move(target)), limit, std::move(name)));
          },
          py::arg("body"), py::arg("which_q"), py::arg("kp"), py::arg("kd"), py::arg("target") = py::none(),
          py::arg("limit") = std::numeric_limits<Real>::infinity(), py::arg("name") = "",
          "tau = kp (r(t) - q_i) + kd (r'(t) - qdot_i) on coordinate `which_q` (not a quaternion entry), clamped "
          "to |tau| <= limit; r a function of time, or None to hold the coordinate's default value.")
      .def(
          "add_muscle_tone",
          [](Forces& f, Real k, Real c, const std::vector<int>& joints, std::string name) {
            auto e = std::make_unique<MuscleTone>(k, c, std::move(name));
            for (int b : joints) {
              requireBodyIndex(matter(f), b, "joints body", false);
              e->addJoint(b);
            }
            return add(f, std::move(e));
          },
          py::arg("stiffness"), py::arg("damping"), py::arg("joints") = std::vector<int>{},
          py::arg("name") = "muscle tone",
          "Stiffness and damping towards the reference posture (the default q) on the joints of these bodies "
          "(default: every joint but the root joints); quaternion joints by their rotation vector.")
      .def(
          "add_global_damper",
          [](Forces& f, Real c, std::string name) {
            return add(f, std::make_unique<GlobalDamper>(c, std::move(name)));
          },
          py::arg("damping"), py::arg("name") = "global damper", "f = -c u on every generalized speed.")
      .def("add_passive_joint_damping", &addPassiveDamping, py::arg("default_damping"),
           py::arg("damp_root_joints") = false, py::arg("body_damping") = std::map<int, Real>{},
           py::arg("mobility_damping") = std::vector<std::tuple<int, int, Real>>{},
           py::arg("name") = "passive joint damping",
           "f_i = -c_i u_i with c = default_damping except on root joints (unless damp_root_joints); "
           "body_damping {body: c} and mobility_damping [(body, which_u, c)] override it, in that order.")
      .def(
          "add_range_of_motion_limit",
          [](Forces& f, int b, int q, Real lo, Real hi, Real k, Real c, std::string name) {
            requireMobilityIndex(matter(f), b, q, true, "which_q");
            return add(
                f, std::make_unique<RangeOfMotionLimit>(b, q, RangeOfMotionLimit::Axis{lo, hi, k, c}, std::move(name)));
          },
          py::arg("body"), py::arg("which_q"), py::arg("lower"), py::arg("upper"), py::arg("stiffness"),
          py::arg("damping"), py::arg("name") = "",
          "A penalty spring-damper max(0, k x + c xdot) while coordinate `which_q` is outside [lower, upper].")
      .def(
          "add_coordinate_limit_force",
          [](Forces& f, int b, int q, Real lower, Real upper, Real kLower, Real kUpper, Real transition, Real damping,
             std::string name) {
            requireMobilityIndex(matter(f), b, q, true, "which_q");
            const CoordinateLimitForce::Parameters p{lower, upper, kLower, kUpper, damping, transition};
            return add(f, std::make_unique<CoordinateLimitForce>(b, q, p, std::move(name)));
          },
          py::arg("body"), py::arg("which_q"), py::arg("lower"), py::arg("upper"), py::arg("lower_stiffness"),
          py::arg("upper_stiffness"), py::arg("transition"), py::arg("damping") = 0.0, py::arg("name") = "",
          "OpenSim's CoordinateLimitForce on coordinate `which_q` (not a quaternion entry), in SI: beyond each "
          "limit a spring whose stiffness ramps from 0 to lower/upper_stiffness over `transition` (> 0, Simbody's "
          "C2 step), with damping engaged by the same step; PE as OpenSim's. An infinite limit (math.inf) is none.")
      .def(
          "add_orientation_limit",
          [](Forces& f, int b, const std::array<std::tuple<Real, Real, Real, Real>, 3>& axes, const std::string& twist,
             std::string name) {
            requireBodyIndex(matter(f), b, "body", false);
            const std::array<RangeOfMotionLimit::Axis, 3> a{axisFrom(axes[0]), axisFrom(axes[1]), axisFrom(axes[2])};
            return add(f, std::make_unique<RangeOfMotionLimit>(b, coordinateAxis(twist), a, std::move(name)));
          },
          py::arg("body"), py::arg("axes"), py::arg("twist_axis") = "z", py::arg("name") = "",
          "A range-of-motion limit on the swing-twist angles of the joint's R_FM: axes = three (lower, upper, "
          "stiffness, damping) for x, y, z; the twist_axis slot is the twist.")
      .def("add_torque_pulse", &addTorquePulse, py::arg("body"), py::arg("mode"), py::arg("peak"),
           py::arg("start_time"), py::arg("duration"), py::arg("name") = "",
           "A half-sine pulse peak sin(pi (t - t0) / T) on the body's joint: mode 'mobility' (peak per u of the "
           "mobilizer) or 'body_torque_pair' (a torque in the joint's F frame, +T on the child, -T on the parent).");
}

void bindCustom(Cls& c) {
  c.def("add_custom_force", &addCustom, py::arg("force"), py::arg("potential_energy") = py::none(),
        py::arg("power") = py::none(), py::arg("nonconservative_power") = py::none(), py::arg("name") = "custom force",
        "A force written in Python: force(state, body_forces, mobility_forces) adds into body_forces, a "
        "(num_bodies, 6) array of [moment about the body origin; force] in Ground, and mobility_forces (nu,). "
        "`state` is a copy realized through Velocity (use the matter operators on it; do not realize it "
        "further). Optional potential_energy(state), power(state), nonconservative_power(state) return floats. "
        "An exception raised by a callable reaches the caller of realize (or simulate) unchanged.")
      .def(
          "add_discrete_forces",
          [](Forces& f, std::string name) { return add(f, std::make_unique<DiscreteForces>(std::move(name))); },
          py::arg("name") = "discrete forces",
          "Body and mobility forces held per State (all zero at first); set them with discrete_forces(index).")
      .def(
          "discrete_forces",
          [](Forces& f, int i) -> const DiscreteForces& {
            const auto* d = dynamic_cast<const DiscreteForces*>(&f.getForce(i));
            if (!d) throw py::type_error("force " + std::to_string(i) + " is not a DiscreteForces element");
            return *d;
          },
          py::arg("index"), py::return_value_policy::reference_internal, "The DiscreteForces element `index`.");
}

void bindDiscrete(py::module_& m) {
  using D = DiscreteForces;
  py::class_<D>(m, "DiscreteForces",
                "Forces kept in the State: set them between steps; they stay until changed (setting invalidates "
                "Dynamics only). Body forces are [moment about the body origin; force] in Ground.")
      .def(
          "set_body_force", [](const D& d, PyState& s, int b, const Vec6& F) { d.setOneBodyForce(s.sync(), b, F); },
          py::arg("state"), py::arg("body"), py::arg("force"), "Replaces the body's [moment; force].")
      .def(
          "set_all_body_forces",
          [](const D& d, PyState& s, const Eigen::Ref<const Eigen::Matrix<double, -1, 6, Eigen::RowMajor>>& F) {
            std::vector<SpatialVec> v(F.rows());
            for (Eigen::Index b = 0; b < F.rows(); ++b) v[b] = F.row(b).transpose();
            d.setAllBodyForces(s.sync(), v);
          },
          py::arg("state"), py::arg("forces"), "Every body's force at once: a (num_bodies, 6) array.")
      .def(
          "add_force_to_body_point",
          [](const D& d, PyState& s, int b, const Vec3& p, const Vec3& F) { d.addForceToBodyPoint(s.sync(), b, p, F); },
          py::arg("state"), py::arg("body"), py::arg("station"), py::arg("force"),
          "Adds a force (in Ground) at a station of the body (needs the State at Position).")
      .def(
          "add_torque_to_body", [](const D& d, PyState& s, int b, const Vec3& T) { d.addTorqueToBody(s.sync(), b, T); },
          py::arg("state"), py::arg("body"), py::arg("torque"), "Adds a moment (in Ground) to the body.")
      .def(
          "set_mobility_force",
          [](const D& d, PyState& s, int b, int u, Real f) { d.setOneMobilityForce(s.sync(), b, u, f); },
          py::arg("state"), py::arg("body"), py::arg("which_u"), py::arg("force"),
          "Replaces the generalized force on speed `which_u` of the body's mobilizer.")
      .def(
          "set_all_mobility_forces",
          [](const D& d, PyState& s, const py::handle& f) {
            State& st = s.sync();
            d.setAllMobilityForces(st, vectorArgument(f, st.getNU(), "mobility_forces"));
          },
          py::arg("state"), py::arg("forces"), "Every generalized force at once: (nu,).")
      .def(
          "clear", [](const D& d, PyState& s) { d.clearAllForces(s.sync()); }, py::arg("state"),
          "Sets every force to zero.")
      .def(
          "body_forces", [](const D& d, PyState& s) { return bodyForceRows(d.getAllBodyForces(s.sync())); },
          py::arg("state"), "The body forces held in `state`, (num_bodies, 6).")
      .def(
          "mobility_forces", [](const D& d, PyState& s) { return Vector(d.getAllMobilityForces(s.sync())); },
          py::arg("state"), "The generalized forces held in `state`, (nu,).");
}

}  // namespace

void bindForces(py::module_& m) {
  Cls forces(m, "GeneralForceSubsystem",
             "A list of force elements (gravity, springs, dampers, limits, ...). Add elements before the System's "
             "topology is realized; enable or disable them per State.");
  bindSubsystem(forces);
  bindPointForces(forces);
  bindMobilityForces(forces);
  bindCustom(forces);
  bindDiscrete(m);

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
