// Atomic output folder: files are written unnamed (or into a hidden temporary sibling), then
// linked into the temporary folder, which is renamed into place.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
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

RunFolderWriter::RunFolderWriter(const std::string& dir) {
  checkRunFolderTarget(dir);
  target_ = fs::absolute(fs::path(dir)).lexically_normal();
  parent_ = target_.has_filename() ? target_.parent_path() : target_.parent_path().parent_path();
  name_ = (target_.has_filename() ? target_ : target_.parent_path()).filename().string();
  if (!target_.has_filename()) target_ = target_.parent_path();
  std::error_code ec;
  fs::create_directories(parent_, ec);
  if (ec) throw OutputError("cannot create the folder '" + parent_.string() + "': " + ec.message());
}

RunFolderWriter::~RunFolderWriter() {
  files_.clear();  // closes the descriptors: unnamed files vanish with them
  std::error_code ec;
  if (tempMade_ && !committed_) fs::remove_all(temp_, ec);
}

void RunFolderWriter::makeTempFolder() {
  if (tempMade_) return;
  std::random_device rd;
  temp_ = parent_ / ("." + name_ + ".tmp-" + std::to_string(rd()));
  std::error_code ec;
  fs::create_directory(temp_, ec);
  if (ec) throw OutputError("cannot create the folder '" + temp_.string() + "': " + ec.message());
  tempMade_ = true;
}

TextOutput& RunFolderWriter::add(const std::string& file) {
  int fd = -1;
  if (tryAnonymous_) {
    fd = ::open(parent_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
    tryAnonymous_ = fd >= 0;  // not supported here (EOPNOTSUPP, EISDIR): named files in the temporary folder
  }
  const bool anonymous = fd >= 0;
  if (!anonymous) {
    makeTempFolder();
    fd = ::open((temp_ / file).c_str(), O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC, 0666);
  }
  if (fd < 0) throw OutputError("cannot create '" + (parent_ / file).string() + "': " + std::strerror(errno));
  files_.push_back({file, std::make_unique<FileOutput>(fd, (target_ / file).string()), anonymous});
  return *files_.back().out;
}

TextOutput* RunFolderWriter::find(const std::string& file) {
  for (File& f : files_)
    if (f.name == file) return f.out.get();
  return nullptr;
}

// Gives an unnamed file its name in the temporary folder; copies it where /proc is missing.
void RunFolderWriter::link(File& f) {
  const fs::path path = temp_ / f.name;
  const std::string self = "/proc/self/fd/" + std::to_string(f.out->fd());
  if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, path.c_str(), AT_SYMLINK_FOLLOW) == 0) return;
  FileOutput copy(::open(path.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0666), path.string());
  if (copy.fd() < 0) throw OutputError("cannot create '" + path.string() + "': " + std::strerror(errno));
  f.out->read([&](std::string_view piece) { copy.append(piece); });
  copy.finish();
}

void RunFolderWriter::commit() {
  try {
    makeTempFolder();
    for (File& f : files_) {
      f.out->finish();
      if (f.anonymous) link(f);
    }
    files_.clear();
    std::error_code ec;
    if (fs::exists(target_, ec)) fs::remove_all(target_);  // replace an older run as a whole
    fs::rename(temp_, target_);
    committed_ = true;
  } catch (const std::exception& e) {
    throw OutputError("cannot write the output folder '" + target_.string() + "': " + e.what());
  }
}

void writeRunFolder(const std::string& dir, const std::map<std::string, std::string>& files) {
  RunFolderWriter folder(dir);
  for (const auto& [file, text] : files) folder.add(file).append(text);
  folder.commit();
}

}  // namespace articula::io
