// articula: run, inspect, validate and convert model files (docs/cli.md).
#include <CLI/CLI.hpp>
#include <cstdio>

#include "Commands.h"

using namespace articula::app;

int main(int argc, char** argv) {
  CLI::App app{"articula: multibody dynamics from model files"};
  app.require_subcommand(1);
  RunOptions run;
  std::string model, output;
  bool quiet = false;

  CLI::App* runCmd = app.add_subcommand("run", "simulate a model and write a run folder");
  runCmd->add_option("model", run.model, "model file (Articula or OpenMBD JSON)")->required();
  runCmd->add_option("--duration", run.duration, "simulated time, s")->check(CLI::PositiveNumber);
  runCmd->add_option("--integrator", run.integrator, "integration method, e.g. RungeKuttaMerson, CvodeBDF");
  runCmd->add_option("--accuracy", run.accuracy, "relative accuracy of error-controlled methods")
      ->check(CLI::Range(1e-14, 0.999999));
  runCmd->add_option("--dt", run.dt, "fixed step size, s (turns error control off)")->check(CLI::PositiveNumber);
  runCmd->add_option("--report-interval", run.reportInterval, "time between output frames, s")->check(CLI::PositiveNumber);
  runCmd->add_option("--out", run.out, "output folder (default: <model name>-run)");
  runCmd->add_flag("-q,--quiet", run.quiet, "no progress bar, warnings or summary");

  CLI::App* infoCmd = app.add_subcommand("info", "print a model's tree, degrees of freedom, masses and warnings");
  infoCmd->add_option("model", model, "model file")->required();

  CLI::App* validateCmd = app.add_subcommand("validate", "check a model file (schema and physical sanity)");
  validateCmd->add_option("model", model, "model file")->required();
  validateCmd->add_flag("-q,--quiet", quiet, "print errors only");

  CLI::App* convertCmd = app.add_subcommand("convert", "convert a model (e.g. OpenMBD) to the Articula format");
  convertCmd->add_option("input", model, "model file to read")->required();
  convertCmd->add_option("output", output, "Articula model file to write")->required();
  convertCmd->add_flag("-q,--quiet", quiet, "print errors only");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kBadInput;
  }
  if (*runCmd) return runCommand(run);
  if (*infoCmd) return infoCommand(model);
  if (*validateCmd) return validateCommand(model, quiet);
  return convertCommand(model, output, quiet);
}
