// viewerPageHtml and writeViewerPage: put a run into the viewer page's data placeholder as one
// JSON object {"trajectory", "csv", "summary"}; every '<' is written as \u003c so no text in the
// data can close the <script> element. The data is streamed piece by piece (the CSV becomes a
// JSON string on the way), so `articula run` never holds the 14 MB page in memory.
#include "articula/render/ViewerPage.h"

#include <nlohmann/json.hpp>

#include "../model/JsonText.h"
#include "articula/Error.h"
#include "articula/files/AtomicFile.h"
#include "articula/files/FileInput.h"
#include "articula/render/BrowserPages.h"
#include "articula/run/TrajectoryReader.h"

namespace articula::render {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kPlaceholder = R"(<script type="application/json" id="articula-data">null</script>)";

// False when missing; a file that is there but is not a regular file (a FIFO would block) or is
// over the input size limit is an error (articula/files/FileInput.h).
bool readFile(const fs::path& file, std::string& text) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return false;
  text = files::readInputFile(file.string());
  return true;
}

}  // namespace

void writeViewerPage(files::TextOutput& out, const files::TextSource& trajectoryJson, const files::TextSource* csv,
                     const std::string& summaryJson) {
  requireBrowserPages("viewer");
  const std::string_view page = web::kViewerPage;
  const auto at = page.find(kPlaceholder);
  if (at == std::string_view::npos)
    throw Error("viewer page: the embedded page has no data placeholder (rebuild articula)");
  out.append(page.substr(0, at));
  out.append(R"(<script type="application/json" id="articula-data">{"trajectory":)");
  trajectoryJson([&](std::string_view piece) {
    model::appendScriptSafe(out.text(), piece);
    out.maybeFlush();
  });
  out.append(",\"csv\":");
  if (csv) {
    out.append("\"");
    (*csv)([&](std::string_view piece) {
      model::appendJsonEscaped(out.text(), piece, true);
      out.maybeFlush();
    });
    out.append("\"");
  } else {
    out.append("null");
  }
  out.append(",\"summary\":");
  model::appendScriptSafe(out.text(), summaryJson.empty() ? std::string_view("null") : std::string_view(summaryJson));
  out.append("}</script>");
  out.append(page.substr(at + kPlaceholder.size()));
}

std::string viewerPageHtml(const std::string& trajectoryJson, const std::string& csv, const std::string& summaryJson,
                           const std::string& label) {
  run::parseTrajectoryJson(trajectoryJson, label);  // the viewer gets only what the renderer accepts
  nlohmann::json summary = nullptr;
  if (!summaryJson.empty()) {
    summary = nlohmann::json::parse(summaryJson, nullptr, false);
    if (summary.is_discarded()) summary = nullptr;  // the summary is optional decoration
  }
  const files::TextSource trajectory = [&](const auto& piece) { piece(trajectoryJson); };
  const files::TextSource table = [&](const auto& piece) { piece(csv); };
  files::StringOutput html;
  html.text().reserve(web::kViewerPage.size() + trajectoryJson.size() + csv.size() + csv.size() / 8 +
                      summaryJson.size());
  writeViewerPage(html, trajectory, csv.empty() ? nullptr : &table, summary.dump());
  return std::move(html.text());
}

fs::path writeViewerPage(const fs::path& runDir) {
  requireBrowserPages("viewer");
  std::string trajectory, csv, summary;
  const fs::path trajectoryFile = runDir / "trajectory.json";
  if (!readFile(trajectoryFile, trajectory))
    throw Error(trajectoryFile.string() + ": cannot open (is this the folder of an `articula run`?)");
  readFile(runDir / "trajectory.csv", csv);
  readFile(runDir / "summary.json", summary);
  const std::string html = viewerPageHtml(trajectory, csv, summary, trajectoryFile.string());
  const fs::path target = runDir / "viewer.html";
  files::writeFileAtomically(target, html);
  return target;
}

}  // namespace articula::render
