// articula motion MODEL --motion FILE: run::playMotionFile, its failure kind out as the exit code.
#include <cstdio>

#include "Commands.h"
#include "articula/render/BrowserPages.h"
#include "articula/render/ViewerPage.h"
#include "articula/run/MotionPlayback.h"

namespace articula::app {

int motionCommand(const MotionOptions& o) {
  run::MotionRequest q;
  q.modelFile = o.model;
  q.motionFile = o.motion;
  q.outFolder = o.out;
  q.load = o.load;
  if (!o.noViewer && render::hasBrowserPages())
    q.viewerPage = [](files::TextOutput& page, const files::TextSource& trajectory, const files::TextSource* csv,
                      const std::string& summary) { render::writeViewerPage(page, trajectory, csv, summary); };
  if (!o.quiet) q.warn = [](const std::string& w) { std::fprintf(stderr, "warning: %s\n", w.c_str()); };
  run::MotionReport report;
  try {
    report = run::playMotionFile(q);
  } catch (...) {
    return reportFailure();
  }
  if (o.quiet) return kSuccess;
  std::printf("%zu frames of %s (%zu columns used)\nOutputs in %s/: trajectory.csv, trajectory.json, %s%s\n",
              report.frames, o.motion.c_str(), report.columns.columns.size(), report.outFolder.c_str(),
              report.bodyKinematicsFile.c_str(), q.viewerPage ? ", viewer.html" : "");
  return kSuccess;
}

}  // namespace articula::app
