// Temporary names: hidden, unpredictable, and stale only when the owner process is gone.
#include "articula/files/TemporaryName.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include "support/IoTestSupport.h"

using namespace articula::files;
using articula::iotest::TempDir;
namespace fs = std::filesystem;

namespace {

// The pid of a process that has exited (and been reaped): nobody owns it now.
pid_t deadPid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  return child;
}

}  // namespace

TEST(TemporaryName, HiddenWithThePidAndARandomPart) {
  const std::string a = temporaryName("run"), b = temporaryName("run");
  // ".run.tmp-<pid>-" then 16 hex digits (no <regex>: GCC 12 warns falsely in it under ASan).
  const std::string prefix = ".run.tmp-" + std::to_string(::getpid()) + "-";
  EXPECT_EQ(a.rfind(prefix, 0), 0u) << a;
  EXPECT_EQ(a.size(), prefix.size() + 16) << a;
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef", prefix.size()), std::string::npos) << a;
  EXPECT_NE(a, b);
  EXPECT_EQ(temporaryName("trajectory.csv", "old").rfind(".trajectory.csv.old-", 0), 0u);
}

TEST(TemporaryName, StaleOnlyWhenTheOwnerIsGone) {
  const std::string dead = std::to_string(deadPid()), self = std::to_string(::getpid());
  const std::string hex = "0123456789abcdef";
  EXPECT_TRUE(isStaleTemporary(".run.tmp-" + dead + "-" + hex, "run"));
  EXPECT_TRUE(isStaleTemporary(".run.old-" + dead + "-" + hex, "run", "old"));
  EXPECT_FALSE(isStaleTemporary(".run.tmp-" + self + "-" + hex, "run"));   // alive: still writing
  EXPECT_FALSE(isStaleTemporary(".run.tmp-1-" + hex, "run"));              // init: alive
  EXPECT_FALSE(isStaleTemporary(".run.old-" + dead + "-" + hex, "run"));   // another kind
  EXPECT_FALSE(isStaleTemporary(".runs.tmp-" + dead + "-" + hex, "run"));  // another name
  EXPECT_FALSE(isStaleTemporary(".run.tmp-" + dead + "-0123", "run"));     // not our pattern
  EXPECT_FALSE(isStaleTemporary(".run.tmp-" + dead + "-0123456789abcdeg", "run"));
  EXPECT_FALSE(isStaleTemporary(".run.tmp-x" + dead + "-" + hex, "run"));
  EXPECT_FALSE(isStaleTemporary(".run.tmp-0-" + hex, "run"));
  EXPECT_FALSE(isStaleTemporary("run", "run"));
}

TEST(TemporaryName, ListsTheStaleEntriesOfAFolder) {
  TempDir dir;
  const std::string dead = std::to_string(deadPid());
  const fs::path stale = dir.path / (".run.tmp-" + dead + "-00000000000000ff");
  fs::create_directory(stale);
  fs::create_directory(dir.path / (".run.tmp-" + std::to_string(::getpid()) + "-00000000000000ff"));
  std::ofstream(dir / "run") << "x";
  EXPECT_EQ(staleTemporaries(dir.path, "run"), std::vector<fs::path>{stale});
  EXPECT_TRUE(staleTemporaries(dir.path / "missing", "run").empty());
}
