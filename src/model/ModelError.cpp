#include "articula/model/ModelError.h"

namespace articula::model {

namespace {
std::string compose(const std::string& file, const std::string& path, const std::string& value,
                    const std::string& problem) {
  std::string m = file.empty() ? std::string("<model>") : file;
  m += ": ";
  m += path.empty() ? std::string("/") : path;
  if (!value.empty()) m += " = " + value;
  m += ": " + problem;
  return m;
}
}  // namespace

ModelError::ModelError(std::string file, std::string path, std::string value, std::string problem)
    : Error(compose(file, path, value, problem)),
      file_(std::move(file)),
      path_(std::move(path)),
      value_(std::move(value)),
      problem_(std::move(problem)) {}

}  // namespace articula::model
