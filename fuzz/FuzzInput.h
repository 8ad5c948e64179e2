// Shared by the harnesses (docs/fuzzing.md). A reader may answer bad input only with its
// documented error, articula::Error (ModelError is one); any other exception escapes the harness
// and libFuzzer reports it as a finding, as it does crashes, sanitizer reports and timeouts.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "articula/Error.h"

namespace articula::fuzz {

// Runs one read; the documented error is a correct answer to bad input.
template <class Read>
int expectDocumentedErrors(Read&& read) {
  try {
    read();
  } catch (const Error&) {
  }
  return 0;
}

// The input written to this process's scratch file <folder>/input<ext> (readers that take a path).
// The folder also holds a copy of models/meshes/, so models naming "meshes/cube.obj" find it.
const std::string& writeScratchFile(const uint8_t* data, size_t size, const char* ext);

}  // namespace articula::fuzz
