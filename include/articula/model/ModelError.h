// ModelError: bad input in a model file. The message names the file, the JSON path (a JSON
// pointer such as /bodies/3/mass), the offending value and the problem, e.g.
//   model.json: /bodies/3/mass = -2: must be positive
#pragma once
#include <string>

#include "articula/Error.h"

namespace articula::model {

class ModelError : public Error {
 public:
  ModelError(std::string file, std::string path, std::string value, std::string problem);
  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  const std::string& value() const { return value_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string file_, path_, value_, problem_;
};

}  // namespace articula::model
