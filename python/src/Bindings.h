// What the binding files of the Python module share: the State as Python holds it (PyState), the
// conversions of arrays and the bind functions Module.cpp calls in order (a class is bound before
// the functions that take it).
#pragma once
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "articula/math/Types.h"
#include "articula/system/State.h"
#include "articula/system/System.h"

namespace articula::python {

namespace py = pybind11;

// A State held by Python. Its q, u and z are handed out as writable NumPy views of the State's own
// memory, and NumPy cannot tell anyone when an element is written. So PyState keeps a copy of y as
// it was when the module last looked (`seen_`); sync() compares and invalidates the stage of the
// earliest part that changed (q: Position, u: Velocity, z: Dynamics), exactly what updQ/updU/updZ
// would have done. Every binding that reads or realizes the State calls sync() first: a memcmp of
// (nq + nu + nz) doubles. After C++ code changed y itself (and invalidated as it should), seen()
// records the new values.
class PyState {
 public:
  explicit PyState(const State& s);
  PyState(const PyState& other);

  // The State, with the writes made through the views applied to its stages. Throws
  // articula::Error naming the entry when a changed value is not finite.
  State& sync();
  // The State for C++ code that changes y through State's own methods (which invalidate); call
  // seen() afterwards.
  State& raw() { return state_; }
  void seen();

 private:
  State state_;
  Vector seen_;
};

// Arrays. A NumPy view of `n` doubles at `data` owned by `owner` (kept alive by the array).
py::array_t<double> viewOf(double* data, Eigen::Index n, py::handle owner, bool writable);
py::array_t<double> viewOf(double* data, Eigen::Index rows, Eigen::Index cols, py::handle owner, bool writable);
// A vector argument: a 1-D array of `n` finite values, else ValueError naming `what` and the problem.
Vector vectorArgument(const py::handle& value, Eigen::Index n, const char* what);
void requireSize(const Eigen::Ref<const Vector>& v, Eigen::Index n, const char* what);
void requireFinite(const Eigen::Ref<const Vector>& v, const char* what);

// Called after an enum's last value: help() then shows it in full. pybind11 makes an enum's
// __doc__ a static property (built from the members when read), which pydoc does not read, so
// help() showed no description: it becomes the plain string it reads now. And pybind11 gives the
// `name` and `value` properties no docstring. `example` is one member's name.
inline void documentEnum(const py::handle& cls, const char* example) {
  const py::str doc = cls.attr("__doc__");
  py::delattr(cls, "__doc__");
  cls.attr("__doc__") = doc;
  cls.attr("name").attr("__doc__") = std::string("The member's name as a str, e.g. '") + example + "'.";
  cls.attr("value").attr("__doc__") = "The member's integer value (its position in the C++ enum).";
}

// A Stage from Python, where Stage(42) can be made: ValueError unless it is one of the stages and
// at least `lowest`.
Stage checkedStage(Stage s, Stage lowest = Stage::Empty);

// The bind functions, one per file.
void bindErrors(py::module_& m);
void bindMath(py::module_& m);
void bindState(py::module_& m);
void bindSystem(py::module_& m);
void bindMobilizers(py::module_& m);
void bindFunctions(py::module_& m);
void bindMatter(py::module_& m);
void bindForces(py::module_& m);
void bindConstraints(py::module_& m);
void bindContact(py::module_& m);
void bindIntegrators(py::module_& m);
void bindStudy(py::module_& m);
void bindModel(py::module_& m);
void bindRun(py::module_& m);
void bindFiles(py::module_& m);
void bindOpenSim(py::module_& m);  // after bindModel: it adds to Model
void bindSweeps(py::module_& m);

}  // namespace articula::python
