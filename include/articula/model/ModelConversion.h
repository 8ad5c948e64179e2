// `articula convert`: a model file (Articula or OpenMBD) checked like a run would check it, then
// written in the Articula format; `articula edit MODEL --apply EDITED`: an edited copy of a model
// (the editor page's saved file) written back into the model's file.
#pragma once
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelDescription.h"

namespace articula::model {

// How an Articula input is written: in its own form (FormPreservingWriter.h; an unchanged model is
// copied byte for byte) or canonically (SI units, radians, quaternions, the writer's key order).
// OpenMBD input is always written canonically.
enum class OutputForm { KeepInput, Canonical };

// Loads and builds `input`, then writes it to `output` atomically; returns the counts of the model
// written. Throws files::OutputError when `output` cannot be written; every other error
// (ModelError, files::InputFileError, articula::Error) is about the input.
ModelCheck convertModelFile(const std::string& input, const std::string& output, const LoadOptions& load = {},
                            OutputForm form = OutputForm::KeepInput);

// Reads `edited` as if it were in `model`'s folder (its mesh and model paths mean what they mean
// there), checks and builds it, and writes it over `model` in `model`'s form (an Articula file;
// OpenMBD files are replaced by the canonical Articula form). Errors in `edited` name it.
ModelCheck applyModelEdit(const std::string& edited, const std::string& model, const LoadOptions& load = {});

}  // namespace articula::model
