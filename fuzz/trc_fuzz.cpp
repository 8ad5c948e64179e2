// parseTrc: marker trajectories of a motion-capture trial (.trc).
#include "FuzzInput.h"
#include "articula/files/MarkerTrajectories.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  return articula::fuzz::expectDocumentedErrors([&] {
    articula::files::MarkerTrajectories t = articula::files::parseTrc(text, "markers.trc");
    t.convertToMetres();
  });
}
