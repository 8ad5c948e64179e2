// A model as the Python module holds it: the file's ModelSpec and the System built from it, shared
// by the Model object and every Results made from it (a BuiltModel refers to its spec, so the
// two never move).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "Bindings.h"
#include "articula/model/LoadOptions.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelSpec.h"
#include "articula/model/MusclePaths.h"

namespace articula::python {

struct PyModel {
  std::string file;
  model::LoadOptions load;
  model::ModelSpec spec;
  model::BuiltModel built;
  std::vector<std::string> qNames, uNames;          // "joint.coordinate" per entry of q and u
  std::shared_ptr<model::MusclePaths> musclePaths;  // made on first use (OpenSimBindings.cpp)
};

using ModelPtr = std::shared_ptr<PyModel>;

}  // namespace articula::python
