// articula run MODEL: load, build, simulate while the frames stream into the run folder's files,
// then finish the summary and the viewer and put the folder in place atomically.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "Commands.h"
#include "ProgressBar.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelError.h"
#include "articula/model/ModelFile.h"
#include "articula/model/OpenMbdImport.h"
#include "articula/run/RunOutputs.h"
#include "articula/model/ScenarioLimits.h"
#include "articula/render/ViewerPage.h"

namespace articula::app {

namespace {

// A numeric option of `run` and the scenario field it replaces.
struct NumericOption {
  const char* name;
  const char* field;
  std::optional<double> value;
};

std::vector<NumericOption> numericOptions(const RunOptions& o) {
  return {{"--duration", "duration", o.duration},
          {"--accuracy", "accuracy", o.accuracy},
          {"--dt", "fixed_step", o.dt},
          {"--report-interval", "report_interval", o.reportInterval},
          {"--max-steps", "max_steps", o.maxSteps}};
}

bool refuse(const char* name, double value, const std::string& problem) {
  std::fprintf(stderr, "error: %s = %s: %s\n", name, model::formatScenarioValue(value).c_str(), problem.c_str());
  return false;
}

// Command-line values replace the model's scenario; they are checked like the file's fields, with
// the same limits (ScenarioLimits.h), and a problem names the option when one was involved.
bool applyOverrides(const RunOptions& o, const std::string& file, model::ScenarioSpec& s) {
  const std::vector<NumericOption> options = numericOptions(o);
  std::vector<std::string> given;
  for (const NumericOption& opt : options) {
    if (!opt.value) continue;
    const std::string problem = model::checkScenarioValue(opt.field, *opt.value);
    if (!problem.empty()) return refuse(opt.name, *opt.value, problem);
    given.push_back(opt.field);
  }
  if (o.duration) s.duration = *o.duration;
  if (o.integrator) s.integrator = *o.integrator;
  if (o.accuracy) s.accuracy = *o.accuracy;
  if (o.dt) s.fixedStep = *o.dt;
  if (o.maxSteps) s.maxSteps = static_cast<int64_t>(*o.maxSteps);
  if (o.reportInterval) s.reportInterval = *o.reportInterval;
  else if (o.duration && s.reportInterval > s.duration) s.reportInterval = s.duration;
  const auto p = model::checkScenario(s, given);
  if (!p) return true;
  for (const NumericOption& opt : options)
    if (opt.value && p->field == opt.field) return refuse(opt.name, p->value, p->problem);
  // No option involved: the file's own scenario (an OpenMBD file's, or --openmbd-compat's).
  return refuse((file + ": scenario." + p->field).c_str(), p->value, p->problem);
}

std::string defaultOutputFolder(const std::string& model) {
  return std::filesystem::path(model).stem().string() + "-run";
}

// The run's files, opened before the run so that the frames stream into them.
struct Outputs {
  files::TextOutput *csv = nullptr, *json = nullptr, *contacts = nullptr;
  std::unique_ptr<run::TrajectoryCsvWriter> csvWriter;
  std::unique_ptr<run::TrajectoryJsonWriter> jsonWriter;
  std::unique_ptr<run::ContactsCsvWriter> contactsWriter;
  bool summary = false;
  std::vector<run::FrameSink*> sinks;
};

Outputs openOutputs(const model::ModelSpec& model, const model::BuiltModel& built, run::RunFolderWriter& folder) {
  Outputs o;
  const bool contact = built.contact != nullptr;
  using K = model::OutputKind;
  for (const K kind : model.scenario.outputs) {
    if (kind == K::TrajectoryCsv && !o.csv) {
      o.csv = &folder.add(model::nameOf(kind));
      o.csvWriter = std::make_unique<run::TrajectoryCsvWriter>(model, contact, *o.csv);
      o.sinks.push_back(o.csvWriter.get());
    }
    if (kind == K::TrajectoryJson && !o.json) {
      o.json = &folder.add(model::nameOf(kind));
      o.jsonWriter = std::make_unique<run::TrajectoryJsonWriter>(model, contact, *o.json);
      o.sinks.push_back(o.jsonWriter.get());
    }
    if (kind == K::ContactsCsv && contact && !o.contacts) {
      o.contacts = &folder.add(model::nameOf(kind));
      o.contactsWriter = std::make_unique<run::ContactsCsvWriter>(model, run::contactSurfaceNames(built), *o.contacts);
      o.sinks.push_back(o.contactsWriter.get());
    }
    if (kind == K::Summary) o.summary = true;
  }
  return o;
}

// summary.json, summary.txt and viewer.html, once the frames are in.
void finishOutputs(Outputs& o, const nlohmann::json& summary, const std::string& summaryText, bool viewer,
                   run::RunFolderWriter& folder) {
  if (o.jsonWriter) o.jsonWriter->finish();
  if (o.summary) {
    folder.add("summary.json").append(summary.dump(2) + "\n");
    folder.add("summary.txt").append(summaryText);
  }
  if (!viewer || !o.json) return;
  const files::TextSource trajectory = [&](const auto& piece) { o.json->read(piece); };
  const files::TextSource csv = [&](const auto& piece) { o.csv->read(piece); };
  render::writeViewerPage(folder.add("viewer.html"), trajectory, o.csv ? &csv : nullptr, o.summary ? summary.dump() : "");
}

}  // namespace

int runCommand(const RunOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  model::ModelSpec model;
  model::BuiltModel built;
  try {
    model = model::loadModelFile(o.model, o.load);
    if (o.load.openMbdCompat) model::applyOpenMbdCompat(model);  // before the overrides: explicit options win
    if (!applyOverrides(o, o.model, model.scenario)) return kBadInput;
    built = model::buildModel(model, o.model);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
  const std::string out = o.out.empty() ? defaultOutputFolder(o.model) : o.out;
  std::unique_ptr<run::RunFolderWriter> folder;
  Outputs outputs;
  try {
    folder = std::make_unique<run::RunFolderWriter>(out);  // removes its unfinished files on every early return
    outputs = openOutputs(model, built, *folder);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  }
  if (!o.quiet)
    for (const auto& w : model.warnings) std::fprintf(stderr, "warning: %s: %s\n", o.model.c_str(), w.c_str());
  run::RunResult result;
  try {
    ProgressBar bar(!o.quiet);
    run::RunSettings settings;
    settings.sinks = outputs.sinks;
    settings.keepFrames = false;
    settings.frameThread = !o.noFrameThread;
    result = run::runSimulation(model, built, model.scenario, [&](double t, double d, double w) { bar.update(t, d, w); },
                               settings);
  } catch (const run::SimulationError& e) {
    std::fprintf(stderr, "error: %s: %s (no output written)\n", o.model.c_str(), e.what());
    return kSimulationFailure;
  } catch (const files::OutputError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  } catch (const std::exception& e) {
    // Bad option combinations found while configuring the integrator (e.g. a fixed-step-only method without --dt).
    std::fprintf(stderr, "error: %s: %s\n", o.model.c_str(), e.what());
    return kBadInput;
  }
  run::RunDescription what{o.model, model.scenario, built.system->getMatter().getNU(), built.system->getMatter().getNQ()};
  what.totalWallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const nlohmann::json summary = run::makeSummaryJson(model, what, result);
  const std::string summaryText = run::makeSummaryText(summary);
  try {
    finishOutputs(outputs, summary, summaryText, !o.noViewer, *folder);
    folder->commit();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  }
  if (!o.quiet) std::printf("%s\nOutputs in %s/\n", summaryText.c_str(), out.c_str());
  return kSuccess;
}

}  // namespace articula::app
