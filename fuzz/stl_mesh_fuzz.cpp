// readStlMesh: ASCII and binary STL files a model's mesh geometry names.
#include "FuzzInput.h"
#include "articula/contact/MeshIO.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& file = articula::fuzz::writeScratchFile(data, size, ".stl");
  return articula::fuzz::expectDocumentedErrors([&] { articula::readStlMesh(file); });
}
