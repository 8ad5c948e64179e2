// The exit codes of `articula` (docs/cli.md) and the one place a library error becomes one: by the
// error's type or kind, never by its message.
#pragma once
#include <algorithm>

namespace articula::app {

enum ExitCode { kSuccess = 0, kOutputError = 1, kBadInput = 2, kSimulationFailure = 3, kSweepFailedCases = 10 };

// `articula sweep`: 0 when no case failed, else 10 + the number failed, at most 255.
inline int sweepExitCode(long long failed) {
  return failed <= 0 ? kSuccess : static_cast<int>(std::min<long long>(255, kSweepFailedCases + failed));
}

// Call inside a catch block: prints "error: <message>" to stderr and returns the exit code of the
// exception being handled — run::RunError by its RunFailure, files::OutputError and
// std::filesystem::filesystem_error 1 (outputs), any other exception 2 (bad input).
ExitCode reportFailure();

}  // namespace articula::app
