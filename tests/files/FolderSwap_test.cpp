// swapIntoPlace: the older folder stays complete until the new one is in place, with and without
// RENAME_EXCHANGE; cleanStaleSwaps: what killed swaps left is put back or handed over for removal.
#include "articula/files/FolderSwap.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "articula/files/TextOutput.h"
#include "support/IoTestSupport.h"

using namespace articula::files;
using namespace articula::iotest;
namespace fs = std::filesystem;

namespace {

void makeFolder(const fs::path& dir, const std::string& content) {
  fs::create_directory(dir);
  std::ofstream(dir / "summary.txt") << content;
}

std::string staleName(const char* kind) {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  return std::string(".run.") + kind + "-" + std::to_string(child) + "-0123456789abcdef";
}

}  // namespace

TEST(FolderSwap, ExchangeLeavesTheOlderFolderWhereTheNewOneWas) {
  TempDir dir;
  makeFolder(dir.path / "run", "old");
  makeFolder(dir.path / ".new", "new");
  const fs::path old = swapIntoPlace(dir.path / ".new", dir.path / "run");
  EXPECT_EQ(readText(dir / "run/summary.txt"), "new");
  EXPECT_EQ(old, dir.path / ".new");
  EXPECT_EQ(readText((old / "summary.txt").string()), "old");
}

TEST(FolderSwap, WithoutExchangeTheOlderFolderIsMovedAsideFirst) {
  TempDir dir;
  makeFolder(dir.path / "run", "old");
  makeFolder(dir.path / ".new", "new");
  const fs::path old = swapIntoPlace(dir.path / ".new", dir.path / "run", false);
  EXPECT_EQ(readText(dir / "run/summary.txt"), "new");
  EXPECT_EQ(old.parent_path(), dir.path);
  EXPECT_EQ(old.filename().string().rfind(".run.old-" + std::to_string(::getpid()) + "-", 0), 0u) << old;
  EXPECT_EQ(readText((old / "summary.txt").string()), "old");
  EXPECT_FALSE(fs::exists(dir.path / ".new"));
}

TEST(FolderSwap, NoOlderFolderIsAPlainRename) {
  TempDir dir;
  makeFolder(dir.path / ".new", "new");
  EXPECT_TRUE(swapIntoPlace(dir.path / ".new", dir.path / "run").empty());
  EXPECT_EQ(readText(dir / "run/summary.txt"), "new");
}

TEST(FolderSwap, AFileOrSymlinkAtTheTargetIsNeverReplaced) {
  TempDir dir;
  makeFolder(dir.path / ".new", "new");
  makeFolder(dir.path / "elsewhere", "mine");
  std::ofstream(dir / "run") << "a file";
  EXPECT_THROW(swapIntoPlace(dir.path / ".new", dir.path / "run"), OutputError);
  EXPECT_EQ(readText(dir / "run"), "a file");
  fs::create_directory_symlink(dir.path / "elsewhere", dir.path / "link");
  EXPECT_THROW(swapIntoPlace(dir.path / ".new", dir.path / "link"), OutputError);
  EXPECT_EQ(readText(dir / "elsewhere/summary.txt"), "mine");
  EXPECT_EQ(readText(dir / ".new/summary.txt"), "new");  // still there for the caller to remove
}

TEST(FolderSwap, StaleOldFolderIsPutBackWhenTheTargetIsMissing) {
  TempDir dir;
  const std::string old = staleName("old"), tmp = staleName("tmp");
  makeFolder(dir.path / old, "old");
  makeFolder(dir.path / tmp, "new, not swapped in");
  std::vector<fs::path> removed;
  cleanStaleSwaps(dir.path / "run", [&](const fs::path& p) { removed.push_back(p); });
  EXPECT_EQ(readText(dir / "run/summary.txt"), "old");
  EXPECT_EQ(removed, std::vector<fs::path>{dir.path / tmp});
}

TEST(FolderSwap, StaleFoldersBesideATargetAreHandedOverLiveOnesAndFilesAreNot) {
  TempDir dir;
  makeFolder(dir.path / "run", "current");
  const std::string old = staleName("old"), file = staleName("tmp");
  const std::string live = ".run.tmp-" + std::to_string(::getpid()) + "-0123456789abcdef";
  makeFolder(dir.path / old, "old");
  makeFolder(dir.path / live, "being written");
  std::ofstream(dir / file) << "not a folder";
  std::vector<fs::path> removed;
  cleanStaleSwaps(dir.path / "run", [&](const fs::path& p) { removed.push_back(p); });
  EXPECT_EQ(removed, std::vector<fs::path>{dir.path / old});
  EXPECT_EQ(readText(dir / "run/summary.txt"), "current");
}
