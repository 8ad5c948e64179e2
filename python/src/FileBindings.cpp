// OpenSim's data files (files/StorageTable.h, files/MarkerTrajectories.h) as NumPy arrays.
#include "Bindings.h"
#include "articula/files/MarkerTrajectories.h"
#include "articula/files/StorageTable.h"

namespace articula::python {

namespace {

py::tuple readStorage(const std::string& path) {
  const files::StorageTable t = files::readStorage(path);
  py::array_t<double> values({static_cast<py::ssize_t>(t.rows()), static_cast<py::ssize_t>(t.columns())});
  std::copy(t.values.begin(), t.values.end(), values.mutable_data());
  return py::make_tuple(t.labels, values);
}

py::tuple readTrc(const std::string& path, bool metres) {
  files::MarkerTrajectories t = files::readTrc(path);
  if (metres) t.convertToMetres();
  const auto frames = static_cast<py::ssize_t>(t.frames()), markers = static_cast<py::ssize_t>(t.markers.size());
  py::array_t<double> time(frames), positions({frames, markers, py::ssize_t{3}});
  std::copy(t.time.begin(), t.time.end(), time.mutable_data());
  double* p = positions.mutable_data();
  for (const files::Point3& v : t.positions) p = std::copy(v.begin(), v.end(), p);
  return py::make_tuple(t.markers, time, positions);
}

}  // namespace

void bindFiles(py::module_& m) {
  m.def("read_storage", &readStorage, py::arg("path"),
        "Reads an OpenSim .sto or .mot file (docs/opensim-files.md): (labels, values), the column labels "
        "(the first normally 'time') and a rows x columns float array. Angles are as the file has them (its "
        "inDegrees). Raises Error naming the file, line and value of a malformed file.");
  m.def("read_trc", &readTrc, py::arg("path"), py::arg("metres") = false,
        "Reads a .trc marker file (docs/opensim-files.md): (markers, time, positions), the marker names, the "
        "frames' times (s) and a frames x markers x 3 float array, NaN where a marker was not seen; in the "
        "file's units, or in metres with metres=True. Raises Error naming the file, line and value of a "
        "malformed file.");
}

}  // namespace articula::python
