// Faults while `articula` writes its outputs: a kill during the commit, a folder that cannot be
// written, a full disk, an output path that is a file, symlinks planted at temporary names, a
// user's file in frames/. Each checks the exit code, the message, and that nothing else was
// written or deleted (a snapshot of every file under the test folder, hidden ones included).
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "support/IoTestSupport.h"

using namespace articula::iotest;
namespace fs = std::filesystem;

namespace {

const std::string kModel = sourcePath("models/double_pendulum.json");

// Every file and folder under `dir` (relative path -> content, "<dir>" or "-> target" for a
// symlink), but the captured stdout.txt and stderr.txt.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    const std::string name = fs::relative(it->path(), dir).string();
    if (name == "stdout.txt" || name == "stderr.txt") continue;
    if (it->is_symlink()) files[name] = "-> " + fs::read_symlink(it->path()).string();
    else if (it->is_directory()) files[name] = "<dir>";
    else files[name] = readText(it->path().string());
  }
  return files;
}

std::vector<std::string> hiddenEntries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string()[0] == '.') names.push_back(e.path().filename().string());
  return names;
}

CliResult run(const TempDir& dir, const std::string& out, const std::string& duration, const std::string& env = "") {
  return runCli("run " + kModel + " --duration " + duration + " -q --out " + out, dir, env.empty() ? "" : "env " + env);
}

bool killed(const CliResult& r) { return r.exitCode == 128 + 9 || r.exitCode == -1; }  // SIGKILL, via the shell or not

double simulatedTime(const std::string& runDir) {
  return nlohmann::json::parse(readText(runDir + "/summary.json"))["run"]["simulated_time_s"].get<double>();
}

}  // namespace

TEST(OutputFaults, KillBeforeTheSwapLeavesTheOlderRunAndTheNextRunTidiesUp) {
  TempDir dir;
  ASSERT_EQ(run(dir, dir / "run", "0.02").exitCode, 0);
  const auto before = snapshot(dir.path);
  const CliResult r = run(dir, dir / "run", "0.04", "ARTICULA_TEST_KILL_AT=commit-swap");
  EXPECT_TRUE(killed(r)) << r.exitCode << r.err;
  const std::vector<std::string> hidden = hiddenEntries(dir.path);
  ASSERT_EQ(hidden.size(), 1u);  // the new run, complete but not in place
  EXPECT_EQ(hidden[0].rfind(".run.tmp-", 0), 0u) << hidden[0];
  auto now = snapshot(dir.path);
  for (auto it = now.begin(); it != now.end();) it = it->first.rfind(hidden[0], 0) == 0 ? now.erase(it) : std::next(it);
  EXPECT_EQ(now, before);  // the older run, complete and untouched
  EXPECT_NEAR(simulatedTime(dir / hidden[0]), 0.04, 1e-9);

  ASSERT_EQ(run(dir, dir / "run", "0.06").exitCode, 0);
  EXPECT_TRUE(hiddenEntries(dir.path).empty());
  EXPECT_NEAR(simulatedTime(dir / "run"), 0.06, 1e-9);
}

TEST(OutputFaults, KillAfterTheSwapLeavesTheNewRunAndTheNextRunTidiesUp) {
  SKIP_WITHOUT_BROWSER_PAGES();
  TempDir dir;
  ASSERT_EQ(run(dir, dir / "run", "0.02").exitCode, 0);
  const CliResult r = run(dir, dir / "run", "0.04", "ARTICULA_TEST_KILL_AT=commit-cleanup");
  EXPECT_TRUE(killed(r)) << r.exitCode << r.err;
  EXPECT_NEAR(simulatedTime(dir / "run"), 0.04, 1e-9);
  for (const char* f : {"trajectory.csv", "trajectory.json", "summary.txt", "summary.json", "viewer.html"})
    EXPECT_TRUE(fs::exists(dir.path / "run" / f)) << f;
  const std::vector<std::string> hidden = hiddenEntries(dir.path);
  ASSERT_EQ(hidden.size(), 1u);  // the older run, swapped out
  EXPECT_NEAR(simulatedTime(dir / hidden[0]), 0.02, 1e-9);

  ASSERT_EQ(run(dir, dir / "run", "0.06").exitCode, 0);
  EXPECT_TRUE(hiddenEntries(dir.path).empty());
}

