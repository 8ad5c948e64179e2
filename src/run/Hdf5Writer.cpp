// trajectory.h5 (Hdf5Writer.h) with HDF5's C API.
#include "articula/run/Hdf5Writer.h"

#include <hdf5.h>

#include <algorithm>

#include "articula/files/TextOutput.h"

namespace articula::run {

namespace {

// Owns one HDF5 identifier and closes it with its own close function.
class Id {
 public:
  Id(hid_t id, herr_t (*close)(hid_t), const char* what) : id_(id), close_(close) {
    if (id < 0) throw files::OutputError(std::string("trajectory.h5: HDF5 could not ") + what);
  }
  ~Id() {
    if (id_ >= 0) close_(id_);
  }
  Id(const Id&) = delete;
  Id& operator=(const Id&) = delete;
  operator hid_t() const { return id_; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

void check(herr_t status, const char* what) {
  if (status < 0) throw files::OutputError(std::string("trajectory.h5: HDF5 could not ") + what);
}

// A variable-length UTF-8 string attribute array: h5py reads it as str, MATLAB's h5readatt as a cell array.
void writeNames(hid_t target, const char* name, const std::vector<std::string>& names) {
  std::vector<const char*> texts;
  for (const std::string& n : names) texts.push_back(n.c_str());
  const hsize_t count = texts.size();
  const Id type(H5Tcopy(H5T_C_S1), H5Tclose, "make a string type");
  check(H5Tset_size(type, H5T_VARIABLE), "size a string type");
  check(H5Tset_cset(type, H5T_CSET_UTF8), "set UTF-8");
  const Id space(H5Screate_simple(1, &count, nullptr), H5Sclose, "make an attribute space");
  const Id attribute(H5Acreate2(target, name, type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose, "make an attribute");
  check(H5Awrite(attribute, type, texts.data()), "write an attribute");
}

void writeText(hid_t target, const char* name, const std::string& text) {
  const Id type(H5Tcopy(H5T_C_S1), H5Tclose, "make a string type");
  check(H5Tset_size(type, H5T_VARIABLE), "size a string type");
  check(H5Tset_cset(type, H5T_CSET_UTF8), "set UTF-8");
  const Id space(H5Screate(H5S_SCALAR), H5Sclose, "make an attribute space");
  const Id attribute(H5Acreate2(target, name, type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose, "make an attribute");
  const char* value = text.c_str();
  check(H5Awrite(attribute, type, &value), "write an attribute");
}

// Columns [begin, end) of the row-major table as one rows × columns dataset.
void writeGroup(hid_t file, const std::string& name, const std::vector<Real>& values, size_t rows, size_t width,
                size_t begin, size_t end, const std::vector<std::string>& names) {
  const size_t cols = end - begin;
  std::vector<Real> block(rows * cols);
  for (size_t r = 0; r < rows; ++r)
    std::copy(values.begin() + r * width + begin, values.begin() + r * width + end, block.begin() + r * cols);
  const hsize_t dims[2] = {rows, cols};
  const Id space(H5Screate_simple(2, dims, nullptr), H5Sclose, "make a dataspace");
  const Id properties(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "make dataset properties");
  if (rows > 0) {
    const hsize_t chunk[2] = {std::min<hsize_t>(rows, 1024), cols};
    check(H5Pset_chunk(properties, 2, chunk), "chunk a dataset");
    if (H5Zfilter_avail(H5Z_FILTER_DEFLATE) > 0) check(H5Pset_deflate(properties, 4), "compress a dataset");
  }
  const Id set(H5Dcreate2(file, ("/" + name).c_str(), H5T_IEEE_F64LE, space, H5P_DEFAULT, properties, H5P_DEFAULT),
               H5Dclose, "make a dataset");
  if (rows > 0) check(H5Dwrite(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, block.data()), "write a dataset");
  writeNames(set, "columns", std::vector<std::string>(names.begin() + begin, names.begin() + end));
}

}  // namespace

Hdf5Writer::Hdf5Writer(OutputColumns columns, std::string modelName, files::TextOutput& out)
    : columns_(std::move(columns)), modelName_(std::move(modelName)), out_(out) {}

void Hdf5Writer::add(const Frame& f) {
  columns_.values(f, row_);
  values_.insert(values_.end(), row_.begin(), row_.end());
  ++rows_;
}

void Hdf5Writer::finish() {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);  // errors become OutputError, not HDF5's printout
  const Id access(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "make file properties");
  check(H5Pset_fapl_core(access, 1 << 20, 0), "use the in-memory driver");  // no file on disk
  std::string image;
  {
    const Id file(H5Fcreate("trajectory.h5", H5F_ACC_TRUNC, H5P_DEFAULT, access), H5Fclose, "make a file");
    writeText(file, "model", modelName_);
    writeText(file, "format", "articula trajectory (docs/output-format.md)");
    const auto& names = columns_.names();
    writeGroup(file, "time", values_, rows_, names.size(), 0, 1, names);
    for (const ColumnSpan& span : columns_.spans())
      writeGroup(file, model::nameOf(span.group), values_, rows_, names.size(), span.begin, span.end, names);
    check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flush the file");
    const ssize_t size = H5Fget_file_image(file, nullptr, 0);
    if (size < 0) throw files::OutputError("trajectory.h5: HDF5 could not size the file image");
    image.resize(static_cast<size_t>(size));
    if (H5Fget_file_image(file, image.data(), image.size()) != size)
      throw files::OutputError("trajectory.h5: HDF5 could not copy the file image");
  }
  out_.append(image);
  values_.clear();
  values_.shrink_to_fit();
}

}  // namespace articula::run
