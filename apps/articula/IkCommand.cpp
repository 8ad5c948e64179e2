// `articula ik SETUP.xml`: OpenSim's Inverse Kinematics tool from its setup file (run/IkTool.h).
// Writes the motion and the marker errors as OpenSim does (each file atomically), then a summary.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "Commands.h"
#include "articula/run/IkTool.h"

namespace articula::app {
namespace {

namespace fs = std::filesystem;

void printSummary(const run::IkTrial& t, const std::vector<std::string>& written) {
  double sum = 0, worst = 0;
  int count = 0;
  std::string worstMarker = "-";
  double worstTime = 0;
  for (size_t f = 0; f < t.frames.size(); ++f) {
    const run::IkFrameResult& r = t.frames[f];
    sum += r.totalSquaredError;
    count += static_cast<int>(t.markers.size());
    if (r.maxError > worst) {
      worst = r.maxError;
      worstMarker = t.markers[r.worstMarker];
      worstTime = t.time[f];
    }
  }
  int iterations = 0;
  for (const run::IkFrameResult& r : t.frames) iterations += r.iterations;
  const size_t unconverged = std::count_if(t.frames.begin(), t.frames.end(),
                                           [](const run::IkFrameResult& r) { return !r.converged; });
  std::printf("%zu frames (%.4g to %.4g s), %zu markers, %zu coordinates, solved in %.3f s (%.0f frames/s)\n",
              t.frames.size(), t.time.empty() ? 0.0 : t.time.front(), t.time.empty() ? 0.0 : t.time.back(),
              t.markers.size(), t.coordinates.size(), t.solveSeconds,
              t.solveSeconds > 0 ? static_cast<double>(t.frames.size()) / t.solveSeconds : 0.0);
  std::printf("marker error over the trial: RMS %.2f mm, max %.2f mm (%s at %.4g s)\n",
              count > 0 ? 1000 * std::sqrt(sum / count) : 0.0, 1000 * worst, worstMarker.c_str(), worstTime);
  std::printf("%.1f solver iterations a frame\n",
              t.frames.empty() ? 0.0 : static_cast<double>(iterations) / static_cast<double>(t.frames.size()));
  if (unconverged > 0) std::printf("warning: %zu frames did not converge to the accuracy\n", unconverged);
  for (const std::string& w : written) std::printf("wrote %s\n", w.c_str());
}

}  // namespace

int ikCommand(const std::string& setupFile, const std::string& out, bool quiet) {
  try {
    const model::IkSetup setup = model::readIkSetup(setupFile);
    const run::IkTrial trial = run::runInverseKinematics(setup);
    // OpenSim: the motion where output_motion_file says (relative to the setup's folder), the
    // errors in results_directory; --out puts both in one folder.
    const fs::path motionDir = out.empty() ? fs::path(setup.outputMotionFile).parent_path() : fs::path(out);
    const fs::path errorDir = out.empty() ? fs::path(setup.resultsDirectory) : fs::path(out);
    std::vector<std::string> written;
    if (!setup.outputMotionFile.empty()) {
      const fs::path p = motionDir / fs::path(setup.outputMotionFile).filename();
      if (!motionDir.empty()) fs::create_directories(motionDir);
      files::writeStorageFile(p.string(), run::ikMotionTable(trial));
      written.push_back(p.string());
    }
    if (setup.reportErrors) {
      const fs::path p = errorDir / (setup.name + "_ik_marker_errors.sto");
      if (!errorDir.empty()) fs::create_directories(errorDir);
      files::writeStorageFile(p.string(), run::ikMarkerErrorTable(trial));
      written.push_back(p.string());
    }
    if (!quiet) printSummary(trial, written);
  } catch (...) {
    return reportFailure();
  }
  return kSuccess;
}

}  // namespace articula::app
