// From a model file to its run folder (see RunModelFile.h).
#include "articula/run/RunModelFile.h"

#include <chrono>
#include <filesystem>
#include <memory>

#include "RunFolderOutputs.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"
#include "articula/model/OpenMbdImport.h"

namespace articula::run {

namespace {

struct LoadedModel {
  model::ModelSpec spec;
  model::BuiltModel built;
};

// Fills `m` in place: the built model refers to its spec.
void load(const RunRequest& q, LoadedModel& m) {
  try {
    m.spec = model::loadModelFile(q.modelFile, q.load);
    if (q.load.openMbdCompat) model::applyOpenMbdCompat(m.spec);  // before the overrides: explicit options win
    applyScenarioOverrides(q.overrides, q.modelFile, m.spec.scenario);
    for (const std::string& body : m.spec.scenario.columns.bodies)
      if (m.spec.findBody(body) < 0)
        throw RunError(RunFailure::BadInput, q.modelFile + ": --outputs bodies: no body named \"" + body + "\"");
    m.built = model::buildModel(m.spec, q.modelFile);
  } catch (const RunError&) {
    throw;
  } catch (const std::exception& e) {
    throw RunError(RunFailure::BadInput, e.what());
  }
}

RunResult simulate(const LoadedModel& m, const RunRequest& q, const RunFolderOutputs& outputs) {
  RunSettings settings;
  settings.sinks = outputs.sinks();
  settings.jointLoads = outputs.needsLoads();
  settings.keepFrames = false;
  settings.frameThread = q.frameThread;
  try {
    return runSimulation(m.spec, m.built, m.spec.scenario, q.progress, settings);
  } catch (const SimulationError& e) {
    throw RunError(RunFailure::Simulation, q.modelFile + ": " + e.what() + " (no output written)");
  } catch (const files::OutputError& e) {
    throw RunError(RunFailure::Output, e.what());
  } catch (const std::exception& e) {
    // Settings found wrong while configuring the integrator (e.g. a fixed-step-only method without a step).
    throw RunError(RunFailure::BadInput, q.modelFile + ": " + e.what());
  }
}

}  // namespace

void writeRunResult(const model::ModelSpec& model, const model::BuiltModel& built, const RunResult& result,
                    const nlohmann::json& summary, const std::string& summaryText, const std::string& outFolder,
                    const ViewerPageWriter& viewerPage) {
  try {
    RunFolderWriter folder(outFolder);
    RunFolderOutputs outputs(model, built, folder);
    for (const Frame& f : result.frames)
      for (FrameSink* sink : outputs.sinks()) sink->add(f);
    outputs.finish(summary, summaryText, viewerPage);
    folder.commit();
  } catch (const std::exception& e) {
    throw RunError(RunFailure::Output, e.what());
  }
}

std::string defaultOutputFolder(const std::string& modelFile) {
  return std::filesystem::path(modelFile).stem().string() + "-run";
}

RunReport runModelFile(const RunRequest& q) {
  const auto start = std::chrono::steady_clock::now();
  LoadedModel m;
  load(q, m);
  RunReport report;
  report.outFolder = q.outFolder.empty() ? defaultOutputFolder(q.modelFile) : q.outFolder;
  // Declared in this order so that the writers go before the folder that owns their files; the
  // folder removes its unfinished files on every early exit.
  std::unique_ptr<RunFolderWriter> folder;
  std::unique_ptr<RunFolderOutputs> outputs;
  try {
    folder = std::make_unique<RunFolderWriter>(report.outFolder);
    outputs = std::make_unique<RunFolderOutputs>(m.spec, m.built, *folder);
  } catch (const std::exception& e) {
    throw RunError(RunFailure::Output, e.what());
  }
  if (q.warn)
    for (const std::string& w : m.spec.warnings) q.warn(w);
  const RunResult result = simulate(m, q, *outputs);
  const MatterSubsystem& matter = m.built.system->getMatter();
  RunDescription what{q.modelFile, m.spec.scenario, matter.getNU(), matter.getNQ()};
  what.totalWallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.summary = makeSummaryJson(m.spec, what, result);
  report.summaryText = makeSummaryText(report.summary);
  if (q.warn && !report.summary["energy"]["balance_closes"].get<bool>())
    q.warn(report.summary["warnings"].back().get<std::string>());  // the balance's, appended last
  try {
    outputs->finish(report.summary, report.summaryText, q.viewerPage);
    folder->commit();
  } catch (const std::exception& e) {
    throw RunError(RunFailure::Output, e.what());
  }
  return report;
}

}  // namespace articula::run
