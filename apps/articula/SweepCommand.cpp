// articula sweep SWEEP.json --out DIR: the sweep's cases on N threads, each row appended to
// DIR/results.csv as its case finishes; a rerun skips the cases already there (docs/sweeps.md).
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>

#include "Commands.h"
#include "articula/files/AtomicFile.h"
#include "articula/model/SweepSpec.h"
#include "articula/render/BrowserPages.h"
#include "articula/render/ViewerPage.h"
#include "articula/run/SweepResults.h"
#include "articula/run/SweepRun.h"

namespace articula::app {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Cases done / total, failed and the ETA on stderr (a terminal only), at most ten times a second.
class CaseProgress {
 public:
  CaseProgress(bool enabled, int64_t total) : active_(enabled && isatty(STDERR_FILENO)), total_(total) {}
  ~CaseProgress() { finish(); }
  void update(int64_t done, int64_t failed, int64_t doneNow, int64_t pendingNow, double wall) {
    if (!active_ || (wall - lastDraw_ < 0.1 && doneNow < pendingNow)) return;
    lastDraw_ = wall;
    constexpr int kWidth = 30;
    const double fraction = total_ > 0 ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
    const int filled = static_cast<int>(std::lround(fraction * kWidth));
    char bar[kWidth + 1];
    for (int i = 0; i < kWidth; ++i) bar[i] = i < filled ? '#' : '-';
    bar[kWidth] = 0;
    const double eta = doneNow > 0 ? wall * static_cast<double>(pendingNow - doneNow) / static_cast<double>(doneNow)
                                   : 0;
    const int etaS = static_cast<int>(std::lround(eta));
    std::fprintf(stderr, "\r[%s] %lld / %lld cases, %lld failed  ETA %d:%02d ", bar, static_cast<long long>(done),
                 static_cast<long long>(total_), static_cast<long long>(failed), etaS / 60, etaS % 60);
    std::fflush(stderr);
    drawn_ = true;
  }
  void finish() {
    if (!drawn_) return;
    std::fprintf(stderr, "\r%100s\r", "");
    std::fflush(stderr);
    drawn_ = false;
  }

 private:
  bool active_;
  int64_t total_;
  double lastDraw_ = -1;
  bool drawn_ = false;
};

// The results file, open for appending, with the sweep's header; the ids already in it.
class ResultsFile {
 public:
  ResultsFile(const std::string& path, const model::SweepSpec& spec) : path_(path) {
    done_ = run::readFinished(path, spec);  // before anything is written: a different sweep's file stays
    fs::create_directories(fs::path(path).parent_path());
    run::dropTornRecord(path);
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw files::OutputError("cannot open '" + path + "' for appending");
    if (::lseek(fd_, 0, SEEK_END) == 0) files::writeAll(fd_, run::sweepHeader(spec), path);
  }
  ~ResultsFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  ResultsFile(const ResultsFile&) = delete;
  ResultsFile& operator=(const ResultsFile&) = delete;
  const std::set<int64_t>& done() const { return done_; }
  void append(const std::string& line) { files::writeAll(fd_, line, path_); }  // one write: a whole line

 private:
  std::string path_;
  std::set<int64_t> done_;
  int fd_ = -1;
};

struct Shared {
  std::mutex mutex;
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  int64_t doneNow = 0, failedNow = 0;
};

run::ViewerPageWriter viewerPage() {
  if (!render::hasBrowserPages()) return nullptr;
  return [](files::TextOutput& page, const files::TextSource& trajectory, const files::TextSource* csv,
            const std::string& summary) { render::writeViewerPage(page, trajectory, csv, summary); };
}

void worker(const model::SweepSpec& spec, const std::vector<model::SweepCase>& cases,
            const std::vector<int64_t>& pending, const fs::path& dir, ResultsFile& results, Shared& shared,
            CaseProgress& bar, int64_t doneBefore, int64_t failedBefore, Clock::time_point start) {
  const run::ViewerPageWriter page = viewerPage();
  for (size_t i = shared.next++; i < pending.size() && !shared.stop; i = shared.next++) {
    try {
      const model::SweepCase& c = cases[static_cast<size_t>(pending[i])];
      const std::string folder = spec.keepsTrajectory(c.id) ? (dir / "cases" / std::to_string(c.id)).string() : "";
      const run::SweepRow row = run::runSweepCase(spec, c, folder, page);
      const std::string line = run::sweepRowText(row);
      std::lock_guard lock(shared.mutex);
      results.append(line);
      ++shared.doneNow;
      shared.failedNow += row.status == run::SweepStatus::Failed;
      const double wall = std::chrono::duration<double>(Clock::now() - start).count();
      bar.update(doneBefore + shared.doneNow, failedBefore + shared.failedNow, shared.doneNow,
                 static_cast<int64_t>(pending.size()), wall);
    } catch (...) {  // outputs that cannot be written: the sweep stops
      std::lock_guard lock(shared.mutex);
      if (!shared.error) shared.error = std::current_exception();
      shared.stop = true;
    }
  }
}

}  // namespace

int sweepCommand(const SweepOptions& o) {
  const auto start = Clock::now();
  model::SweepSpec spec;
  std::vector<model::SweepCase> cases;
  try {
    spec = model::readSweepFile(o.sweep);
    cases = model::sweepCases(spec);
  } catch (...) {
    return reportFailure();  // a bad sweep file: nothing run, nothing written
  }
  const int jobs = o.jobs > 0 ? o.jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const fs::path dir(o.out);
  const std::string resultsPath = (dir / "results.csv").string();
  try {
    const fs::path existing = dir / "results.csv";
    if (fs::exists(existing)) run::readFinished(resultsPath, spec);  // a different sweep's: bad input, before writing
  } catch (...) {
    return reportFailure();
  }
  run::SweepTotals totals;
  try {
    ResultsFile results(resultsPath, spec);
    std::vector<int64_t> pending;
    int64_t failedBefore = run::countResults(resultsPath).failed;
    for (const model::SweepCase& c : cases)
      if (!results.done().count(c.id)) pending.push_back(c.id);
    CaseProgress bar(!o.quiet, static_cast<int64_t>(cases.size()));
    Shared shared;
    const int64_t doneBefore = static_cast<int64_t>(cases.size() - pending.size());
    std::vector<std::thread> threads;
    const int n = std::min<int>(jobs, std::max<int>(1, static_cast<int>(pending.size())));
    for (int t = 0; t < n; ++t)
      threads.emplace_back(
          [&] { worker(spec, cases, pending, dir, results, shared, bar, doneBefore, failedBefore, start); });
    for (std::thread& t : threads) t.join();
    bar.finish();
    if (shared.error) std::rethrow_exception(shared.error);
    run::finalizeResults(resultsPath);
    totals = run::countResults(resultsPath);
    totals.ranNow = shared.doneNow;
    totals.jobs = jobs;
    totals.wallSeconds = std::chrono::duration<double>(Clock::now() - start).count();
    run::writeSweepTotals((dir / "sweep.json").string(), totals);
  } catch (...) {
    const ExitCode code = reportFailure();
    return code == kBadInput ? kOutputError : code;  // past the checks, what fails is writing
  }
  if (!o.quiet)
    std::printf("%lld cases: %lld ok, %lld failed (%lld run now on %d threads in %.3g s); results in %s\n",
                static_cast<long long>(totals.cases), static_cast<long long>(totals.ok),
                static_cast<long long>(totals.failed), static_cast<long long>(totals.ranNow), jobs, totals.wallSeconds,
                resultsPath.c_str());
  return sweepExitCode(totals.failed);
}

}  // namespace articula::app
