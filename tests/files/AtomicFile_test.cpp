// AtomicFile: the target has the old or the complete new content; nothing is written through a
// planted symlink; failures leave no temporary file.
#include "articula/files/AtomicFile.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include "support/ErrorOf.h"
#include "support/IoTestSupport.h"

using namespace articula::files;
using namespace articula::iotest;
namespace fs = std::filesystem;
const auto errorOf = articula::testing::errorOf<OutputError>;

TEST(AtomicFile, WritesAndReplacesTheTargetLeavingNoTemporary) {
  TempDir dir;
  writeFileAtomically(dir.path / "out.json", "one");
  EXPECT_EQ(readText(dir / "out.json"), "one");
  writeFileAtomically(dir.path / "out.json", "two\n");
  EXPECT_EQ(readText(dir / "out.json"), "two\n");
  EXPECT_EQ(listing(dir.path), std::vector<std::string>{"out.json"});
  EXPECT_TRUE((fs::status(dir / "out.json").permissions() & fs::perms::others_read) !=
              fs::perms::none);  // 0666 & ~umask
}

TEST(AtomicFile, TheTargetIsUntouchedUntilCommitAndWithoutIt) {
  TempDir dir;
  std::ofstream(dir / "out.json") << "old";
  {
    AtomicFile file(dir.path / "out.json");
    file.write("new, but never committed");
    EXPECT_EQ(readText(dir / "out.json"), "old");
    EXPECT_EQ(file.tempPath().parent_path(), dir.path);
    EXPECT_TRUE(fs::exists(file.tempPath()));
  }
  EXPECT_EQ(readText(dir / "out.json"), "old");
  EXPECT_EQ(listing(dir.path), std::vector<std::string>{"out.json"});
}

TEST(AtomicFile, ASymlinkAtTheTargetIsReplacedNotFollowed) {
  TempDir dir;
  std::ofstream(dir / "victim") << "precious";
  fs::create_symlink(dir.path / "victim", dir.path / "out.json");
  writeFileAtomically(dir.path / "out.json", "model");
  EXPECT_EQ(readText(dir / "victim"), "precious");
  EXPECT_FALSE(fs::is_symlink(dir.path / "out.json"));
  EXPECT_EQ(readText(dir / "out.json"), "model");
}

TEST(AtomicFile, SymlinksAtTheOldFixedTemporaryNamesAreNeverUsed) {
  TempDir dir;
  std::ofstream(dir / "victim") << "precious";
  const std::string pid = std::to_string(::getpid());
  for (const std::string& name : {std::string("out.json.tmp"), "out.json.tmp-" + pid, ".out.json.tmp-" + pid})
    fs::create_symlink(dir.path / "victim", dir.path / name);
  writeFileAtomically(dir.path / "out.json", "model");
  EXPECT_EQ(readText(dir / "victim"), "precious");
  EXPECT_EQ(readText(dir / "out.json"), "model");
}

TEST(AtomicFile, TemporaryNamesAreUnpredictable) {
  TempDir dir;
  AtomicFile a(dir.path / "out.json"), b(dir.path / "out.json");
  EXPECT_NE(a.tempPath(), b.tempPath());
  const std::string name = a.tempPath().filename().string();
  EXPECT_EQ(name.rfind(".out.json.tmp-" + std::to_string(::getpid()) + "-", 0), 0u) << name;
}

TEST(AtomicFile, ErrorsNameTheFileAndTheReason) {
  TempDir dir;
  EXPECT_EQ(errorOf([&] { writeFileAtomically(dir.path / "missing/out.json", "x"); }),
            "cannot write '" + (dir / "missing/out.json") + "': cannot create a temporary file in '" +
                (dir / "missing") + "': No such file or directory");
  fs::create_directory(dir.path / "folder");
  EXPECT_EQ(errorOf([&] { writeFileAtomically(dir.path / "folder", "x"); }),
            "cannot write '" + (dir / "folder") + "': Is a directory");
  EXPECT_EQ(listing(dir.path), std::vector<std::string>{"folder"});  // the temporary file is gone
  EXPECT_TRUE(fs::is_empty(dir.path / "folder"));
}

TEST(AtomicFile, RemovesTheTemporariesOfKilledWritersOnly) {
  TempDir dir;
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  const std::string hex = "-0123456789abcdef";
  const std::string pid = std::to_string(child);
  const std::string dead = ".out.json.tmp-" + pid + hex, live = ".out.json.tmp-1" + hex,
                    other = ".other.json.tmp-" + pid + hex, link = ".out.json.tmp-" + pid + "-fedcba9876543210";
  for (const std::string& name : {dead, live, other}) std::ofstream(dir / name) << "x";
  fs::create_symlink(dir.path / "other.json", dir.path / link);
  writeFileAtomically(dir.path / "out.json", "new");
  std::vector<std::string> kept{live, link, other, "out.json"};
  std::sort(kept.begin(), kept.end());
  EXPECT_EQ(listing(dir.path), kept);
}
