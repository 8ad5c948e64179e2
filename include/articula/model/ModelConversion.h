// `articula convert`: a model file (Articula or OpenMBD) checked like a run would check it, then
// written in the Articula format.
#pragma once
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelDescription.h"

namespace articula::model {

// Loads and builds `input`, then writes it to `output` atomically (saveModelFile); returns the
// counts of the model written. Throws files::OutputError when `output` cannot be written; every
// other error (ModelError, files::InputFileError, articula::Error) is about the input.
ModelCheck convertModelFile(const std::string& input, const std::string& output, const LoadOptions& load = {});

}  // namespace articula::model
