// What a run folder may hold: the files `articula run`, `view` and `render` write (docs/cli.md,
// docs/viewer.md) and nothing else. Only such folders are replaced, and only such files removed,
// so no run can delete a user's file. Symlinks are never a run's own, whatever they point to.
#include <unistd.h>

#include <cctype>
#include <vector>

#include "articula/run/RunOutputs.h"

namespace articula::run {

namespace fs = std::filesystem;

namespace {

bool isRunFileName(const std::string& name) {
  static const char* const
      names[] = {"trajectory.csv", "trajectory.json", "contacts.csv", "summary.txt",
                 "summary.json",   "coordinates.sto", "speeds.sto",   "generalized_forces.sto",
                 "trajectory.h5",  "viewer.html",     "animation.gif"};  // the last two: docs/viewer.md
  for (const char* n : names)
    if (name == n) return true;
  const std::string bodyKinematics = "_BodyKinematics_pos_global.sto";  // `articula motion` (MotionPlayback.h)
  return name.size() > bodyKinematics.size() &&
         name.compare(name.size() - bodyKinematics.size(), bodyKinematics.size(), bodyKinematics) == 0;
}

// frame_00000.png ... as `articula render --png-frames` names them (five digits or more).
bool isFrameFileName(const std::string& name) {
  const std::string prefix = "frame_", suffix = ".png";
  if (name.size() < prefix.size() + 5 + suffix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return false;
  for (size_t i = prefix.size(); i < name.size() - suffix.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return false;
  return true;
}

fs::file_type typeOf(const fs::directory_entry& e) {
  std::error_code ec;
  return e.symlink_status(ec).type();
}

bool isRunFile(const fs::directory_entry& e) {
  return typeOf(e) == fs::file_type::regular && isRunFileName(e.path().filename().string());
}

bool isFrameFile(const fs::directory_entry& e) {
  return typeOf(e) == fs::file_type::regular && isFrameFileName(e.path().filename().string());
}

bool isFramesFolder(const fs::directory_entry& e) {
  return typeOf(e) == fs::file_type::directory && e.path().filename() == "frames";
}

// The first entry of `dir` that `own` rejects, as `prefix` + its name ("" when none). An
// unreadable folder counts as foreign: what cannot be seen cannot be known to be a run's.
template <class Own>
std::string firstForeign(const fs::path& dir, const std::string& prefix, const Own& own) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (!own(*it)) return prefix + it->path().filename().string();
  return ec ? prefix + " (cannot be read: " + ec.message() + ")" : "";
}

std::string foreignFrame(const fs::path& frames) { return firstForeign(frames, "frames/", isFrameFile); }

std::string foreignRunEntry(const fs::path& dir) {
  std::string inFrames;
  const std::string top = firstForeign(dir, "", [&](const fs::directory_entry& e) {
    if (isFramesFolder(e)) return (inFrames = foreignFrame(e.path())).empty();
    return isRunFile(e);
  });
  return inFrames.empty() ? top : inFrames;
}

// Unlinks the entries of `dir` that `own` accepts (a file added meanwhile survives), then `dir`
// if that emptied it.
template <class Own>
void removeOwn(const fs::path& dir, const Own& own) {
  std::vector<fs::directory_entry> entries;  // listed first: no removal while the folder is read
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
  for (const fs::directory_entry& e : entries)
    if (own(e)) ::unlink(e.path().c_str());
  ::rmdir(dir.c_str());  // fails, keeping the folder, when anything else is in it
}

}  // namespace

void checkRunFolderTarget(const std::string& dir) {
  std::error_code ec;
  const fs::file_type type = fs::symlink_status(dir, ec).type();
  if (type == fs::file_type::not_found) return;
  if (type != fs::file_type::directory)
    throw files::OutputError("'" + dir + "' exists and is not a folder: not replacing it");
  // Only an older run is replaced: a folder holding anything else (--out . or a typo) is left alone.
  const std::string foreign = foreignRunEntry(dir);
  if (!foreign.empty())
    throw files::OutputError("'" + dir + "' holds '" + foreign +
                             "', which is not a run output: choose an empty or new folder for --out");
}

void checkFramesFolder(const fs::path& frames) {
  std::error_code ec;
  const fs::file_type type = fs::symlink_status(frames, ec).type();
  if (type == fs::file_type::not_found) return;
  if (type != fs::file_type::directory)
    throw files::OutputError("'" + frames.string() + "' exists and is not a folder: not replacing it");
  const std::string foreign = foreignFrame(frames);
  if (!foreign.empty())
    throw files::OutputError("'" + (frames.parent_path() / foreign).string() +
                             "' is not a frame written by `articula render`: not replacing the folder '" +
                             frames.string() + "'");
}

void removeRunFolder(const fs::path& dir) {
  if (!foreignRunEntry(dir).empty()) return;
  removeOwn(dir, [](const fs::directory_entry& e) {
    if (isFramesFolder(e)) removeOwn(e.path(), isFrameFile);
    return isRunFile(e);
  });
}

void removeFramesFolder(const fs::path& frames) {
  if (foreignFrame(frames).empty()) removeOwn(frames, isFrameFile);
}

}  // namespace articula::run
