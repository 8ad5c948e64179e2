// Atomic output folder: write everything into a hidden temporary sibling, then rename.
#include <filesystem>
#include <fstream>
#include <random>

#include "articula/io/RunOutputs.h"

namespace articula::io {

namespace fs = std::filesystem;

namespace {
bool isRunFile(const fs::path& p) {
  static const char* const names[] = {"trajectory.csv", "trajectory.json", "contacts.csv", "summary.txt", "summary.json",
                                      "viewer.html", "animation.gif"};  // the last two: docs/viewer.md
  for (const char* n : names)
    if (p.filename() == n) return true;
  return false;
}
}  // namespace

void checkRunFolderTarget(const std::string& dir) {
  const fs::path target(dir);
  std::error_code ec;
  if (!fs::exists(target, ec)) return;
  if (!fs::is_directory(target, ec)) throw Error("'" + dir + "' exists and is not a folder: not replacing it");
  // Only an older run is replaced: a folder holding anything else (--out . or a typo) is left alone.
  for (const auto& e : fs::directory_iterator(target, ec))
    if (!(e.is_regular_file() && isRunFile(e.path())) && !(e.is_directory() && e.path().filename() == "frames"))
      throw Error("'" + dir + "' holds '" + e.path().filename().string() +
                  "', which is not a run output: choose an empty or new folder for --out");
}

void writeRunFolder(const std::string& dir, const std::map<std::string, std::string>& files) {
  checkRunFolderTarget(dir);
  const fs::path target = fs::absolute(fs::path(dir)).lexically_normal();
  const fs::path parent = target.has_filename() ? target.parent_path() : target.parent_path().parent_path();
  const std::string name = (target.has_filename() ? target : target.parent_path()).filename().string();
  std::error_code ec;
  fs::create_directories(parent, ec);
  if (ec) throw Error("cannot create the folder '" + parent.string() + "': " + ec.message());
  std::random_device rd;
  const fs::path tmp = parent / ("." + name + ".tmp-" + std::to_string(rd()));
  try {
    fs::create_directory(tmp);
    for (const auto& [file, text] : files) {
      std::ofstream out(tmp / file, std::ios::binary | std::ios::trunc);
      out << text;
      if (!out.flush()) throw Error("cannot write '" + (tmp / file).string() + "'");
    }
    if (fs::exists(target)) fs::remove_all(target);  // replace an older run as a whole
    fs::rename(tmp, target);
  } catch (const std::exception& e) {
    fs::remove_all(tmp, ec);
    throw Error("cannot write the output folder '" + target.string() + "': " + e.what());
  }
}

}  // namespace articula::io
