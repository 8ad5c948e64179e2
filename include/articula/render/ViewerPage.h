// The browser viewer page (viewer/, built by vite into one self-contained HTML file and embedded
// in the program): `articula view OUTDIR` and `articula run` write it as OUTDIR/viewer.html with
// the run's data inside, so it opens from disk in any browser with no server and no network.
// A build without the pages (ARTICULA_WEB=OFF, render/BrowserPages.h) throws Error from each writer.
#pragma once
#include <filesystem>
#include <string>
#include <string_view>

#include "articula/files/TextOutput.h"

namespace articula::render {

// The page with a run inside: `trajectoryJson` is the text of trajectory.json (checked with
// parseTrajectoryJson; errors name `label`), `csv` the text of trajectory.csv and `summaryJson`
// the text of summary.json (both may be empty).
std::string viewerPageHtml(const std::string& trajectoryJson, const std::string& csv, const std::string& summaryJson,
                           const std::string& label = "trajectory.json");

// Streams the same page into `out`: `trajectoryJson` is trajectory.json's text, trusted (callers
// that did not write it themselves check it first), `csv` trajectory.csv's text or nullptr, and
// `summaryJson` summary.json as JSON text ("" when none).
void writeViewerPage(files::TextOutput& out, const files::TextSource& trajectoryJson, const files::TextSource* csv,
                     const std::string& summaryJson);

// Reads runDir/trajectory.json (required), trajectory.csv and summary.json (if present) and
// writes runDir/viewer.html through a temporary file renamed into place. Returns its path.
std::filesystem::path writeViewerPage(const std::filesystem::path& runDir);

}  // namespace articula::render
