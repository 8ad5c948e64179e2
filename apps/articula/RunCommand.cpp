// articula run MODEL: load, build, simulate, then write the run folder atomically.
#include <cstdio>
#include <filesystem>

#include "Commands.h"
#include "ProgressBar.h"
#include "articula/io/ModelBuilder.h"
#include "articula/io/ModelError.h"
#include "articula/io/ModelFile.h"
#include "articula/io/OpenMbdImport.h"
#include "articula/io/RunOutputs.h"
#include "articula/io/ViewerPage.h"

namespace articula::app {

namespace {

// Command-line values replace the model's scenario; they are checked like the file's fields.
bool applyOverrides(const RunOptions& o, io::ScenarioSpec& s) {
  if (o.duration) s.duration = *o.duration;
  if (o.integrator) s.integrator = *o.integrator;
  if (o.accuracy) s.accuracy = *o.accuracy;
  if (o.dt) s.fixedStep = *o.dt;
  if (o.reportInterval) s.reportInterval = *o.reportInterval;
  else if (o.duration && s.reportInterval > s.duration) s.reportInterval = s.duration;
  if (s.reportInterval > s.duration) {
    std::fprintf(stderr, "error: --report-interval %g s exceeds the duration %g s\n", s.reportInterval, s.duration);
    return false;
  }
  if (s.duration / s.reportInterval > 1e7) {
    std::fprintf(stderr, "error: more than 10 million report times: raise --report-interval\n");
    return false;
  }
  return true;
}

std::string defaultOutputFolder(const std::string& model) {
  return std::filesystem::path(model).stem().string() + "-run";
}

}  // namespace

int runCommand(const RunOptions& o) {
  io::ModelSpec model;
  io::BuiltModel built;
  try {
    model = io::loadModelFile(o.model);
    if (o.openMbdCompat) io::applyOpenMbdCompat(model);  // before the overrides: explicit options win
    if (!applyOverrides(o, model.scenario)) return kBadInput;
    built = io::buildModel(model, o.model);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
  const std::string out = o.out.empty() ? defaultOutputFolder(o.model) : o.out;
  try {
    io::checkRunFolderTarget(out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  }
  if (!o.quiet)
    for (const auto& w : model.warnings) std::fprintf(stderr, "warning: %s: %s\n", o.model.c_str(), w.c_str());
  io::RunResult result;
  try {
    ProgressBar bar(!o.quiet);
    result = io::runSimulation(model, built, model.scenario,
                               [&](double t, double d, double w) { bar.update(t, d, w); });
  } catch (const io::SimulationError& e) {
    std::fprintf(stderr, "error: %s: %s (no output written)\n", o.model.c_str(), e.what());
    return kSimulationFailure;
  } catch (const std::exception& e) {
    // Bad option combinations found while configuring the integrator (e.g. a fixed-step-only method without --dt).
    std::fprintf(stderr, "error: %s: %s\n", o.model.c_str(), e.what());
    return kBadInput;
  }
  const io::RunDescription what{o.model, model.scenario, built.system->getMatter().getNU(),
                                built.system->getMatter().getNQ()};
  const nlohmann::json summary = io::makeSummaryJson(model, what, result);
  const std::string summaryText = io::makeSummaryText(summary);
  std::map<std::string, std::string> files;
  for (const std::string& kind : model.scenario.outputs) {
    if (kind == "trajectory.csv") files["trajectory.csv"] = io::makeTrajectoryCsv(model, result);
    if (kind == "trajectory.json") files["trajectory.json"] = io::makeTrajectoryJson(model, result);
    if (kind == "contacts.csv" && built.contact) files["contacts.csv"] = io::makeContactsCsv(model, result);
    if (kind == "summary") {
      files["summary.json"] = summary.dump(2) + "\n";
      files["summary.txt"] = summaryText;
    }
  }
  if (!o.noViewer && files.count("trajectory.json")) {
    try {
      files["viewer.html"] = io::viewerPageHtml(files["trajectory.json"], files.count("trajectory.csv") ? files["trajectory.csv"] : "",
                                                files.count("summary.json") ? files["summary.json"] : "");
    } catch (const std::exception& e) {
      std::fprintf(stderr, "error: viewer.html: %s\n", e.what());
      return kOutputError;
    }
  }
  try {
    io::writeRunFolder(out, files);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  }
  if (!o.quiet) std::printf("%s\nOutputs in %s/\n", summaryText.c_str(), out.c_str());
  return kSuccess;
}

}  // namespace articula::app
