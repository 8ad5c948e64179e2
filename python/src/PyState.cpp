// PyState and the array helpers (Bindings.h).
#include <cmath>
#include <cstring>

#include "Bindings.h"

namespace articula::python {

PyState::PyState(const State& s) : state_(s), seen_(s.getY()) {}

PyState::PyState(const PyState& other) : state_(other.state_), seen_(other.state_.getY()) {}

namespace {

bool sameBits(const double* a, const double* b, int n) {
  return n == 0 || std::memcmp(a, b, sizeof(double) * static_cast<size_t>(n)) == 0;
}

void requireFiniteEntries(const double* v, int n, const char* name) {
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(v[i]))
      throw Error(std::string("State.") + name + "[" + std::to_string(i) + "] = " + formatValue(v[i]) + ": not finite");
}

}  // namespace

State& PyState::sync() {
  const double* y = state_.getY().data();
  const double* old = seen_.data();
  const int nq = state_.getNQ(), nu = state_.getNU(), nz = state_.getNZ();
  if (sameBits(y, old, nq + nu + nz)) return state_;
  // A stage is invalidated by its earliest changed part, as updQ/updU/updZ would have.
  if (!sameBits(y, old, nq)) {
    requireFiniteEntries(y, nq, "q");
    state_.invalidateAll(Stage::Position);
  } else if (!sameBits(y + nq, old + nq, nu)) {
    state_.invalidateAll(Stage::Velocity);
  } else {
    state_.invalidateAll(Stage::Dynamics);
  }
  requireFiniteEntries(y + nq, nu, "u");
  requireFiniteEntries(y + nq + nu, nz, "z");
  seen();
  return state_;
}

void PyState::seen() { seen_ = state_.getY(); }  // same size after the first: no allocation

py::array_t<double> viewOf(double* data, Eigen::Index n, py::handle owner, bool writable) {
  py::array_t<double> a({n}, {static_cast<Eigen::Index>(sizeof(double))}, data, owner);
  if (!writable) py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

py::array_t<double> viewOf(double* data, Eigen::Index rows, Eigen::Index cols, py::handle owner, bool writable) {
  // Eigen is column-major: element (i, j) is at data[i + j * rows].
  const auto d = static_cast<Eigen::Index>(sizeof(double));
  py::array_t<double> a({rows, cols}, {d, d * rows}, data, owner);
  if (!writable) py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

Stage checkedStage(Stage s, Stage lowest) {
  const int i = static_cast<int>(s);
  if (i < static_cast<int>(lowest) || i > static_cast<int>(Stage::Report))
    throw py::value_error("stage " + std::to_string(i) + ": expected a Stage from " + stageName(lowest) + " to Report");
  return s;
}

void requireSize(const Eigen::Ref<const Vector>& v, Eigen::Index n, const char* what) {
  if (v.size() != n)
    throw py::value_error(std::string(what) + ": expected " + std::to_string(n) + " values, got " +
                          std::to_string(v.size()));
}

void requireFinite(const Eigen::Ref<const Vector>& v, const char* what) {
  for (Eigen::Index i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i]))
      throw py::value_error(std::string(what) + "[" + std::to_string(i) + "] = " + formatValue(v[i]) + ": not finite");
}

Vector vectorArgument(const py::handle& value, Eigen::Index n, const char* what) {
  py::array_t<double, py::array::c_style | py::array::forcecast> a;
  try {
    a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(value);
  } catch (const py::error_already_set&) {
    a = {};
  }
  if (!a) throw py::type_error(std::string(what) + ": expected an array of numbers");
  if (a.ndim() != 1)
    throw py::value_error(std::string(what) + ": expected a 1-D array of " + std::to_string(n) + " values, got " +
                          std::to_string(a.ndim()) + " dimensions");
  Vector v = Eigen::Map<const Vector>(a.data(), a.shape(0));
  requireSize(v, n, what);
  requireFinite(v, what);
  return v;
}

}  // namespace articula::python
