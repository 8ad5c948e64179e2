// loadModelFile on arbitrary bytes: JSON parsing, the Articula format (with its scenario
// settings), OpenMBD, URDF and MJCF import (XML whose root is <robot> or <mujoco>), each check throwing
// ModelError.
#include "FuzzInput.h"
#include "articula/model/ModelFile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& file = articula::fuzz::writeScratchFile(data, size, ".json");
  return articula::fuzz::expectDocumentedErrors([&] { articula::model::loadModelFile(file); });
}
