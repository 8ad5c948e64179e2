// runModelFile(): the path from a model file to its run folder in one call — load (with the
// scenario overrides), build, simulate while the frames stream into the folder's files, write the
// summary and the viewer page, and put the folder in place atomically. The command's `run` and,
// later, the Python module call it; a failure is a RunError whose kind gives the exit code.
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "articula/files/TextOutput.h"
#include "articula/model/LoadOptions.h"
#include "articula/run/RunError.h"
#include "articula/run/ScenarioOverrides.h"
#include "articula/run/SimulationRun.h"

namespace articula::run {

// Writes viewer.html from the run's trajectory.json (and trajectory.csv when there is one) and
// the summary: render::writeViewerPage, passed in because the run layer may not include render.
using ViewerPageWriter = std::function<void(files::TextOutput& page, const files::TextSource& trajectoryJson,
                                            const files::TextSource* csv, const std::string& summaryJson)>;

struct RunRequest {
  std::string modelFile;
  std::string outFolder;    // "" : <model file's stem>-run in the working folder
  model::LoadOptions load;  // --openmbd-compat also applies OpenMBD's scenario (before the overrides)
  ScenarioOverrides overrides;
  ViewerPageWriter viewerPage;  // null: no viewer.html
  bool frameThread = true;      // RunSettings::frameThread
  ProgressCallback progress;    // after each frame
  // The model's warnings before the run; after it, the energy balance's when it does not close
  // (EnergyBalance.h).
  std::function<void(const std::string&)> warn;
};

struct RunReport {
  std::string outFolder;
  nlohmann::json summary;   // summary.json's document
  std::string summaryText;  // summary.txt
};

// Throws RunError: BadInput (model file, overrides, integrator settings), Output (the folder or
// a file cannot be written) or Simulation (the integration failed; nothing is written).
RunReport runModelFile(const RunRequest& request);

// Writes the run folder of a run kept in memory (runSimulation with RunSettings::keepFrames): the
// same files, byte for byte, that runModelFile streams while a run goes on, with this summary.
// Throws RunError (Output) when the folder cannot be written.
void writeRunResult(const model::ModelSpec& model, const model::BuiltModel& built, const RunResult& result,
                    const nlohmann::json& summary, const std::string& summaryText, const std::string& outFolder,
                    const ViewerPageWriter& viewerPage);

// The default run folder of a model file: "<stem>-run".
std::string defaultOutputFolder(const std::string& modelFile);

}  // namespace articula::run
