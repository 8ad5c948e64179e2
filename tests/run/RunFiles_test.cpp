// What a run folder may hold, and that only those files are ever removed.
#include <gtest/gtest.h>

#include "articula/run/RunOutputs.h"
#include "support/ErrorOf.h"
#include "support/IoTestSupport.h"

using namespace articula::run;
using namespace articula::iotest;
using namespace articula::files;
using namespace articula::model;
namespace fs = std::filesystem;
const auto errorOf = articula::testing::errorOf<OutputError>;

namespace {

void makeRun(const fs::path& dir) {
  fs::create_directories(dir / "frames");
  for (const char* f : {"trajectory.csv", "trajectory.json", "contacts.csv", "summary.txt", "summary.json",
                        "viewer.html", "animation.gif", "frames/frame_00000.png", "frames/frame_123456.png"})
    std::ofstream(dir / f) << "x";
}

}  // namespace

TEST(RunFiles, AnOlderRunWithFramesMayBeReplaced) {
  TempDir dir;
  makeRun(dir.path / "run");
  EXPECT_EQ(errorOf([&] { checkRunFolderTarget(dir / "run"); }), "");
  EXPECT_EQ(errorOf([&] { checkRunFolderTarget(dir / "absent"); }), "");
  EXPECT_EQ(errorOf([&] { checkFramesFolder(dir.path / "run/frames"); }), "");
  removeRunFolder(dir.path / "run");
  EXPECT_FALSE(fs::exists(dir.path / "run"));
}

TEST(RunFiles, AnythingElseIsNamedAndRefused) {
  TempDir dir;
  makeRun(dir.path / "run");
  const std::string run = dir / "run";
  for (const std::string name : {"frames/notes.txt", "frames/frame_1.png", "frames/frame_00001.png.bak", "notes.txt"}) {
    const fs::path file = dir.path / "run" / name;
    std::ofstream(file) << "mine";
    EXPECT_EQ(errorOf([&] { checkRunFolderTarget(run); }),
              "'" + run + "' holds '" + name + "', which is not a run output: choose an empty or new folder for --out");
    fs::remove(file);
  }
  fs::create_directory(dir.path / "run/frames/sub");
  EXPECT_NE(
      errorOf([&] { checkFramesFolder(dir.path / "run/frames"); }).find("'" + run + "/frames/sub' is not a frame"),
      std::string::npos);
  fs::remove(dir.path / "run/frames/sub");
  std::ofstream(dir / "victim") << "precious";
  fs::remove(dir.path / "run/summary.txt");
  fs::create_symlink(dir.path / "victim", dir.path / "run/summary.txt");  // a run never writes symlinks
  EXPECT_NE(errorOf([&] { checkRunFolderTarget(run); }).find("holds 'summary.txt'"), std::string::npos);
  removeRunFolder(dir.path / "run");
  EXPECT_EQ(readText(dir / "victim"), "precious");
  EXPECT_TRUE(fs::exists(dir.path / "run/trajectory.csv"));  // refused as a whole: nothing removed
}

TEST(RunFiles, AFileOrSymlinkIsNotAFolderToReplace) {
  TempDir dir;
  const std::string file = dir / "file";
  std::ofstream(file) << "mine";
  EXPECT_EQ(errorOf([&] { checkRunFolderTarget(file); }),
            "'" + file + "' exists and is not a folder: not replacing it");
  makeRun(dir.path / "run");
  fs::create_directory_symlink(dir.path / "run", dir.path / "link");
  EXPECT_NE(errorOf([&] { checkRunFolderTarget(dir / "link"); }), "");
  fs::remove_all(dir.path / "run/frames");
  fs::create_directory(dir.path / "elsewhere");
  std::ofstream(dir / "elsewhere/frame_00000.png") << "mine";
  fs::create_directory_symlink(dir.path / "elsewhere", dir.path / "run/frames");
  EXPECT_NE(errorOf([&] { checkFramesFolder(dir.path / "run/frames"); }), "");
  EXPECT_NE(errorOf([&] { checkRunFolderTarget(dir / "run"); }), "");
  removeRunFolder(dir.path / "run");
  EXPECT_EQ(readText(dir / "elsewhere/frame_00000.png"), "mine");
}

TEST(RunFiles, OnlyRunFoldersAndFramesFoldersAreRemoved) {
  TempDir dir;
  makeRun(dir.path / "frames-only");
  removeFramesFolder(dir.path / "frames-only/frames");
  EXPECT_FALSE(fs::exists(dir.path / "frames-only/frames"));
  std::ofstream(dir / "frames-only/notes.txt") << "mine";
  removeRunFolder(dir.path / "frames-only");  // not a run any more: untouched
  EXPECT_EQ(readText(dir / "frames-only/notes.txt"), "mine");
  EXPECT_TRUE(fs::exists(dir.path / "frames-only/summary.txt"));
}
