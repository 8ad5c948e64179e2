// runModelFile: a model file to a complete run folder in one call, and each failure as its kind.
#include <gtest/gtest.h>

#include <filesystem>

#include "articula/run/RunModelFile.h"
#include "support/IoTestSupport.h"

using namespace articula::run;
using namespace articula::iotest;
namespace fs = std::filesystem;

namespace {

RunRequest shortRun(const std::string& model, const std::string& out) {
  RunRequest q;
  q.modelFile = sourcePath(model);
  q.outFolder = out;
  q.overrides.duration = 0.05;
  q.overrides.reportInterval = 0.01;
  q.frameThread = false;
  return q;
}

RunFailure failureOf(const RunRequest& q, std::string& message) {
  try {
    runModelFile(q);
  } catch (const RunError& e) {
    message = e.what();
    return e.getFailure();
  }
  ADD_FAILURE() << "no RunError";
  return RunFailure::BadInput;
}

}  // namespace

TEST(RunModelFile, WritesTheScenariosFilesAndTheViewerPageWhenGivenAWriter) {
  TempDir dir;
  RunRequest q = shortRun("models/double_pendulum.json", dir / "run");
  int progressCalls = 0;
  q.progress = [&](double, double, double) { ++progressCalls; };
  std::string pageSummary;
  q.viewerPage = [&](articula::files::TextOutput& page, const articula::files::TextSource&,
                     const articula::files::TextSource* csv, const std::string& summary) {
    EXPECT_NE(csv, nullptr);
    pageSummary = summary;
    page.append("<html></html>");
  };
  const RunReport report = runModelFile(q);
  EXPECT_EQ(report.outFolder, dir / "run");
  EXPECT_EQ(progressCalls, 5);
  EXPECT_EQ(report.summary["run"]["frames"], 6);
  EXPECT_EQ(pageSummary, report.summary.dump());
  for (const char* f : {"trajectory.csv", "trajectory.json", "summary.json", "summary.txt", "viewer.html"})
    EXPECT_TRUE(fs::exists(dir.path / "run" / f)) << f;
  EXPECT_EQ(readText(dir / "run/summary.txt"), report.summaryText);

  q.viewerPage = nullptr;  // no writer, no page
  runModelFile(q);
  EXPECT_FALSE(fs::exists(dir.path / "run/viewer.html"));
}

TEST(RunModelFile, FailuresComeAsTheirKind) {
  TempDir dir;
  std::string message;
  EXPECT_EQ(failureOf(shortRun("tests/data/models/absent.json", dir / "a"), message), RunFailure::BadInput);
  RunRequest q = shortRun("models/double_pendulum.json", dir / "b");
  q.overrides.duration = -1;
  EXPECT_EQ(failureOf(q, message), RunFailure::BadInput);
  EXPECT_EQ(message, "--duration = -1: must be positive");
  q = shortRun("models/double_pendulum.json", dir / "file/run");
  std::ofstream(dir / "file") << "x";  // the run folder's parent is a file
  EXPECT_EQ(failureOf(q, message), RunFailure::Output);
  q = shortRun("tests/data/models/blows_up.json", dir / "c");
  q.overrides = {};
  EXPECT_EQ(failureOf(q, message), RunFailure::Simulation);
  EXPECT_NE(message.find("(no output written)"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(dir.path / "c"));
}
