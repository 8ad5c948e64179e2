// articula run MODEL: options in, run::runModelFile, its failure kind out as the exit code.
#include <cstdio>

#include "Commands.h"
#include "ProgressBar.h"
#include "articula/render/BrowserPages.h"
#include "articula/render/ViewerPage.h"
#include "articula/run/RunModelFile.h"

namespace articula::app {

namespace {

run::RunRequest requestOf(const RunOptions& o) {
  run::RunRequest q;
  q.modelFile = o.model;
  q.outFolder = o.out;
  q.load = o.load;
  q.overrides = {o.duration, o.accuracy, o.dt, o.reportInterval, o.maxSteps, o.integrator, o.outputs};
  // A build without the browser pages writes no viewer.html (and says so once, below).
  if (!o.noViewer && render::hasBrowserPages())
    q.viewerPage = [](files::TextOutput& page, const files::TextSource& trajectory, const files::TextSource* csv,
                      const std::string& summary) { render::writeViewerPage(page, trajectory, csv, summary); };
  q.frameThread = !o.noFrameThread;
  if (!o.quiet)
    q.warn = [&o](const std::string& w) { std::fprintf(stderr, "warning: %s: %s\n", o.model.c_str(), w.c_str()); };
  return q;
}

}  // namespace

int runCommand(const RunOptions& o) {
  run::RunRequest request = requestOf(o);
  ProgressBar bar(!o.quiet);
  request.progress = [&bar](double t, double d, double w) { bar.update(t, d, w); };
  run::RunReport report;
  try {
    report = run::runModelFile(request);
  } catch (...) {
    bar.finish();
    return reportFailure();
  }
  bar.finish();
  if (o.quiet) return kSuccess;
  std::printf("%s\nOutputs in %s/\n", report.summaryText.c_str(), report.outFolder.c_str());
  if (!o.noViewer && !render::hasBrowserPages())
    std::printf("No viewer.html: this build of Articula has no browser viewer (configured with ARTICULA_WEB=OFF)\n");
  return kSuccess;
}

}  // namespace articula::app
