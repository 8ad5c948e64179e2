// parseStorage: OpenSim's .sto / .mot files (motions, ground reactions, results).
#include "FuzzInput.h"
#include "articula/files/StorageTable.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  return articula::fuzz::expectDocumentedErrors([&] {
    const articula::files::StorageTable t = articula::files::parseStorage(text, "motion.sto");
    articula::files::StringOutput out;  // what was read writes (or is refused with Error)
    articula::files::writeStorage(t, out);
  });
}
