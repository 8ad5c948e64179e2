// convertModelFile: load, build (so that only a model a run accepts is written), save.
#include "articula/model/ModelConversion.h"

#include "articula/model/ModelFile.h"

namespace articula::model {

ModelCheck convertModelFile(const std::string& input, const std::string& output, const LoadOptions& load) {
  const ModelSpec m = loadModelFile(input, load);
  const ModelCheck check = checkModel(m, buildModel(m, input));
  saveModelFile(m, output);
  return check;
}

}  // namespace articula::model
