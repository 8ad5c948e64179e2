// The files of one run (docs/output-format.md): trajectory.csv, contacts.csv, summary.txt,
// summary.json and trajectory.json. The per-frame files are written by FrameSinks as the frames
// come; RunFolderWriter keeps them out of sight until commit() puts the complete folder in place,
// so a run leaves either the complete folder or nothing. The make...() functions give the same
// text from RunResult::frames.
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "articula/files/TextOutput.h"
#include "articula/run/OutputColumns.h"
#include "articula/run/SimulationRun.h"

namespace articula::run {

struct RunDescription {
  std::string modelFile;
  model::ScenarioSpec scenario;
  int degreesOfFreedom = 0, numQ = 0;
  Real totalWallSeconds = 0;  // the process so far (load, build, run, frames, outputs); 0: not known
};

// The writers of the per-frame files, as FrameSinks streaming into a TextOutput (header at
// construction). With `contact` the model has a ContactForceSubsystem (contact columns, "contacts").
// trajectory.csv: the columns' table, with their significant digits.
class TrajectoryCsvWriter : public FrameSink {
 public:
  TrajectoryCsvWriter(OutputColumns columns, files::TextOutput& out);
  void add(const Frame& f) override;

 private:
  OutputColumns columns_;
  std::vector<Real> row_;
  files::TextOutput& out_;
};

class ContactsCsvWriter : public FrameSink {
 public:
  ContactsCsvWriter(const model::ModelSpec& model, const std::vector<std::string>& surfaceNames,
                    files::TextOutput& out);
  void add(const Frame& f) override;

 private:
  void appendName(std::string_view name);
  void appendBody(int i);
  void appendSurface(int s);
  const model::ModelSpec& m_;
  std::vector<std::string> surfaceNames_;
  files::TextOutput& out_;
};

// trajectory.json without a DOM: the model part at construction, one frame per add(), the
// closing part in finish(). Same text as nlohmann::json's dump() of the document (key order
// included); numbers are the shortest that read back equal.
// `display`: per body, generated shapes drawn for bodies without geometry (DisplayGeometry.h;
// empty: none), written with "generated": true. The model's markers are written as "markers".
class TrajectoryJsonWriter : public FrameSink {
 public:
  TrajectoryJsonWriter(const model::ModelSpec& model, bool contact, files::TextOutput& out,
                       const std::vector<std::vector<model::GeometrySpec>>& display = {});
  void add(const Frame& f) override;
  void finish();

 private:
  bool contact_, first_ = true;
  std::string tail_;  // the document after "frames"
  files::TextOutput& out_;
};

// The same files as text, from RunResult::frames.
std::string makeTrajectoryCsv(const model::ModelSpec& model, const model::BuiltModel& built, const RunResult& run);
std::string makeTrajectoryJson(const model::ModelSpec& model, const RunResult& run,
                               const std::vector<std::vector<model::GeometrySpec>>& display = {});
std::string makeContactsCsv(const model::ModelSpec& model, const RunResult& run);  // header only when nothing touched
nlohmann::json makeSummaryJson(const model::ModelSpec& model, const RunDescription& what, const RunResult& run);
std::string makeSummaryText(const nlohmann::json& summary);

// Files by name -> contents; the folder `dir` is replaced as a whole (an older run there is removed).
void writeRunFolder(const std::string& dir, const std::map<std::string, std::string>& files);

// A run folder written while the run goes on. Files are created unnamed (O_TMPFILE) beside the
// target where the file system allows it, so a crash or kill leaves nothing behind; commit()
// links them into a hidden temporary folder ".NAME.tmp-<pid>-<random>" and swaps it with an
// older run at `dir` in one step (swapIntoPlace), then removes the older run's files. Without
// commit() (an exception, a failed run) the destructor removes every trace. Temporaries that
// killed runs stranded beside `dir` are removed by the constructor when they hold only run
// files. Errors are OutputError.
class RunFolderWriter {
 public:
  explicit RunFolderWriter(const std::string& dir);  // checks the target, creates its parent folders
  ~RunFolderWriter();
  RunFolderWriter(const RunFolderWriter&) = delete;
  RunFolderWriter& operator=(const RunFolderWriter&) = delete;

  files::TextOutput& add(const std::string& file);   // a new empty file of the run
  files::TextOutput* find(const std::string& file);  // nullptr when not added
  void commit();                                     // finishes every file and puts the folder in place

 private:
  struct File {
    std::string name;
    std::unique_ptr<files::FileOutput> out;
    bool anonymous;
  };
  void makeTempFolder();
  void link(File& f);
  std::filesystem::path target_, parent_, temp_;
  std::string name_;
  bool tempMade_ = false, committed_ = false, tryAnonymous_ = true;
  std::vector<File> files_;
};
// What a run folder may hold (RunFiles.cpp): trajectory.csv/.json, contacts.csv, summary.txt/.json,
// viewer.html, animation.gif as regular files, and a folder frames/ holding only frame_NNNNN.png
// (docs/viewer.md). Nothing else is ever replaced or removed.
// Throws OutputError naming the first other entry unless `dir` is absent or holds only those, so
// that a run never deletes anything else. RunFolderWriter checks it again at commit; callers check early.
void checkRunFolderTarget(const std::string& dir);
// Throws OutputError unless `frames` is absent or a folder of frame_NNNNN.png files only.
void checkFramesFolder(const std::filesystem::path& frames);
// Remove an older run folder / frames folder when it holds nothing but those files; only they are
// unlinked (a file added meanwhile survives, and keeps its folder).
void removeRunFolder(const std::filesystem::path& dir);
void removeFramesFolder(const std::filesystem::path& frames);

// The default colour of the i-th body (a fixed palette) when the model gives none.
Vec3 defaultBodyColor(size_t i);

}  // namespace articula::run
