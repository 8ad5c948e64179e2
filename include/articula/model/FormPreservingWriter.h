// Writing a model back in the form its Articula file used (docs/design.md, "Keeping the author's
// form"): `articula convert` (Articula to Articula) and `articula edit MODEL --apply EDITED` change
// only the text of the values that changed. Unchanged values keep their bytes (whitespace, number
// spelling, key order, unknown keys such as "metadata", "models" includes, joint "axis"); a changed
// value is written in the form the file gave it: degrees for q_deg / *_deg fields, axis + angle_deg
// or xyz_deg or matrix orientations, "#rrggbb" colours, [Ixx, ...] inertias, the number's decimals.
#pragma once
#include <string>

#include "articula/model/LoadOptions.h"
#include "articula/model/ModelSpec.h"

namespace articula::model {

// An Articula model file as read: its path, text, load options and the model.
struct ModelSource {
  std::string file, text;
  LoadOptions options;
  ModelSpec spec;
};

// Reads and checks `file` like loadModelFile (Articula or OpenMBD), keeping its text.
ModelSource readModelSource(const std::string& file, const LoadOptions& options = {});

// The text of `edited` in the form of `source` (an Articula file), to be written to `target`
// (mesh and included model paths are made relative to its folder): source.text itself when nothing
// changed. The text is read back and must give `edited`'s model (within 1e-9), else Error.
std::string writeKeepingForm(const ModelSource& source, const ModelSpec& edited, const std::string& target);
// The same written atomically; throws files::OutputError when `target` cannot be written.
void saveKeepingForm(const ModelSource& source, const ModelSpec& edited, const std::string& target);

}  // namespace articula::model