TEST(OutputFaults, StaleTemporariesHoldingAnythingElseAreLeftAlone) {
  TempDir dir;
  ASSERT_EQ(run(dir, dir / "run", "0.02").exitCode, 0);
  ASSERT_TRUE(killed(run(dir, dir / "run", "0.04", "ARTICULA_TEST_KILL_AT=commit-swap")));
  const std::string hidden = hiddenEntries(dir.path).at(0);
  std::ofstream(dir / (hidden + "/notes.txt")) << "mine";
  ASSERT_EQ(run(dir, dir / "run", "0.06").exitCode, 0);
  EXPECT_EQ(readText(dir / (hidden + "/notes.txt")), "mine");
  EXPECT_TRUE(fs::exists(dir.path / hidden / "summary.txt"));
}

TEST(OutputFaults, ReadOnlyFolderExitsWith1AndWritesNothing) {
  TempDir dir;
  fs::create_directory(dir.path / "ro");
  std::string asUser;
  if (::geteuid() == 0) {  // root writes anywhere: run the program as nobody instead
    if (std::system("command -v setpriv >/dev/null 2>&1") != 0) GTEST_SKIP() << "running as root without setpriv";
    asUser = "setpriv --reuid=65534 --regid=65534 --clear-groups";
  }
  ASSERT_EQ(run(dir, dir / "ro/old", "0.02").exitCode, 0);
  // rwxr-xr-x, root's: read-only for nobody; without root, read-only for the owner too.
  if (asUser.empty()) fs::permissions(dir.path / "ro", fs::perms::owner_write, fs::perm_options::remove);
  const auto before = snapshot(dir.path);
  for (const char* out : {"ro/new", "ro/old"}) {
    const CliResult r = runCli("run " + kModel + " --duration 0.02 -q --out " + (dir / out), dir, asUser);
    EXPECT_EQ(r.exitCode, 1) << out << ": " << r.err;
    EXPECT_NE(r.err.find("cannot write '" + (dir / out) + "'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Permission denied"), std::string::npos) << r.err;
    EXPECT_EQ(snapshot(dir.path), before);
  }
  fs::permissions(dir.path / "ro", fs::perms::owner_write, fs::perm_options::add);
}

TEST(OutputFaults, FullDiskDuringTheRunExitsWith1AndLeavesNoPartialFile) {
  TempDir dir;
  // 2000 rows: trajectory.csv passes its first 256 KB chunk mid-run, where the disk fills up.
  const CliResult r = runCli("run " + kModel + " --duration 2 --report-interval 0.001 -q --out " + (dir / "run"), dir,
                             "env ARTICULA_TEST_ENOSPC_AFTER=100000");
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("cannot write '" + (dir / "run") + "/trajectory."), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  EXPECT_TRUE(snapshot(dir.path).empty());
}

TEST(OutputFaults, FullDiskAtTheCommitKeepsTheOlderRun) {
  TempDir dir;
  ASSERT_EQ(run(dir, dir / "run", "0.02").exitCode, 0);
  const auto before = snapshot(dir.path);
  for (const char* limit : {"0", "5000"}) {  // nothing fits / the first files fit
    const CliResult r = run(dir, dir / "run", "0.04", std::string("ARTICULA_TEST_ENOSPC_AFTER=") + limit);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
    EXPECT_EQ(snapshot(dir.path), before);
  }
}

TEST(OutputFaults, FullDiskForTheSingleFileOutputs) {
  SKIP_WITHOUT_BROWSER_PAGES();
  TempDir dir;
  ASSERT_EQ(run(dir, dir / "run", "0.02").exitCode, 0);
  fs::remove(dir.path / "run/viewer.html");
  std::ofstream(dir / "model.json") << "old model";
  std::ofstream(dir / "page.html") << "old page";
  const auto before = snapshot(dir.path);
  const std::string full = "env ARTICULA_TEST_ENOSPC_AFTER=100";
  for (const std::string& args : {"convert " + kModel + " " + (dir / "model.json"),
                                  "edit " + kModel + " --out " + (dir / "page.html"), "view " + (dir / "run")}) {
    const CliResult r = runCli(args, dir, full);
    EXPECT_EQ(r.exitCode, 1) << args << ": " << r.err;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
    EXPECT_EQ(snapshot(dir.path), before) << args;
  }
}

TEST(OutputFaults, OutputPathThatIsAFileIsLeftUntouched) {
  TempDir dir;
  std::ofstream(dir / "results") << "mine";
  const auto before = snapshot(dir.path);
  const CliResult r = run(dir, dir / "results", "0.02");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("'" + (dir / "results") + "' exists and is not a folder"), std::string::npos) << r.err;
  EXPECT_EQ(snapshot(dir.path), before);
  fs::create_directory(dir.path / "folder");
  const CliResult c = runCli("convert " + kModel + " " + (dir / "folder"), dir);
  EXPECT_EQ(c.exitCode, 1);
  EXPECT_NE(c.err.find("cannot write '" + (dir / "folder") + "'"), std::string::npos) << c.err;
  EXPECT_TRUE(fs::is_empty(dir.path / "folder"));
}

