// The files of one run (docs/output-format.md): trajectory.csv, contacts.csv, summary.txt,
// summary.json and trajectory.json. Each is first made as text in memory; writeRunFolder() then writes them into a
// temporary folder beside the target and renames it, so a run leaves either the complete folder
// or nothing.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "articula/io/SimulationRun.h"

namespace articula::io {

struct RunDescription {
  std::string modelFile;
  ScenarioSpec scenario;
  int degreesOfFreedom = 0, numQ = 0;
};

std::string makeTrajectoryCsv(const ModelSpec& model, const RunResult& run);
std::string makeTrajectoryJson(const ModelSpec& model, const RunResult& run);
std::string makeContactsCsv(const ModelSpec& model, const RunResult& run);  // header only when nothing touched
nlohmann::json makeSummaryJson(const ModelSpec& model, const RunDescription& what, const RunResult& run);
std::string makeSummaryText(const nlohmann::json& summary);

// Files by name -> contents; the folder `dir` is replaced as a whole (an older run there is removed).
void writeRunFolder(const std::string& dir, const std::map<std::string, std::string>& files);
// Throws unless `dir` is absent or an older run folder (only trajectory.csv/.json, contacts.csv, summary.txt/.json,
// and viewer.html, animation.gif, frames/ of docs/viewer.md),
// so that a run never deletes anything else. writeRunFolder() checks it too; callers check early.
void checkRunFolderTarget(const std::string& dir);

// The default colour of the i-th body (a fixed palette) when the model gives none.
Vec3 defaultBodyColor(size_t i);

}  // namespace articula::io
