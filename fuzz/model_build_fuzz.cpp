// buildModel on whatever loadModelFile accepts: joints, forces, contact, constraints and the
// assembly of the initial state from fields that passed the reader's checks.
#include "FuzzInput.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& file = articula::fuzz::writeScratchFile(data, size, ".json");
  return articula::fuzz::expectDocumentedErrors([&] {
    const articula::model::ModelSpec model = articula::model::loadModelFile(file);
    articula::model::buildModel(model, file);
  });
}
