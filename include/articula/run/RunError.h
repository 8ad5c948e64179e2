// RunError: why a run of a model file failed, as a kind the caller maps to its own outcome (the
// command's exit codes, docs/cli.md) without reading the message.
#pragma once
#include <string>

#include "articula/Error.h"

namespace articula::run {

enum class RunFailure {
  BadInput,    // the model file, an override or the integrator settings
  Output,      // the run folder cannot be written
  Simulation,  // the integration failed (nothing written)
};

class RunError : public Error {
 public:
  RunError(RunFailure failure, const std::string& message) : Error(message), failure_(failure) {}
  RunFailure getFailure() const { return failure_; }

 private:
  RunFailure failure_;
};

}  // namespace articula::run
