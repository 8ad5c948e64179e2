// The reference pages keep up with the program: every option `articula <command> --help` prints
// is in that command's part of docs/cli.md, and every example program is in examples/README.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>

#include "support/IoTestSupport.h"

using namespace articula::iotest;
namespace fs = std::filesystem;

namespace {

// The options in CLI11's help text: the "Options:" lines' names ("-q,--quiet" gives both).
std::vector<std::string> helpOptions(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream in(help);
  std::string line;
  bool options = false;
  const std::regex name("^\\s+((-[a-zA-Z]|--[a-z][a-z-]*)(,(-[a-zA-Z]|--[a-z][a-z-]*))*)");
  while (std::getline(in, line)) {
    if (line.rfind("Options:", 0) == 0) options = true;
    else if (!line.empty() && line[0] != ' ') options = false;
    std::smatch m;
    if (!options || !std::regex_search(line, m, name)) continue;
    std::istringstream list(m[1].str());
    for (std::string n; std::getline(list, n, ',');)
      if (n != "-h" && n != "--help") names.push_back(n);
  }
  return names;
}

// The part of docs/cli.md from "## <command>" to the next "## ".
std::string section(const std::string& page, const std::string& command) {
  const size_t at = page.find("\n## " + command + "\n");
  if (at == std::string::npos) return "";
  return page.substr(at, page.find("\n## ", at + 1) - at);
}

}  // namespace

TEST(Docs, CliMdHasEveryOptionOfEveryCommand) {
  const std::string page = readText(sourcePath("docs/cli.md"));
  // The loading options are described once, before the commands.
  const std::string loading = page.substr(0, page.find("\n## "));
  TempDir dir;
  for (const char* command : {"run", "motion", "info", "validate", "convert", "id", "ik", "view", "render", "edit"}) {
    const CliResult r = runCli(std::string(command) + " --help", dir);
    ASSERT_EQ(r.exitCode, 0) << command << ": " << r.err;
    const std::vector<std::string> options = helpOptions(r.out);
    EXPECT_FALSE(options.empty()) << command << ":\n" << r.out;
    std::string part = section(page, command);
    if (std::string(command) == "validate") part += section(page, "convert");  // -q is described there
    EXPECT_FALSE(part.empty()) << "docs/cli.md has no \"## " << command << "\"";
    for (const std::string& o : options) {
      const std::string quoted = "`" + o;
      EXPECT_TRUE(part.find(quoted) != std::string::npos || loading.find(quoted) != std::string::npos)
          << "docs/cli.md does not describe `articula " << command << " " << o << "`";
    }
  }
  const CliResult top = runCli("--help", dir);
  for (const std::string& o : helpOptions(top.out))
    EXPECT_NE(page.find("`" + o), std::string::npos) << "docs/cli.md does not describe `articula " << o << "`";
}

TEST(Docs, ExamplesReadmeListsEveryExample) {
  const std::string readme = readText(sourcePath("examples/README.md"));
  int examples = 0;
  for (const auto& e : fs::directory_iterator(sourcePath("examples"))) {
    if (e.path().extension() != ".cpp") continue;
    ++examples;
    const std::string row = "| `" + e.path().stem().string() + "` |";
    EXPECT_NE(readme.find(row), std::string::npos) << "examples/README.md has no row for " << e.path().filename();
  }
  EXPECT_GE(examples, 14);
  for (const auto& e : fs::directory_iterator(sourcePath("examples/python"))) {
    if (e.path().extension() != ".py") continue;
    EXPECT_NE(readme.find("`python/" + e.path().filename().string() + "`"), std::string::npos)
        << "examples/README.md does not list " << e.path();
  }
}

// docs/model-format.md's link to what of OpenMBD's format is read points at a page that exists.
TEST(Docs, OpenMbdPageIsLinked) {
  EXPECT_TRUE(fs::exists(sourcePath("docs/openmbd.md")));
  EXPECT_NE(readText(sourcePath("docs/model-format.md")).find("(openmbd.md)"), std::string::npos);
  EXPECT_EQ(readText(sourcePath("docs/model-format.md")).find("reference/openmbd.md"), std::string::npos);
}
