// Functions (math/Function.h): the factories of articula.functions, and the function-based
// mobilizer articula.mobilizers.function_based that takes them. A Function is immutable and
// shared: one object can serve many mobilizers and constraints.
#include "Bindings.h"
#include "articula/math/Function.h"
#include "articula/matter/Mobilizer.h"
#include "articula/matter/mobilizers.h"

namespace articula::python {

namespace {

// The class's holder is shared_ptr<Function> (pybind11 cannot hold a pointer to const); the
// functions never change, so handing the engine a FunctionPtr from it is safe.
using Held = std::shared_ptr<Function>;
Held held(FunctionPtr f) { return std::const_pointer_cast<Function>(std::move(f)); }

std::vector<Real> arguments(const Function& f, const py::handle& x) {
  if (py::isinstance<py::float_>(x) || py::isinstance<py::int_>(x)) {
    if (f.argumentSize() != 1)
      throw py::value_error("x: expected " + std::to_string(f.argumentSize()) + " values, got one number");
    return {x.cast<Real>()};
  }
  const Vector v = vectorArgument(x, f.argumentSize(), "x");
  return {v.data(), v.data() + v.size()};
}

std::vector<Real> finiteList(const std::vector<Real>& v, const char* what) {
  requireFinite(Eigen::Map<const Vector>(v.data(), static_cast<Eigen::Index>(v.size())), what);
  return v;
}

// One spatial coordinate: None, a Function of q[0..k-1], or (function, [q indices]).
mobilizers::SpatialCoordinate coordinateFrom(const py::handle& value, const char* what) {
  mobilizers::SpatialCoordinate c;
  if (value.is_none()) return c;
  if (py::isinstance<Function>(value)) {
    c.function = value.cast<Held>();
    for (int i = 0; i < c.function->argumentSize(); ++i) c.args.push_back(i);
    return c;
  }
  const auto pair = value.cast<py::tuple>();
  if (pair.size() != 2)
    throw py::value_error(std::string(what) + ": expected None, a Function or (Function, [q indices])");
  c.function = pair[0].cast<Held>();
  c.args = pair[1].cast<std::vector<int>>();
  return c;
}

std::array<mobilizers::SpatialCoordinate, 3> coordinatesFrom(const py::sequence& values, const char* what) {
  if (values.size() != 3) throw py::value_error(std::string(what) + ": expected three entries (x, y, z slots)");
  return {coordinateFrom(values[0], what), coordinateFrom(values[1], what), coordinateFrom(values[2], what)};
}

std::shared_ptr<Mobilizer> functionBased(int n, const py::sequence& rotations, const py::sequence& translations,
                                         const std::array<Vec3, 3>& rotationAxes,
                                         const std::array<Vec3, 3>& translationAxes) {
  mobilizers::SpatialFunctions spec;
  spec.numCoordinates = n;
  spec.rotations = coordinatesFrom(rotations, "rotations");
  spec.translations = coordinatesFrom(translations, "translations");
  spec.rotationAxes = rotationAxes;
  spec.translationAxes = translationAxes;
  return std::shared_ptr<Mobilizer>(mobilizers::functionBased(std::move(spec)));
}

void bindFactories(py::module_& f) {
  f.def(
      "constant", [](Real v, int n) { return held(functions::constant(v, n)); }, py::arg("value"),
      py::arg("argument_size") = 1, "f(x) = value, for any number of arguments.");
  f.def(
      "linear", [](const std::vector<Real>& s, Real b) { return held(functions::linear(finiteList(s, "slopes"), b)); },
      py::arg("slopes"), py::arg("intercept") = 0.0, "f(x) = sum slopes[i] x_i + intercept (len(slopes) arguments).");
  f.def(
      "polynomial",
      [](const std::vector<Real>& c) { return held(functions::polynomial(finiteList(c, "coefficients"))); },
      py::arg("coefficients"), "f(x) = c[0] + c[1] x + c[2] x^2 + ... (lowest degree first).");
  f.def(
      "sinusoid", [](Real a, Real w, Real p, Real o) { return held(functions::sinusoid(a, w, p, o)); },
      py::arg("amplitude"), py::arg("frequency"), py::arg("phase") = 0.0, py::arg("offset") = 0.0,
      "f(x) = amplitude sin(frequency x + phase) + offset (frequency in rad per unit of x).");
  f.def(
      "smooth_step", [](Real x0, Real x1, Real y0, Real y1) { return held(functions::smoothStep(x0, x1, y0, y1)); },
      py::arg("x0"), py::arg("x1"), py::arg("y0"), py::arg("y1"),
      "y0 up to x0, y1 from x1, a C2-smooth quintic between (x0 != x1).");
  f.def(
      "natural_cubic_spline",
      [](const std::vector<Real>& x, const std::vector<Real>& y) {
        return held(functions::naturalCubicSpline(finiteList(x, "x"), finiteList(y, "y")));
      },
      py::arg("x"), py::arg("y"),
      "Natural cubic spline through (x[i], y[i]), x strictly increasing; linear beyond the ends.");
}

}  // namespace

void bindFunctions(py::module_& m) {
  py::class_<Function, Held>(m, "Function",
                             "A scalar function of one or more arguments with analytic first and second "
                             "derivatives. Made by articula.functions; immutable and shareable.")
      .def_property_readonly("argument_size", &Function::argumentSize,
                             "How many arguments it takes (the length of x in value, derivative, ...).")
      .def(
          "value", [](const Function& f, const py::handle& x) { return f.calcValue(arguments(f, x)); }, py::arg("x"),
          "f(x): x a number (one argument) or a sequence of argument_size numbers.")
      .def(
          "__call__", [](const Function& f, const py::handle& x) { return f.calcValue(arguments(f, x)); }, py::arg("x"),
          "Same as value(x).")
      .def(
          "derivative",
          [](const Function& f, const py::handle& x, const std::vector<int>& components) {
            for (int c : components)
              if (c < 0 || c >= f.argumentSize())
                throw py::index_error("derivative component " + std::to_string(c) + ": not an argument index");
            return f.calcDerivative(components, arguments(f, x));
          },
          py::arg("x"), py::arg("components") = std::vector<int>{0},
          "The partial derivative by the listed argument indices: [i] gives df/dx_i, [i, j] d2f/dx_i dx_j.");

  py::module_ f = m.def_submodule("functions", "Factories of Functions (math/Function.h).");
  bindFactories(f);

  py::module_ mob = m.attr("mobilizers").cast<py::module_>();
  mob.def("function_based", &functionBased, py::arg("num_coordinates"), py::arg("rotations"),
          py::arg("translations") = py::make_tuple(py::none(), py::none(), py::none()),
          py::arg("rotation_axes") = std::array<Vec3, 3>{Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()},
          py::arg("translation_axes") = std::array<Vec3, 3>{Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()},
          "OpenSim's CustomJoint: nq = nu = num_coordinates (1..6). R_FM = R(axis0, r0) R(axis1, r1) R(axis2, r2) "
          "(body-fixed) and p_FM = sum t_k translation_axes[k] (in F), where each of the three rotations r_k and "
          "translations t_k is None (zero), a Function of q[0..argument_size-1], or (Function, [q indices]).");
}

}  // namespace articula::python
