// reportFailure: the typed errors of the library functions the subcommands call, as exit codes.
#include "ExitCode.h"

#include <cstdio>
#include <exception>
#include <filesystem>

#include "articula/files/TextOutput.h"
#include "articula/run/RunError.h"

namespace articula::app {

namespace {

ExitCode exitCodeOf(run::RunFailure failure) {
  switch (failure) {
    case run::RunFailure::BadInput: return kBadInput;
    case run::RunFailure::Output: return kOutputError;
    case run::RunFailure::Simulation: return kSimulationFailure;
  }
  return kBadInput;
}

ExitCode report(const std::exception& e, ExitCode code) {
  std::fprintf(stderr, "error: %s\n", e.what());
  return code;
}

}  // namespace

ExitCode reportFailure() {
  try {
    throw;
  } catch (const run::RunError& e) {
    return report(e, exitCodeOf(e.getFailure()));
  } catch (const files::OutputError& e) {
    return report(e, kOutputError);
  } catch (const std::filesystem::filesystem_error& e) {  // creating or listing an output folder
    return report(e, kOutputError);
  } catch (const std::exception& e) {
    return report(e, kBadInput);
  } catch (...) {  // the library throws std::exception only; an error all the same
    std::fprintf(stderr, "error: unknown failure\n");
    return kBadInput;
  }
}

}  // namespace articula::app