// Symlinks to a victim at every temporary name the program ever used: "OUT.tmp" (convert), and
// "OUT.tmp-<pid>" (edit), ".viewer.html.tmp-<pid>", ".animation.gif.tmp-<pid>" and
// ".frames.tmp-<pid>" for the next pids to come. The names now have a random part: none is hit.
TEST(OutputFaults, SymlinksPlantedAtTemporaryNamesAreNeverFollowed) {
  SKIP_WITHOUT_BROWSER_PAGES();
  TempDir dir;
  ASSERT_EQ(run(dir, dir / "run", "0.1").exitCode, 0);
  std::ofstream(dir / "victim") << "precious";
  const fs::path victim = dir.path / "victim";
  fs::create_symlink(victim, dir.path / "model.json.tmp");
  long next = 0;
  std::ifstream("/proc/sys/kernel/ns_last_pid") >> next;
  for (long pid = next + 1; pid <= next + 1000; ++pid) {
    const std::string p = std::to_string(pid);
    fs::create_symlink(victim, dir.path / ("page.html.tmp-" + p));
    for (const std::string& name : {".viewer.html.tmp-" + p, ".animation.gif.tmp-" + p, ".frames.tmp-" + p})
      fs::create_symlink(victim, dir.path / "run" / name);
  }
  EXPECT_EQ(runCli("convert " + kModel + " " + (dir / "model.json"), dir).exitCode, 0);
  EXPECT_EQ(runCli("edit " + kModel + " --out " + (dir / "page.html"), dir).exitCode, 0);
  EXPECT_EQ(runCli("view " + (dir / "run"), dir).exitCode, 0);
  const CliResult r = runCli("render " + (dir / "run") + " --png-frames --gif --fps 10 --size 32x24", dir);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(readText(dir / "victim") == "precious") << "written through a planted symlink";
  EXPECT_NE(readText(dir / "model.json").find("\"articula-model\""), std::string::npos);
  EXPECT_TRUE(fs::is_symlink(dir.path / "model.json.tmp"));  // somebody else's: left alone
  EXPECT_GT(fs::file_size(dir.path / "run/animation.gif"), 0u);
  EXPECT_TRUE(fs::exists(dir.path / "run/frames/frame_00000.png"));
}

TEST(OutputFaults, UserFileInFramesSurvivesAndTheRunIsRefused) {
  TempDir dir;
  ASSERT_EQ(run(dir, dir / "run", "0.1").exitCode, 0);
  fs::create_directory(dir.path / "run/frames");
  std::ofstream(dir / "run/frames/notes.txt") << "mine";
  const auto before = snapshot(dir.path);
  // A model that fails at t = 0.4: exit 1 rather than 3 shows the refusal comes before simulating.
  CliResult r = runCli("run " + sourcePath("tests/data/models/blows_up.json") + " -q --out " + (dir / "run"), dir);
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("'" + (dir / "run") + "' holds 'frames/notes.txt', which is not a run output"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(snapshot(dir.path), before);
  r = runCli("render " + (dir / "run") + " --png-frames --fps 10 --size 32x24", dir);
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_NE(r.err.find("'" + (dir / "run/frames/notes.txt") + "' is not a frame written by `articula render`"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(snapshot(dir.path), before);

  // Frames that render wrote are a run's own: the next render and the next run replace them.
  fs::remove(dir.path / "run/frames/notes.txt");
  ASSERT_EQ(runCli("render " + (dir / "run") + " --png-frames --fps 20 --size 32x24", dir).exitCode, 0);
  EXPECT_TRUE(fs::exists(dir.path / "run/frames/frame_00002.png"));  // 0.1 s at 20 fps: 3 frames
  ASSERT_EQ(runCli("render " + (dir / "run") + " --png-frames --fps 10 --size 32x24", dir).exitCode, 0);
  EXPECT_TRUE(fs::exists(dir.path / "run/frames/frame_00001.png"));
  EXPECT_FALSE(fs::exists(dir.path / "run/frames/frame_00002.png"));  // replaced as a whole
  EXPECT_TRUE(hiddenEntries(dir.path / "run").empty());
  ASSERT_EQ(run(dir, dir / "run", "0.02").exitCode, 0);
  EXPECT_FALSE(fs::exists(dir.path / "run/frames"));
}
