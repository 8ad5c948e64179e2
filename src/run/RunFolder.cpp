// Atomic output folder: files are written unnamed (or into a hidden temporary sibling), then
// linked into the temporary folder, which is swapped into place (FolderSwap.h).
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "articula/files/AtomicFile.h"
#include "articula/files/FolderSwap.h"
#include "articula/files/TemporaryName.h"
#include "articula/run/RunOutputs.h"

namespace articula::run {

namespace fs = std::filesystem;

namespace {

// The fault tests (tests/run/OutputFaults_test.cpp) kill the process between the commit's steps.
void testKillPoint(const char* step) {
  const char* at = std::getenv("ARTICULA_TEST_KILL_AT");
  if (at && std::strcmp(at, step) == 0) ::raise(SIGKILL);
}

void syncFile(int fd, const std::string& name) {
  if (::fsync(fd) != 0) throw files::OutputError("cannot write '" + name + "': " + std::strerror(errno));
}

}  // namespace

RunFolderWriter::RunFolderWriter(const std::string& dir) {
  checkRunFolderTarget(dir);
  target_ = fs::absolute(fs::path(dir)).lexically_normal();
  parent_ = target_.has_filename() ? target_.parent_path() : target_.parent_path().parent_path();
  name_ = (target_.has_filename() ? target_ : target_.parent_path()).filename().string();
  if (!target_.has_filename()) target_ = target_.parent_path();
  std::error_code ec;
  fs::create_directories(parent_, ec);
  if (ec) throw files::OutputError("cannot create the folder '" + parent_.string() + "': " + ec.message());
  files::cleanStaleSwaps(target_, removeRunFolder);  // what killed runs left here
}

RunFolderWriter::~RunFolderWriter() {
  files_.clear();  // closes the descriptors: unnamed files vanish with them
  if (tempMade_ && !committed_) removeRunFolder(temp_);
}

void RunFolderWriter::makeTempFolder() {
  if (tempMade_) return;
  temp_ = parent_ / files::temporaryName(name_);
  std::error_code ec;
  fs::create_directory(temp_, ec);
  if (ec)
    throw files::OutputError("cannot write '" + target_.string() + "': cannot create the folder '" + temp_.string() +
                             "': " + ec.message());
  tempMade_ = true;
}

files::TextOutput& RunFolderWriter::add(const std::string& file) {
  int fd = -1;
  if (tryAnonymous_) {
    fd = ::open(parent_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
    tryAnonymous_ = fd >= 0;  // not supported here (EOPNOTSUPP, EISDIR): named files in the temporary folder
  }
  const bool anonymous = fd >= 0;
  if (!anonymous) {
    makeTempFolder();
    fd = ::open((temp_ / file).c_str(), O_CREAT | O_EXCL | O_NOFOLLOW | O_RDWR | O_CLOEXEC, 0666);
  }
  if (fd < 0) throw files::OutputError("cannot create '" + (target_ / file).string() + "': " + std::strerror(errno));
  files_.push_back({file, std::make_unique<files::FileOutput>(fd, (target_ / file).string()), anonymous});
  return *files_.back().out;
}

files::TextOutput* RunFolderWriter::find(const std::string& file) {
  for (File& f : files_)
    if (f.name == file) return f.out.get();
  return nullptr;
}

// Gives an unnamed file its name in the temporary folder; copies it where /proc is missing.
void RunFolderWriter::link(File& f) {
  const fs::path path = temp_ / f.name;
  const std::string self = "/proc/self/fd/" + std::to_string(f.out->fd());
  if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, path.c_str(), AT_SYMLINK_FOLLOW) == 0) return;
  files::FileOutput copy(::open(path.c_str(), O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0666),
                         f.out->name());
  if (copy.fd() < 0) throw files::OutputError("cannot create '" + path.string() + "': " + std::strerror(errno));
  f.out->read([&](std::string_view piece) { copy.append(piece); });
  copy.finish();
  syncFile(copy.fd(), copy.name());
}

void RunFolderWriter::commit() {
  makeTempFolder();
  for (File& f : files_) {
    f.out->finish();
    syncFile(f.out->fd(), f.out->name());
    if (f.anonymous) link(f);
  }
  files_.clear();
  files::syncFolder(temp_);
  checkRunFolderTarget(target_.string());  // it may have changed during the run
  testKillPoint("commit-swap");
  const fs::path old = files::swapIntoPlace(temp_, target_);
  committed_ = true;
  files::syncFolder(parent_);
  testKillPoint("commit-cleanup");
  if (!old.empty()) removeRunFolder(old);  // anything else put into it meanwhile stays there
}

void writeRunFolder(const std::string& dir, const std::map<std::string, std::string>& files) {
  RunFolderWriter folder(dir);
  for (const auto& [file, text] : files) folder.add(file).append(text);
  folder.commit();
}

}  // namespace articula::run
