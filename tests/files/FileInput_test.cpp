// Input files: regular files only (a FIFO or device must not block or run away), within the size limit.
#include "articula/files/FileInput.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <fstream>

#include "support/IoTestSupport.h"

using namespace articula;
using namespace articula::files;
using articula::iotest::TempDir;

namespace {
std::string problemOf(const std::string& path, std::uint64_t limit = kDefaultMaxFileBytes) {
  try {
    readInputFile(path, limit);
  } catch (const InputFileError& e) {
    EXPECT_EQ(std::string(e.what()), "'" + path + "': " + e.problem());
    return e.problem();
  }
  return "";
}
}  // namespace

TEST(FileInput, ReadsARegularFileWhole) {
  TempDir dir;
  std::string bytes(100000, 'x');
  bytes[5] = '\0';
  std::ofstream(dir / "f.bin", std::ios::binary) << bytes;
  EXPECT_EQ(readInputFile(dir / "f.bin"), bytes);
  std::ofstream(dir / "empty.json").close();
  EXPECT_EQ(readInputFile(dir / "empty.json"), "");
}

TEST(FileInput, RefusesWhatIsNotARegularFileWithoutBlocking) {
  TempDir dir;
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(problemOf(dir / "fifo"), "is a pipe (FIFO), not a regular file");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));  // a blocking open would hang here
  EXPECT_EQ(problemOf("/dev/zero"), "is a device, not a regular file");
  EXPECT_EQ(problemOf(dir.path.string()), "is a folder, not a regular file");
  EXPECT_EQ(problemOf(dir / "missing.json"), "cannot open the file: No such file or directory");
}

TEST(FileInput, RefusesFilesOverTheLimit) {
  TempDir dir;
  std::ofstream(dir / "big", std::ios::binary) << std::string(3 << 20, 'x');
  EXPECT_EQ(problemOf(dir / "big", 2 << 20),
            "the file is larger than the limit of 2 MiB (3145728 bytes; raise it with ARTICULA_MAX_FILE_MB)");
  EXPECT_EQ(problemOf(dir / "big", 3 << 20), "");
}

TEST(FileInput, TheLimitComesFromTheEnvironment) {
  EXPECT_EQ(kDefaultMaxFileBytes, std::uint64_t{256} << 20);
  ::setenv("ARTICULA_MAX_FILE_MB", "3", 1);
  EXPECT_EQ(maxInputFileBytes(), std::uint64_t{3} << 20);
  for (const char* bad : {"0", "-1", "2x", "99999999999999999999"}) {
    ::setenv("ARTICULA_MAX_FILE_MB", bad, 1);
    EXPECT_THROW(maxInputFileBytes(), Error) << bad;
  }
  ::unsetenv("ARTICULA_MAX_FILE_MB");
  EXPECT_EQ(maxInputFileBytes(), kDefaultMaxFileBytes);
}
