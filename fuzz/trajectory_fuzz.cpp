// parseTrajectoryJson: a run's trajectory.json as the renderer and the viewer read it back.
#include "FuzzInput.h"
#include "articula/run/TrajectoryReader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  return articula::fuzz::expectDocumentedErrors([&] { articula::run::parseTrajectoryJson(text, "trajectory.json"); });
}
