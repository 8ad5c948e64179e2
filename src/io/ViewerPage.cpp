// viewerPageHtml and writeViewerPage: put a run into the viewer page's data placeholder as one
// JSON object {"trajectory", "csv", "summary"}; every '<' is written as \u003c so no text in the
// data can close the <script> element.
#include "articula/io/ViewerPage.h"

#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "articula/Error.h"
#include "articula/io/TrajectoryReader.h"

namespace articula::io {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kPlaceholder = R"(<script type="application/json" id="articula-data">null</script>)";

std::string scriptSafe(const std::string& json) {
  std::string out;
  out.reserve(json.size() + 64);
  for (char c : json) {
    if (c == '<') out += "\\u003c";
    else out += c;
  }
  return out;
}

bool readFile(const fs::path& file, std::string& text) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

}  // namespace

std::string viewerPageHtml(const std::string& trajectoryJson, const std::string& csv, const std::string& summaryJson,
                           const std::string& label) {
  parseTrajectoryJson(trajectoryJson, label);  // the viewer gets only what the renderer accepts
  nlohmann::json summary = nullptr;
  if (!summaryJson.empty()) {
    summary = nlohmann::json::parse(summaryJson, nullptr, false);
    if (summary.is_discarded()) summary = nullptr;  // the summary is optional decoration
  }
  const std::string page(web::kViewerPage);
  const auto at = page.find(kPlaceholder);
  if (at == std::string::npos) throw Error("viewer page: the embedded page has no data placeholder (rebuild articula)");
  std::string data = "{\"trajectory\":" + scriptSafe(trajectoryJson) + ",\"csv\":" +
                     scriptSafe(csv.empty() ? std::string("null") : nlohmann::json(csv).dump()) +
                     ",\"summary\":" + scriptSafe(summary.dump()) + "}";
  std::string html;
  html.reserve(page.size() + data.size() + 64);
  html.append(page, 0, at);
  html += R"(<script type="application/json" id="articula-data">)";
  html += data;
  html += "</script>";
  html.append(page, at + kPlaceholder.size());
  return html;
}

fs::path writeViewerPage(const fs::path& runDir) {
  std::string trajectory, csv, summary;
  const fs::path trajectoryFile = runDir / "trajectory.json";
  if (!readFile(trajectoryFile, trajectory))
    throw Error(trajectoryFile.string() + ": cannot open (is this the folder of an `articula run`?)");
  readFile(runDir / "trajectory.csv", csv);
  readFile(runDir / "summary.json", summary);
  const std::string html = viewerPageHtml(trajectory, csv, summary, trajectoryFile.string());
  const fs::path target = runDir / "viewer.html";
  const fs::path temp = runDir / (".viewer.html.tmp-" + std::to_string(::getpid()));
  {
    std::ofstream out(temp, std::ios::binary);
    out << html;
    out.close();
    if (!out) {
      std::error_code ec;
      fs::remove(temp, ec);
      throw Error(target.string() + ": cannot write");
    }
  }
  fs::rename(temp, target);
  return target;
}

}  // namespace articula::io
