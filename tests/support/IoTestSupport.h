// Helpers of the io tests: fixture paths, running the built `articula` program, temp folders.
#pragma once
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/TestPaths.h"

// A test of the viewer or editor pages is skipped in a build without them (ARTICULA_WEB=OFF;
// tests/CMakeLists.txt defines ARTICULA_TEST_WEB as 0 or 1).
#define SKIP_WITHOUT_BROWSER_PAGES() \
  if (!ARTICULA_TEST_WEB) GTEST_SKIP() << "this build has no browser pages (ARTICULA_WEB=OFF)"

namespace articula::iotest {

inline std::string sourcePath(const std::string& relative) {
  return std::string(testpaths::kSourceDir) + "/" + relative;
}
inline std::string openMbdPath(const std::string& name) {
  return std::string(testpaths::kTestDir) + "/data/openmbd/" + name;
}

// A fresh, empty folder under the system temp directory, removed by the destructor.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::random_device rd;
    path = std::filesystem::temp_directory_path() / ("articula-io-test-" + std::to_string(rd()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

// The names in a folder, sorted: what a writer left behind.
inline std::vector<std::string> listing(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

struct CliResult {
  int exitCode = -1;
  std::string out, err;
};

inline std::string readText(const std::string& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `articula <args>` with stdout and stderr captured into files of `dir`. `prefix` is put
// before the program (e.g. "env NAME=value"). With `seconds` > 0 the program is killed after that
// long (exit code 137), so a test of a would-be hang cannot hang. Killed by a signal: exitCode -1.
inline CliResult runCli(const std::string& args, const TempDir& dir, const std::string& prefix = "", int seconds = 0) {
  const std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  const std::string limit = seconds > 0 ? "timeout -s KILL " + std::to_string(seconds) + " " : "";
  const std::string cmd = prefix + " " + limit + std::string(testpaths::kCliPath) + " " + args + " >" + out + " 2>" +
                          err + " </dev/null";
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;  // timeout -s KILL exits 137
  r.out = readText(out);
  r.err = readText(err);
  return r;
}

}  // namespace articula::iotest
