// What `articula info` and `articula validate` tell about a model file: the file loaded and built
// (the same checks as a run), then summarized. Both throw what loadModelFile and buildModel throw
// (ModelError, files::InputFileError, articula::Error): bad input.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

// The counts `validate` prints.
struct ModelCheck {
  std::size_t bodies = 0, constraints = 0;
  int degreesOfFreedom = 0;
  int constraintEquations = 0;
  Real mass = 0;  // kg, all bodies
  std::vector<std::string> warnings;
};

// Loads and builds `file`; the counts of the model it holds.
ModelCheck checkModelFile(const std::string& file, const LoadOptions& load = {});
ModelCheck checkModel(const ModelSpec& model, const BuiltModel& built);

// `info`'s text: header, the body tree depth first in file order, forces, constraints, scenario
// and warnings, one item per line.
std::string describeModel(const ModelSpec& model, const BuiltModel& built, const std::string& file);
std::string describeModelFile(const std::string& file, const LoadOptions& load = {});

}  // namespace articula::model
