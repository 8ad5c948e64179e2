// convertModelFile and applyModelEdit: load, build (so that only a model a run accepts is written), save.
#include "articula/model/ModelConversion.h"

#include <filesystem>

#include "JsonParse.h"
#include "articula/model/FormPreservingWriter.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"

namespace articula::model {

namespace {

void save(const ModelSource& source, const ModelSpec& m, const std::string& output, OutputForm form) {
  if (form == OutputForm::KeepInput && source.spec.sourceFormat == SourceFormat::Articula)
    saveKeepingForm(source, m, output);
  else saveModelFile(m, output);
}

}  // namespace

ModelCheck convertModelFile(const std::string& input, const std::string& output, const LoadOptions& load,
                            OutputForm form) {
  const ModelSource source = readModelSource(input, load);
  const ModelCheck check = checkModel(source.spec, buildModel(source.spec, input));
  save(source, source.spec, output, form);
  return check;
}

ModelCheck applyModelEdit(const std::string& edited, const std::string& model, const LoadOptions& load) {
  const ModelSource source = readModelSource(model, load);
  // The edit would be written as Articula JSON over the XML: convert the URDF, MJCF or OpenSim file first.
  const SourceFormat f = source.spec.sourceFormat;
  if (f == SourceFormat::Urdf || f == SourceFormat::Mjcf || f == SourceFormat::Osim)
    throw ModelError(model, "", "",
                     std::string(f == SourceFormat::Urdf   ? "a URDF"
                                 : f == SourceFormat::Mjcf ? "an MJCF"
                                                           : "an OpenSim") +
                         " file is not edited in place: convert it (articula convert) and edit the converted file");
  const std::string text = readJsonFileText(edited);
  ModelSpec m;
  try {
    m = readModelText(text, model, load);  // paths resolve in the model's folder
  } catch (const ModelError& e) {
    if (e.file() != model) throw;  // an included model's own error
    throw ModelError(edited, e.path(), e.value(), e.problem());
  }
  const ModelCheck check = checkModel(m, buildModel(m, edited));
  save(source, m, model, OutputForm::KeepInput);
  return check;
}

}  // namespace articula::model
